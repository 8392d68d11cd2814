import { defineModel } from '../schema.ts';

/** The MongoDB Ruby driver: collection methods whose filter carries request data (`find` is the mongoid model's, which shares it). */
export default defineModel({
  name: 'mongo',
  language: 'ruby',
  description: 'MongoDB Ruby driver (Mongo::Collection)',
  sinks: [
    {
      call: '*.{find_one_and_update,find_one_and_delete,find_one_and_replace,update_one,update_many,delete_one,delete_many,count_documents}',
      arg: 'all',
      class: 'nosql-injection',
      where: 'mongo-filter',
    },
  ],
});
