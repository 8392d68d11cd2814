import { defineModel } from '../schema.ts';

/** PyMySQL: its string escaping. */
export default defineModel({
  name: 'pymysql',
  language: 'python',
  sanitizers: [{ call: ['pymysql.converters.escape_string', '*.escape_string'], class: 'sql-injection' }],
});
