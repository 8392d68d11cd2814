import { defineModel } from '../schema.ts';

/** PostgreSQL's C client, libpq. */
export default defineModel({
  name: 'libpq',
  language: ['c', 'cpp'],
  description: 'libpq: PQexec and friends take SQL text (PQprepare its third argument); PQescapeLiteral and PQescapeIdentifier quote values.',
  sinks: [
    { call: ['PQexec', 'PQsendQuery', 'PQexecParams', 'PQsendQueryParams'], arg: 1, class: 'sql-injection' },
    { call: ['PQprepare', 'PQsendPrepare'], arg: 2, class: 'sql-injection' },
  ],
  sanitizers: [{ call: ['PQescapeLiteral', 'PQescapeIdentifier', 'PQescapeString'], class: 'sql-injection' }],
});
