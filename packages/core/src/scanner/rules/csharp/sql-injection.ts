import { defineRule } from '../../rule.ts';

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
    // Sinks: the ado-net, entity-framework, dapper, nhibernate models (models/csharp).
    sinks: [],
    params: 'built',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
