import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { looksLikeSql } from '../../lang/common.ts';
import { lastSegment, receiverPath } from '../../lang/csharp/helpers.ts';

const COMMANDS = '{SqlCommand,OleDbCommand,OdbcCommand,NpgsqlCommand,MySqlCommand,SqliteCommand,SQLiteCommand,OracleCommand,DB2Command,FbCommand,SqlCeCommand,NpgsqlBatchCommand}';
const ADAPTERS = '{SqlDataAdapter,OleDbDataAdapter,OdbcDataAdapter,NpgsqlDataAdapter,MySqlDataAdapter,SqliteDataAdapter,SQLiteDataAdapter,OracleDataAdapter,SqlCeDataAdapter}';
/** Receivers that are a database connection, context or session (Dapper, NHibernate, EF). */
const DB_NAMES = new Set([
  'db',
  'conn',
  'cnn',
  'con',
  'connection',
  'dbconnection',
  'sqlconnection',
  'database',
  'session',
  'context',
  'dbcontext',
  'ctx',
  'transaction',
  'tx',
  'sql',
  'sqlite',
  'npgsql',
  'mysql',
  'uow',
  'unitofwork',
  'datasource',
  'getdbconnection',
]);
const DB_SUFFIXES = ['connection', 'database', 'session', 'dbcontext', 'context', 'db', 'transaction', 'datasource'];

/** A receiver name that is a database connection, context or session (`_db`, `connection`, `AppDbContext`, `OpenConnection`). */
function isDbName(name: string): boolean {
  const lower = name.toLowerCase();
  const tail = lower.slice(lower.lastIndexOf('_') + 1);
  return DB_NAMES.has(lower) || DB_NAMES.has(tail) || DB_SUFFIXES.some((s) => lower.endsWith(s));
}

/**
 * EF Core's `FromSql`/`ExecuteSql`/`SqlQuery` (and EF Core 2's `ExecuteSqlCommand`) take a
 * `FormattableString` when given an interpolated string directly, and turn every hole into a
 * parameter: only concatenation (or an interpolated string first stored in a `string`) is raw SQL.
 */
function notFormattable(call: CallView): boolean {
  const first = call.args.find((a) => a.index === 0)?.node;
  return !(first && first.type === 'interpolated_string_expression');
}

/** Dapper and NHibernate methods have common names: the receiver must be a connection/session, or the text SQL. */
function dbReceiver(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const last = lastSegment(receiverPath(call, ctx));
  return (last !== null && isDbName(last)) || looksLikeSql(taint.text);
}

/** `SqlHelper.ExecuteReader(conn, CommandType.Text, sql, …)`: the text is the third argument when the command type is text. */
function sqlHelperText(call: CallView): boolean {
  const type = call.args.find((a) => a.index === 1)?.node.text ?? '';
  return /CommandType\.Text$/.test(type);
}

export default defineRule({
  class: 'sql-injection',
  confidence: 'high',
  languages: ['csharp'],
  remediation:
    'Keep the SQL text constant and pass values as parameters: `cmd.Parameters.AddWithValue("@id", id)` / `new SqlParameter("@id", id)`, Dapper `conn.Query<User>("… WHERE Id = @id", new { id })`, EF Core `FromSqlInterpolated($"… {id}")` or LINQ. Never concatenate or interpolate input into `CommandText`, `FromSqlRaw` or `ExecuteSqlRaw`.',
  references: [
    'https://cwe.mitre.org/data/definitions/89.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html',
    'https://learn.microsoft.com/en-us/ef/core/querying/sql-queries',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: [`**.${COMMANDS}`, `**.${ADAPTERS}`], args: [0], keywords: ['CommandText', 'SelectCommand'] },
      { callee: ['*.{FromSqlRaw,ExecuteSqlRaw,ExecuteSqlRawAsync,SqlQueryRaw,ExecuteStoreQuery,ExecuteStoreCommand,ExecuteStoreQueryAsync,ExecuteStoreCommandAsync}'] },
      { callee: ['*.{FromSql,ExecuteSql,ExecuteSqlAsync,SqlQuery,ExecuteSqlCommand,ExecuteSqlCommandAsync}'], where: notFormattable },
      {
        callee: [
          '*.{Query,QueryAsync,QueryFirst,QueryFirstAsync,QueryFirstOrDefault,QueryFirstOrDefaultAsync,QuerySingle,QuerySingleAsync,QuerySingleOrDefault,QuerySingleOrDefaultAsync,QueryMultiple,QueryMultipleAsync,Execute,ExecuteAsync,ExecuteScalar,ExecuteScalarAsync,ExecuteReader,ExecuteReaderAsync,QueryUnbufferedAsync}',
          '*.{CreateSQLQuery,CreateSqlQuery,CreateQuery,ExecuteQuery,ExecuteCommand,CreateCommand,CreateBatchCommand}',
        ],
        where: dbReceiver,
      },
      { callee: ['**.SqlHelper.{ExecuteDataset,ExecuteNonQuery,ExecuteReader,ExecuteScalar,ExecuteXmlReader}'], args: [2], where: sqlHelperText },
      { callee: ['**.{MySqlHelper,SQLiteHelper,OracleHelper,NpgsqlHelper}.{ExecuteDataset,ExecuteNonQuery,ExecuteReader,ExecuteScalar,ExecuteDataRow}'], args: [1] },
    ],
    assignSinks: [{ target: ['*.CommandText', '*.SelectCommand'] }],
    params: 'built',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
