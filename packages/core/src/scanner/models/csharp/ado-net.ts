import { defineModel } from '../schema.ts';

/**
 * ADO.NET providers (System.Data.SqlClient, Microsoft.Data.SqlClient, Npgsql, MySqlConnector,
 * Microsoft.Data.Sqlite, Oracle, OLE DB, ODBC…): commands and data adapters run the SQL text they
 * are given, and the Data Access Application Block's `SqlHelper` does the same.
 */
export default defineModel({
  name: 'ado-net',
  language: 'csharp',
  sinks: [
    {
      call: [
        '**.{SqlCommand,OleDbCommand,OdbcCommand,NpgsqlCommand,MySqlCommand,SqliteCommand,SQLiteCommand,OracleCommand,DB2Command,FbCommand,SqlCeCommand,NpgsqlBatchCommand}',
        '**.{SqlDataAdapter,OleDbDataAdapter,OdbcDataAdapter,NpgsqlDataAdapter,MySqlDataAdapter,SqliteDataAdapter,SQLiteDataAdapter,OracleDataAdapter,SqlCeDataAdapter}',
      ],
      arg: 0,
      keyword: ['CommandText', 'SelectCommand'],
      class: 'sql-injection',
    },
    { call: '*.{CreateCommand,CreateBatchCommand}', class: 'sql-injection', where: 'db-receiver' },
    { call: '**.SqlHelper.{ExecuteDataset,ExecuteNonQuery,ExecuteReader,ExecuteScalar,ExecuteXmlReader}', arg: 2, class: 'sql-injection', where: 'sql-helper-text' },
    { call: '**.{MySqlHelper,SQLiteHelper,OracleHelper,NpgsqlHelper}.{ExecuteDataset,ExecuteNonQuery,ExecuteReader,ExecuteScalar,ExecuteDataRow}', arg: 1, class: 'sql-injection' },
  ],
  assignments: [{ target: ['*.CommandText', '*.SelectCommand'], class: 'sql-injection' }],
});
