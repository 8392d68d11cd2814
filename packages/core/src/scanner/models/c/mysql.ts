import { defineModel } from '../schema.ts';

/** The MySQL / MariaDB C client (libmysqlclient, libmariadb). */
export default defineModel({
  name: 'mysql',
  language: ['c', 'cpp'],
  description: 'MySQL and MariaDB C client: mysql_query and friends take SQL text; mysql_escape_string escapes a value.',
  sinks: [{ call: ['mysql_query', 'mysql_real_query', 'mysql_send_query', 'mysql_stmt_prepare'], arg: 1, class: 'sql-injection' }],
  sanitizers: [{ call: 'mysql_escape_string', class: 'sql-injection' }],
});
