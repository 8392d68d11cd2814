import { defineModel } from '../schema.ts';

/** The other database extensions of PHP: ODBC, SQL Server, Oracle (OCI8), IBM DB2, SQLite 2, Sybase/MSSQL, InterBase, CUBRID and friends. */
export default defineModel({
  name: 'db-extensions',
  language: 'php',
  description: 'odbc_*, sqlsrv_*, oci_*, db2_*, sqlite_*, mssql_*, sybase_*, ibase_*, cubrid_* and other procedural database functions',
  sinks: [
    {
      call: ['odbc_exec', 'odbc_prepare', 'sqlsrv_query', 'sqlsrv_prepare', 'oci_parse', 'db2_exec', 'db2_prepare', 'cubrid_query', 'ingres_query', 'maxdb_query', 'fbsql_query'],
      arg: 1,
      class: 'sql-injection',
    },
    {
      call: ['mssql_query', 'sybase_query', 'ibase_query', 'sqlite_exec', 'sqlite_unbuffered_query', 'sqlite_array_query', 'sqlite_single_query', 'sqlite_query'],
      arg: [0, 1],
      class: 'sql-injection',
    },
    // `$sqlite->exec($sql)`, `$sqlite->querySingle($sql)` (SQLite3), ADOdb's `Execute`/`GetAll`/…: methods on a database handle.
    {
      call: ['*.querySingle', '*.unbuffered_query', '*.rawQuery', '*.Execute', '*.GetAll', '*.GetRow', '*.GetOne', '*.GetCol', '*.SelectLimit'],
      class: 'sql-injection',
      where: 'db-receiver',
    },
  ],
  sanitizers: [{ call: ['sqlite_escape_string', 'db2_escape_string', '*.escapeString', '*.qstr'], class: 'sql-injection' }],
});
