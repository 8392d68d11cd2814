import { defineModel } from '../schema.ts';

/** MongoDB driver and Mongoose: a filter object the client shapes can carry operators (`$ne`, `$gt`) or `$where` code. */
export default defineModel({
  name: 'mongodb',
  language: ['javascript', 'typescript'],
  description: 'Collection and model query methods (filters judged by the mongo-filter check), $where and mapReduce as NoSQL sinks; ObjectId and mongo-sanitize as sanitizers.',
  sinks: [
    {
      call: [
        '*.find',
        '*.findOne',
        '*.findOneAndUpdate',
        '*.findOneAndDelete',
        '*.findOneAndRemove',
        '*.findOneAndReplace',
        '*.updateOne',
        '*.updateMany',
        '*.update',
        '*.deleteOne',
        '*.deleteMany',
        '*.remove',
        '*.countDocuments',
        '*.count',
        '*.exists',
        '*.distinct',
        '*.replaceOne',
        '*.where',
      ],
      arg: [0, 1],
      class: 'nosql-injection',
      where: 'mongo-filter',
      label: 'a MongoDB filter',
    },
    // Mongoose / driver writes given the whole request body (mass assignment).
    { call: ['*.{create,insertMany,insertOne,set,overwrite}'], class: 'mass-assignment', where: 'whole-request-object' },
    { call: ['*.{findByIdAndUpdate,findOneAndUpdate,updateOne,updateMany,replaceOne,findOneAndReplace}'], arg: 1, class: 'mass-assignment', where: 'whole-request-object' },
    { call: '**.*', class: 'mass-assignment', where: 'model-constructor', label: 'a model constructor' },
    { call: ['*.$where', '*.mapReduce'], class: 'nosql-injection', label: 'MongoDB $where' },
  ],
  sanitizers: [
    {
      call: ['mongo-sanitize', 'mongoSanitize', 'sanitize', 'ObjectId', 'mongoose.Types.ObjectId', 'Types.ObjectId', 'mongodb.ObjectId', 'express-mongo-sanitize.sanitize'],
      class: 'nosql-injection',
    },
  ],
});
