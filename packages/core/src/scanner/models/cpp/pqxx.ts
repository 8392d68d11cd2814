import { defineModel } from '../schema.ts';

/** libpqxx, the C++ PostgreSQL client: a transaction runs SQL text and quotes values. */
export default defineModel({
  name: 'pqxx',
  language: 'cpp',
  description: 'libpqxx: txn.exec / exec0 / exec1 / exec_n and pqxx::nontransaction run SQL; quote, esc and quote_name escape.',
  sinks: [
    { call: ['*.exec', '*.exec0', '*.exec1', '*.exec_n'], class: 'sql-injection', where: 'db-client' },
    { call: 'pqxx.nontransaction', class: 'sql-injection' },
  ],
  sanitizers: [{ call: ['*.quote', '*.esc', '*.quote_name'], class: 'sql-injection' }],
});
