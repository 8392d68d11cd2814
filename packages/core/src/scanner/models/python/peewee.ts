import { defineModel } from '../schema.ts';

/** peewee: `db.execute_sql(sql, params)` runs SQL text (`Model.raw(sql)` is shared with Django's `raw`). */
export default defineModel({
  name: 'peewee',
  language: 'python',
  sinks: [{ call: '*.execute_sql', arg: 0, keyword: ['sql', 'query', 'statement', 'operation'], class: 'sql-injection', where: 'db-call' }],
});
