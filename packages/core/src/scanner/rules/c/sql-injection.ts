import type { CallView } from '../../engine/adapter.ts';
import { formattedAsNumbers } from '../../lang/c/analysis.ts';
import { DB_RECEIVER, looksLikeSql } from '../../lang/common.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';

/** The conversion letters of a sqlite3 printf format (`%q`, `%Q`, `%w`, `%s`, `%lld`), by a plain scan. */
function sqliteConversions(format: string): string[] {
  const out: string[] = [];
  for (let i = format.indexOf('%'); i >= 0 && out.length < 64; i = format.indexOf('%', i + 1)) {
    let j = i + 1;
    if (format[j] === '%') {
      i = j;
      continue;
    }
    while (j < format.length && j < i + 12 && '-+ #0123456789.*l'.includes(format[j] as string)) j++;
    const c = format[j];
    if (c !== undefined) out.push(c);
    i = j;
  }
  return out;
}

/** sqlite3_mprintf("… '%q'", x) escapes: a query built only with %q/%Q/%w conversions is safe. */
function escapedBySqlite(taint: Taint): boolean {
  const conversions = sqliteConversions(taint.text);
  return conversions.some((c) => c === 'q' || c === 'Q' || c === 'w') && !conversions.includes('s');
}

/** A C++ client's `exec`/`execute`/`query` only when the receiver is a database handle or the text is SQL. */
function cppClient(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const receiver = call.receiver ? ctx.path(call.receiver) : null;
  const last = receiver?.[receiver.length - 1]?.replace(/\(\)$/, '');
  return (last !== undefined && (DB_RECEIVER.test(last) || /^(?:txn|w|work|tx|stmt|pstmt|query|q|session|sess|db_)$/i.test(last))) || looksLikeSql(taint.text);
}

export default defineRule({
  class: 'sql-injection',
  confidence: 'high',
  languages: ['c', 'cpp'],
  remediation:
    'Use a prepared statement with placeholders and bind the values (`sqlite3_prepare_v2(db, "SELECT … WHERE name = ?", -1, &stmt, NULL)` + `sqlite3_bind_text`, `PQexecParams`, `mysql_stmt_bind_param`) instead of formatting them into the query with sprintf/strcat.',
  references: [
    'https://cwe.mitre.org/data/definitions/89.html',
    'https://www.sqlite.org/c3ref/bind_blob.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          'sqlite3_exec', 'sqlite3_prepare', 'sqlite3_prepare_v2', 'sqlite3_prepare_v3', 'sqlite3_prepare16', 'sqlite3_prepare16_v2', 'sqlite3_get_table',
          'mysql_query', 'mysql_real_query', 'mysql_send_query', 'mysql_stmt_prepare', 'PQexec', 'PQsendQuery', 'PQexecParams', 'PQsendQueryParams',
          'SQLExecDirect', 'SQLExecDirectA', 'SQLExecDirectW', 'SQLPrepare', 'SQLPrepareA', 'SQLPrepareW', 'dbi_conn_query', 'sqlite_exec',
        ],
        args: [1],
      },
      { callee: ['PQprepare', 'PQsendPrepare', 'OCIStmtPrepare'], args: [2] },
      { callee: ['*.executeQuery', '*.executeUpdate', '*.execute', '*.exec', '*.exec0', '*.exec1', '*.exec_n', '*.query', '*.sql', '*.prepareStatement', '*.prepare'], args: [0], where: cppClient },
      { callee: ['QSqlQuery', 'pqxx.nontransaction', 'soci.statement'], args: [0] },
    ],
    params: 'built',
    check: (taint, ctx, at) => (taint.built || taint.strength !== 'param') && !escapedBySqlite(taint) && !formattedAsNumbers(ctx, at, at),
  },
});
