import { defineModel } from '../schema.ts';

/** jOOQ: plain-SQL templating (`dsl.fetch(sql)`, `resultQuery(sql)`) runs the text it is given. */
export default defineModel({
  name: 'jooq',
  language: 'java',
  sinks: [{ call: ['*.fetch', '*.fetchOne', '*.resultQuery'], class: 'sql-injection', where: 'sql-receiver-or-text' }],
});
