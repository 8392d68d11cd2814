import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { onlyEnvironment, isDbReceiver, looksLikeSql, receiverName } from '../../lang/python/predicates.ts';

/**
 * `cursor.execute(sql)`, `conn.execute(sql)`, `session.execute(sql)`, `db.fetch(sql)`: a database
 * handle, or text that reads like SQL. Placeholders (`execute("… %s", (x,))`) keep the query text
 * constant, so they never reach this point.
 */
function dbCall(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (looksLikeSql(taint.text)) return true;
  const name = receiverName(call, ctx) ?? '';
  // Tornado's `http_client.fetch(url)`, GraphQL `client.execute(query)`: not a database.
  if (/client|http|graphql|gql|api|executor|pipeline|pipe|task|job|command|cmd|runner|bot|browser|page|driver/i.test(name)) return false;
  return isDbReceiver(call, ctx);
}

/** Django `Model.objects.raw(sql)` / peewee `Model.raw(sql)`. */
function rawQuery(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const name = receiverName(call, ctx) ?? '';
  return name === 'objects' || /^[A-Z]\w*$/.test(name) || looksLikeSql(taint.text) || isDbReceiver(call, ctx);
}

export default defineRule({
  class: 'sql-injection',
  confidence: 'high',
  languages: ['python'],
  remediation:
    'Pass values as query parameters instead of formatting them into the SQL: `cursor.execute("SELECT * FROM users WHERE name = %s", (name,))` (`?` for sqlite3), `text("… WHERE id = :id").bindparams(id=x)` in SQLAlchemy, the ORM (`User.objects.filter(name=name)`), or `Model.objects.raw("… WHERE id = %s", [x])`. Identifiers must come from an allow-list (or `psycopg2.sql.Identifier`).',
  references: [
    'https://cwe.mitre.org/data/definitions/89.html',
    'https://peps.python.org/pep-0249/#paramstyle',
    'https://docs.djangoproject.com/en/stable/topics/security/#sql-injection-protection',
    'https://docs.sqlalchemy.org/en/20/core/sqlelement.html#sqlalchemy.sql.expression.text',
    'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          '*.execute', '*.executemany', '*.executescript', '*.exec_driver_sql', '*.execute_sql', '*.fetch', '*.fetchrow', '*.fetchval',
          '*.fetch_all', '*.fetch_one', '*.fetch_val', '*.execute_many', '*.query', '*.raw_query', '*.run_sql',
        ],
        args: [0],
        keywords: ['sql', 'query', 'statement', 'operation'],
        where: dbCall,
      },
      { callee: ['*.raw'], args: [0], keywords: ['raw_query'], where: rawQuery },
      { callee: ['*.extra'], args: [], keywords: ['where', 'select', 'tables', 'order_by'], label: 'QuerySet.extra()' },
      {
        callee: [
          'django.db.models.expressions.RawSQL', 'django.db.models.RawSQL', 'RawSQL',
          'sqlalchemy.text', 'sqlalchemy.sql.text', 'sqlalchemy.sql.expression.text', 'sqlalchemy.literal_column', 'sqlalchemy.sql.literal_column',
          'sqlalchemy.sql.expression.literal_column', 'psycopg2.sql.SQL', 'psycopg.sql.SQL',
          'pandas.read_sql', 'pandas.read_sql_query', 'pandas.io.sql.read_sql', 'pandas.io.sql.read_sql_query', 'pd.read_sql', 'pd.read_sql_query',
        ],
        args: [0],
        keywords: ['sql', 'text'],
      },
    ],
    local: 'built',
    params: 'built',
    check: (taint, ctx, at) => (taint.built || taint.strength === 'remote') && !onlyEnvironment(taint, at, ctx),
  },
});
