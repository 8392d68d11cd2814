import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { DB_RECEIVER, looksLikeSql } from '../../lang/common.ts';
import { nameWords } from '../../secrets/credentials.ts';
import { hasWord, receiverName, skipSpaces } from '../../lang/php/helpers.ts';

/** Words of a receiver name that make it a database handle (`$db`, `$this->conn`, `$readDb`, `$entityManager`). */
const DB_WORDS = new Set([
  'db',
  'dbh',
  'database',
  'conn',
  'connection',
  'pdo',
  'mysqli',
  'mysql',
  'sqlite',
  'sqlite3',
  'pgsql',
  'pg',
  'wpdb',
  'link',
  'dblink',
  'adapter',
  'driver',
  'em',
  'qb',
  'doctrine',
  'dbal',
  'dbo',
]);
const DB_PAIRS = new Set(['entity manager', 'query builder']);

function dbName(name: string): boolean {
  const words = nameWords(name);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (DB_WORDS.has(w) || w.endsWith('db') || w.endsWith('connection') || w.endsWith('pdo') || w.endsWith('database')) return true;
    if (i > 0 && DB_PAIRS.has(`${words[i - 1]} ${w}`)) return true;
  }
  const lower = name.toLowerCase();
  return lower === 'entitymanager' || lower === 'querybuilder';
}

/** A string condition (`"status = '$s'"`, `"name LIKE …"`, `"id IN (…)"`) rather than a column name. */
function sqlCondition(text: string): boolean {
  if (text.includes('=') || text.includes('<') || text.includes('>')) return true;
  const lower = text.toLowerCase();
  if (hasWord(lower, 'like')) return true;
  for (let i = lower.indexOf('in'); i >= 0; i = lower.indexOf('in', i + 1)) {
    const before = i > 0 ? lower.charCodeAt(i - 1) : 32;
    if ((before >= 97 && before <= 122) || (before >= 48 && before <= 57) || before === 95) continue;
    if (lower[skipSpaces(lower, i + 2)] === '(') return true;
  }
  return false;
}

/** `$x->query($sql)`: only on a database handle, or when the text is SQL (`$xpath->query()` is not). */
function dbCall(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const name = receiverName(call, ctx);
  if (name !== null && /xpath|ldap|dom|crawler|http|client|guzzle|elastic|search|solr|redis|cache|mongo/i.test(name)) return false;
  return (name !== null && (DB_RECEIVER.test(name) || dbName(name))) || looksLikeSql(taint.text);
}

/** The query text was built with untrusted data, or is untrusted as a whole. */
function builtOrRemote(taint: Taint): boolean {
  return taint.built || taint.strength === 'remote';
}

/** `pg_query($conn, $sql)` / `pg_query($sql)`, `pg_query_params($conn, $sql, $params)` / `pg_query_params($sql, $params)`: whether the connection was omitted. */
function withoutConnection(call: CallView): boolean {
  const n = call.args.filter((a) => a.index >= 0).length;
  return call.name.endsWith('_params') ? n <= 2 : n <= 1;
}

export default defineRule({
  class: 'sql-injection',
  confidence: 'high',
  languages: ['php'],
  remediation:
    'Use prepared statements with bound parameters: `$stmt = $pdo->prepare("SELECT … WHERE id = ?"); $stmt->execute([$id]);`, `$mysqli->prepare(…)` + `bind_param`, `$wpdb->prepare("… %s", $x)`, Laravel `DB::select("… = ?", [$x])` / query builder `where("col", $x)`. Never concatenate or interpolate request data into SQL; cast numeric ids with `(int)`.',
  references: [
    'https://cwe.mitre.org/data/definitions/89.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html',
    'https://www.php.net/manual/en/pdo.prepared-statements.php',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      // Procedural drivers: the query is the argument after the link.
      {
        callee: [
          'mysqli_query',
          'mysqli_real_query',
          'mysqli_multi_query',
          'mysqli_prepare',
          'mysqli_send_query',
          'mysqli_stmt_prepare',
          'mysql_db_query',
          'odbc_exec',
          'odbc_prepare',
          'sqlsrv_query',
          'sqlsrv_prepare',
          'oci_parse',
          'db2_exec',
          'db2_prepare',
          'cubrid_query',
          'ingres_query',
          'maxdb_query',
          'fbsql_query',
        ],
        args: [1],
      },
      { callee: ['db_query'], args: [0] },
      {
        callee: [
          'mysql_query',
          'mysql_unbuffered_query',
          'mssql_query',
          'sybase_query',
          'ibase_query',
          'sqlite_exec',
          'sqlite_unbuffered_query',
          'sqlite_array_query',
          'sqlite_single_query',
          'sqlite_query',
        ],
        args: [0, 1],
      },
      { callee: ['pg_query', 'pg_send_query', 'pg_query_params', 'pg_send_query_params'], args: [0], where: (call) => withoutConnection(call) },
      { callee: ['pg_query', 'pg_send_query', 'pg_query_params', 'pg_send_query_params'], args: [1], where: (call) => !withoutConnection(call) },
      { callee: ['pg_prepare', 'pg_send_prepare'], args: [2, 1] },
      // PDO, mysqli, SQLite3, Doctrine DBAL, CodeIgniter, Zend/Laminas, ADOdb: methods on a DB handle.
      {
        callee: [
          '*.query',
          '*.exec',
          '*.prepare',
          '*.multi_query',
          '*.real_query',
          '*.querySingle',
          '*.unbuffered_query',
          '*.rawQuery',
          '*.Execute',
          '*.GetAll',
          '*.GetRow',
          '*.GetOne',
          '*.GetCol',
          '*.SelectLimit',
          '*.simpleQuery',
        ],
        where: dbCall,
      },
      {
        callee: [
          '*.executeQuery',
          '*.executeStatement',
          '*.executeUpdate',
          '*.fetchAll',
          '*.fetchAllAssociative',
          '*.fetchAssociative',
          '*.fetchOne',
          '*.fetchFirstColumn',
          '*.fetchAllNumeric',
          '*.fetchNumeric',
          '*.fetchColumn',
          '*.fetchAssoc',
          '*.fetchArray',
          '*.iterateAssociative',
          '*.createQuery',
          '*.createNativeQuery',
          '*.createCommand',
          '*.createSqlQuery',
        ],
      },
      // WordPress.
      { callee: ['*.get_results', '*.get_row', '*.get_var', '*.get_col'] },
      // Laravel: raw SQL through the DB facade and the query builder's *Raw methods.
      {
        callee: [
          'DB.{select,selectOne,selectFromWriteConnection,insert,update,delete,statement,unprepared,raw,cursor,scalar,affectingStatement}',
          'DB.connection().{select,selectOne,insert,update,delete,statement,unprepared,raw,cursor,scalar}',
        ],
      },
      { callee: ['*.raw', '*.whereRaw', '*.orWhereRaw', '*.havingRaw', '*.orHavingRaw', '*.orderByRaw', '*.selectRaw', '*.groupByRaw', '*.fromRaw', '*.joinRaw', '*.updateRaw'] },
      { callee: ['Db.{query,execute}', 'Yii.$app.db.createCommand', '$this.db.{query,simple_query}'] },
      // String conditions in query builders (Doctrine, Yii, CodeIgniter): only when built.
      {
        callee: ['*.where', '*.andWhere', '*.orWhere', '*.having', '*.andHaving', '*.orHaving'],
        where: (_call, _ctx, taint) => taint.built && (looksLikeSql(taint.text) || sqlCondition(taint.text)),
      },
    ],
    params: 'built',
    check: builtOrRemote,
  },
});
