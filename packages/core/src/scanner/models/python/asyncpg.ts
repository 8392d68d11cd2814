import { defineModel } from '../schema.ts';

/** asyncpg: connections and pools fetch with SQL text (values go in `$1` placeholders). */
export default defineModel({
  name: 'asyncpg',
  language: 'python',
  sinks: [
    { call: '*.{fetch,fetchrow,fetchval}', arg: 0, keyword: ['sql', 'query', 'statement', 'operation'], class: 'sql-injection', where: 'db-call' },
    // `conn.cursor(query)` iterates a query; formatted SQL text is reported whatever feeds it (low confidence).
    { call: '*.{fetch,fetchrow,fetchval,cursor}', arg: 0, keyword: ['sql', 'query', 'statement', 'operation'], class: 'sql-injection', where: 'formatted-sql', audit: true },
  ],
});
