import { defineModel } from '../schema.ts';

/** JDBC (java.sql): statements run the SQL text they are given; prepared statements are made from it; connections switch catalogs. */
export default defineModel({
  name: 'jdbc',
  language: 'java',
  sinks: [
    {
      call: ['*.executeQuery', '*.executeUpdate', '*.executeLargeUpdate', '*.addBatch', '*.prepareStatement', '*.prepareCall', '*.nativeSQL'],
      class: 'sql-injection',
      where: 'sql-text',
    },
    { call: '*.execute', class: 'sql-injection', where: 'sql-receiver-or-text' },
    // A method that runs the SQL text it was given runs whatever its callers pass (low confidence).
    { call: ['*.executeQuery', '*.executeUpdate', '*.executeLargeUpdate', '*.prepareStatement', '*.prepareCall'], class: 'sql-injection', audit: true },
    { call: ['*.execute', '*.addBatch'], class: 'sql-injection', where: 'sql-receiver', audit: true },
    // The catalog or schema a connection works in.
    { call: ['*.setCatalog', '*.setSchema'], class: 'external-setting-control', where: 'db-connection' },
  ],
});
