import { defineModel } from '../schema.ts';

/** MongoDB (mongo-go-driver and mgo): filter and update documents that untrusted data can shape. */
export default defineModel({
  name: 'mongo',
  language: 'go',
  description: 'go.mongodb.org/mongo-driver, gopkg.in/mgo',
  sinks: [
    {
      call: '*.{Find,FindOne,FindOneAndUpdate,FindOneAndDelete,FindOneAndReplace,UpdateOne,UpdateMany,DeleteOne,DeleteMany,CountDocuments,ReplaceOne,Aggregate,Watch}',
      arg: 1,
      class: 'nosql-injection',
      where: 'mongo-filter',
    },
    { call: '*.{UpdateOne,UpdateMany,FindOneAndUpdate}', arg: 2, class: 'nosql-injection', where: 'mongo-update' },
    { call: '*.Pipe', class: 'nosql-injection', where: 'mgo-pipeline' },
  ],
  sanitizers: [{ call: ['primitive.ObjectIDFromHex', 'bson.ObjectIDFromHex'], class: 'all' }],
});
