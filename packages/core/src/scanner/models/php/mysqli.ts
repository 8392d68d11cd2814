import { defineModel } from '../schema.ts';

/** MySQL through mysqli (procedural and object style) and the removed mysql_* functions still found in old code. */
export default defineModel({
  name: 'mysqli',
  language: 'php',
  description: 'mysqli_* and the legacy mysql_* extension: queries, prepares and their escaping functions',
  sinks: [
    // Procedural mysqli: the query is the argument after the link.
    { call: ['mysqli_query', 'mysqli_real_query', 'mysqli_multi_query', 'mysqli_prepare', 'mysqli_send_query', 'mysqli_stmt_prepare'], arg: 1, class: 'sql-injection' },
    { call: ['mysql_query', 'mysql_unbuffered_query'], arg: [0, 1], class: 'sql-injection' },
    { call: 'mysql_db_query', arg: 1, class: 'sql-injection' },
    // `$mysqli->query($sql)`: only on a handle that is a database (or with SQL text).
    { call: ['*.multi_query', '*.real_query'], class: 'sql-injection', where: 'db-receiver' },
  ],
  sanitizers: [
    {
      call: ['mysqli_real_escape_string', 'mysqli_escape_string', 'mysql_real_escape_string', 'mysql_escape_string', '*.real_escape_string', '*.escape_string'],
      class: 'sql-injection',
    },
  ],
});
