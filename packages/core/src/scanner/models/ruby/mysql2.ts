import { defineModel } from '../schema.ts';

/** The `mysql2` gem: `client.query(sql)` runs SQL text; `client.escape` quotes a value. */
export default defineModel({
  name: 'mysql2',
  language: 'ruby',
  description: 'MySQL client (mysql2)',
  sinks: [{ call: '*.query', class: 'sql-injection', where: 'db-connection-query' }],
  sanitizers: [{ call: ['{client,conn,connection,db,mysql,@client,@db,@conn}.escape', 'Mysql2.Client.escape'], class: 'sql-injection' }],
});
