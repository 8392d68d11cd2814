import { defineModel } from '../schema.ts';

/**
 * Mongoid criteria: `Model.where(email: x)` accepts an operator hash (`{ "$ne" => "" }`) for x, and a
 * string criterion runs as JavaScript. Only in files that work with MongoDB (the check tells).
 */
export default defineModel({
  name: 'mongoid',
  language: 'ruby',
  description: 'Mongoid ODM',
  sinks: [
    {
      call: ['*.{where,find_by,find_by!,find_or_create_by,find_or_create_by!,find_or_initialize_by,any_of,all_of,nor,not,find}', '{where,find_by,any_of}'],
      arg: 'all',
      class: 'nosql-injection',
      where: 'mongo-filter',
    },
  ],
});
