import { defineModel } from '../schema.ts';

/** asyncpg: connections and pools fetch with SQL text (values go in `$1` placeholders). */
export default defineModel({
  name: 'asyncpg',
  language: 'python',
  sinks: [{ call: '*.{fetch,fetchrow,fetchval}', arg: 0, keyword: ['sql', 'query', 'statement', 'operation'], class: 'sql-injection', where: 'db-call' }],
});
