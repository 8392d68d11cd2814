import { defineRule } from '../../rule.ts';
import { fromEnvironment } from '../../lang/go/util.ts';

export default defineRule({
  class: 'sql-injection',
  confidence: 'high',
  languages: ['go'],
  remediation:
    'Keep the SQL text constant and pass values as arguments: `db.QueryContext(ctx, "SELECT … WHERE id = $1", id)` (`?` for MySQL/SQLite), GORM `db.Where("name = ?", name)`. For identifiers such as sort columns, map the input to a fixed allow-list of column names.',
  references: [
    'https://cwe.mitre.org/data/definitions/89.html',
    'https://go.dev/doc/database/sql-injection',
    'https://gorm.io/docs/security.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    // The sinks are data: models/go/*.ts, with the named checks of lang/go/heuristics.ts.
    sinks: [],
    params: 'built',
    local: 'built',
    check: (taint) => !fromEnvironment(taint),
  },
});
