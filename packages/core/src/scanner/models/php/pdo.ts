import { defineModel } from '../schema.ts';

/** PDO: `query`, `exec` and `prepare` on a connection take SQL text; `quote` escapes a value for it. */
export default defineModel({
  name: 'pdo',
  language: 'php',
  description: 'PDO::query, PDO::exec, PDO::prepare and PDO::quote (the method names other database layers share, on a database handle)',
  sinks: [{ call: ['*.query', '*.exec', '*.prepare'], class: 'sql-injection', where: 'db-receiver' }],
  sanitizers: [{ call: ['*.quote', '*.quoteInto', '*.quoteValue', '*.quoteIdentifier', '*.quoteName'], class: 'sql-injection' }],
});
