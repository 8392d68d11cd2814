import { defineModel } from '../schema.ts';

/** pg8000: the native API's `conn.run(sql, **params)` takes SQL text (values go in `:name` placeholders). */
export default defineModel({
  name: 'pg8000',
  language: 'python',
  sinks: [
    { call: '*.run', arg: 0, keyword: ['sql', 'query', 'statement', 'operation'], class: 'sql-injection', where: 'db-call' },
    { call: '*.run', arg: 0, keyword: ['sql', 'query', 'statement', 'operation'], class: 'sql-injection', where: 'formatted-sql', audit: true },
  ],
});
