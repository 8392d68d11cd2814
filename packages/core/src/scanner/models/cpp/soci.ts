import { defineModel } from '../schema.ts';

/** SOCI, the C++ database access library. */
export default defineModel({
  name: 'soci',
  language: 'cpp',
  description: 'SOCI: soci::statement and prepare / sql from text.',
  sinks: [
    { call: 'soci.statement', class: 'sql-injection' },
    { call: ['*.prepare', '*.sql'], class: 'sql-injection', where: 'db-client' },
  ],
});
