import { defineModel } from '../schema.ts';

/** libdbi, the database-independent C layer. */
export default defineModel({
  name: 'libdbi',
  language: ['c', 'cpp'],
  description: 'libdbi: dbi_conn_query takes SQL text.',
  sinks: [{ call: 'dbi_conn_query', arg: 1, class: 'sql-injection' }],
});
