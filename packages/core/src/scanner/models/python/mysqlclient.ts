import { defineModel } from '../schema.ts';

/** mysqlclient (MySQLdb): string escaping and `conn.literal()`. */
export default defineModel({
  name: 'mysqlclient',
  language: 'python',
  sanitizers: [{ call: ['MySQLdb.escape_string', '*.literal'], class: 'sql-injection' }],
});
