import { defineModel } from '../schema.ts';

/** MySQL Connector/C++ (the JDBC-style API): statements executed or prepared from SQL text. */
export default defineModel({
  name: 'mysql-connector-cpp',
  language: 'cpp',
  description: 'MySQL Connector/C++: executeQuery, executeUpdate, execute and prepareStatement on a connection or statement.',
  sinks: [{ call: ['*.executeQuery', '*.executeUpdate', '*.execute', '*.prepareStatement'], class: 'sql-injection', where: 'db-client' }],
});
