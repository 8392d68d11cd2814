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
    // The catalog or schema a connection works in.
    { call: ['*.setCatalog', '*.setSchema'], class: 'external-setting-control', where: 'db-connection' },
  ],
});
