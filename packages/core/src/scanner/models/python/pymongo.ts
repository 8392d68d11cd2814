import { defineModel } from '../schema.ts';

/** PyMongo and Motor: collection queries whose filter can carry operators (`$ne`, `$where`) from a JSON body. */
export default defineModel({
  name: 'pymongo',
  language: 'python',
  sinks: [
    {
      call: [
        '*.find',
        '*.find_one',
        '*.find_one_and_update',
        '*.find_one_and_delete',
        '*.find_one_and_replace',
        '*.update_one',
        '*.update_many',
        '*.delete_one',
        '*.delete_many',
        '*.replace_one',
        '*.count_documents',
        '*.aggregate',
        '*.remove',
        '*.find_and_modify',
        '*.count',
        '*.watch',
      ],
      arg: 0,
      keyword: ['filter', 'spec', 'pipeline'],
      class: 'nosql-injection',
      where: 'mongo-filter',
    },
  ],
});
