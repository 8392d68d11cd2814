import { defineRule } from '../../rule.ts';
import { onlyEnvironment } from '../../lang/python/predicates.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
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
    sinks: [],
    local: 'built',
    params: 'built',
    check: (taint, ctx, at) => (taint.built || taint.strength === 'remote') && !onlyEnvironment(taint, at, ctx),
  },
});
