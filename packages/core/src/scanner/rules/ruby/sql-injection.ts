import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'sql-injection',
  confidence: 'high',
  languages: ['ruby'],
  remediation:
    'Use hash conditions (`User.where(name: params[:name])`) or placeholders (`where("name = ?", name)`, `find_by_sql(["… WHERE id = ?", id])`), `sanitize_sql_array` / `connection.quote` for raw SQL, and an allow-list for column names in `order` / `pluck`.',
  references: [
    'https://cwe.mitre.org/data/definitions/89.html',
    'https://guides.rubyonrails.org/security.html#sql-injection',
    'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html',
    'https://rails-sqli.org/',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (activerecord, sequel, pg, mysql2, sqlite3); a parameter or local value counts once built into SQL text.
    sinks: [],
    local: 'built',
    params: 'built',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
