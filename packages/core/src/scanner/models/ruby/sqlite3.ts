import { defineModel } from '../schema.ts';

/** The `sqlite3` gem: SQLite3::Database runs SQL text (`execute` itself is the activerecord model's, shared with its connection). */
export default defineModel({
  name: 'sqlite3',
  language: 'ruby',
  description: 'SQLite client (sqlite3-ruby)',
  sinks: [{ call: ['*.execute_batch', '*.execute2', '*.get_first_row', '*.get_first_value'], class: 'sql-injection', where: 'db-connection-query' }],
});
