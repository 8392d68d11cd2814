import { defineModel } from '../schema.ts';

/** The `pg` gem: PG::Connection runs SQL text with `exec` / `async_exec` (placeholders go to `exec_params`' second argument). */
export default defineModel({
  name: 'pg',
  language: 'ruby',
  description: 'PostgreSQL client (ruby-pg)',
  sinks: [{ call: ['*.exec', '*.exec_params', '*.async_exec', '*.async_exec_params'], class: 'sql-injection', where: 'db-connection-query' }],
  sanitizers: [{ call: ['PG.Connection.escape_string', '*.escape_string', '*.escape_literal', '*.escape_identifier'], class: 'sql-injection' }],
});
