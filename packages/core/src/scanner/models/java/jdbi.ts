import { defineModel } from '../schema.ts';

/** Jdbi and commons-dbutils: handles and query runners that run the SQL text they are given. */
export default defineModel({
  name: 'jdbi',
  language: 'java',
  sinks: [{ call: ['*.createUpdate', '*.select', '*.insert', '*.delete'], class: 'sql-injection', where: 'sql-receiver-or-text' }],
});
