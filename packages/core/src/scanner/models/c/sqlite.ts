import { defineModel } from '../schema.ts';

/** SQLite's C API: statements run or prepared from SQL text, and its own printf. */
export default defineModel({
  name: 'sqlite',
  language: ['c', 'cpp'],
  description: 'SQLite: sqlite3_exec, sqlite3_prepare* and sqlite3_get_table take SQL text; sqlite3_snprintf formats it.',
  sinks: [
    {
      call: ['sqlite3_exec', 'sqlite3_prepare', 'sqlite3_prepare_v2', 'sqlite3_prepare_v3', 'sqlite3_prepare16', 'sqlite3_prepare16_v2', 'sqlite3_get_table', 'sqlite_exec'],
      arg: 1,
      class: 'sql-injection',
    },
  ],
  sanitizers: [{ call: 'sqlite3_escape', class: 'sql-injection' }],
  propagators: [{ call: 'sqlite3_snprintf', from: [2], rest: true, to: 1, format: true }],
});
