import { defineModel } from '../schema.ts';

/** Java Data Objects (javax.jdo): a PersistenceManager makes queries from JDOQL or SQL text. */
export default defineModel({
  name: 'jdo',
  language: 'java',
  sinks: [
    // `pm.newQuery(text)`, `pm.newQuery("javax.jdo.query.SQL", text)`, `pm.newQuery(Entity.class, filter)`.
    { call: '*.newQuery', arg: 'all', class: 'sql-injection', where: 'sql-text' },
  ],
});
