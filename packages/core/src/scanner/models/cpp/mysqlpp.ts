import { defineModel } from '../schema.ts';

/** MySQL++: queries from text, and its quoting manipulators. */
export default defineModel({
  name: 'mysqlpp',
  language: 'cpp',
  description: 'MySQL++: conn.query(text); mysqlpp::quote and escape.',
  sinks: [{ call: '*.query', class: 'sql-injection', where: 'db-client' }],
  sanitizers: [{ call: ['mysqlpp.quote', '*.escape'], class: 'sql-injection' }],
});
