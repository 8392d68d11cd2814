import { defineModel } from '../schema.ts';

/** Spring Data MongoDB: queries and updates parsed from JSON text. */
export default defineModel({
  name: 'spring-data-mongodb',
  language: 'java',
  sinks: [{ call: ['BasicQuery', 'BasicUpdate'], class: 'nosql-injection' }],
});
