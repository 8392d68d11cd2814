import { defineModel } from '../schema.ts';

/** encode/databases: async queries by SQL text (values go in `:name` placeholders). */
export default defineModel({
  name: 'databases',
  language: 'python',
  sinks: [
    { call: '*.{fetch_all,fetch_one,fetch_val,execute_many}', arg: 0, keyword: ['sql', 'query', 'statement', 'operation'], class: 'sql-injection', where: 'db-call' },
    {
      call: '*.{fetch_all,fetch_one,fetch_val,execute_many}',
      arg: 0,
      keyword: ['sql', 'query', 'statement', 'operation'],
      class: 'sql-injection',
      where: 'formatted-sql',
      audit: true,
    },
  ],
});
