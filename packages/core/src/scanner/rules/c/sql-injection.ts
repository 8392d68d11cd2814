import { formattedAsNumbers } from '../../lang/c/analysis.ts';
import { defineRule, type Taint } from '../../rule.ts';

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
    // Sinks: the models of the database clients (sqlite, mysql, libpq, odbc, libdbi, oci; pqxx, soci, qt, mysql++, Connector/C++).
    sinks: [],
    params: 'built',
    check: (taint, ctx, at) => (taint.built || taint.strength !== 'param') && !escapedBySqlite(taint) && !formattedAsNumbers(ctx, at, at),
  },
});
