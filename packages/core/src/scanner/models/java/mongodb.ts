import { defineModel } from '../schema.ts';

/** The MongoDB Java driver: queries parsed from JSON text, and `$where` JavaScript. */
export default defineModel({
  name: 'mongodb',
  language: 'java',
  sinks: [
    { call: ['BasicDBObject', 'Document', 'BasicDBObjectBuilder.start', '*.put', '*.append'], arg: 1, class: 'nosql-injection', where: 'mongo-where' },
    { call: ['{BasicDBObject,Document,BsonDocument,JSON,BasicDBList}.parse', 'Filters.where', '*.whereJavaScript'], class: 'nosql-injection' },
  ],
});
