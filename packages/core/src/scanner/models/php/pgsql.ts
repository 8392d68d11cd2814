import { defineModel } from '../schema.ts';

/** PostgreSQL through the pgsql extension: the connection argument is optional, so the query's position depends on the call. */
export default defineModel({
  name: 'pgsql',
  language: 'php',
  description: 'pg_query, pg_query_params, pg_prepare and pg_escape_*',
  sinks: [
    { call: ['pg_query', 'pg_send_query', 'pg_query_params', 'pg_send_query_params'], arg: 0, class: 'sql-injection', where: 'pg-without-connection' },
    { call: ['pg_query', 'pg_send_query', 'pg_query_params', 'pg_send_query_params'], arg: 1, class: 'sql-injection', where: 'pg-with-connection' },
    { call: ['pg_prepare', 'pg_send_prepare'], arg: [2, 1], class: 'sql-injection' },
  ],
  sanitizers: [{ call: ['pg_escape_string', 'pg_escape_literal', 'pg_escape_identifier'], class: 'sql-injection' }],
});
