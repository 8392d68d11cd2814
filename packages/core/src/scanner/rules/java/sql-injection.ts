import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'sql-injection',
  confidence: 'high',
  languages: ['java'],
  remediation:
    'Use a PreparedStatement with `?` placeholders and bind values with `setString`/`setInt` (or JdbcTemplate/JPA parameters: `jdbcTemplate.query("… WHERE id = ?", mapper, id)`, `em.createQuery("… WHERE u.name = :name").setParameter("name", name)`); never concatenate or format values into SQL, even for prepareStatement. Validate identifiers (sort columns, table names) against an allow-list.',
  references: [
    'https://cwe.mitre.org/data/definitions/89.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Query_Parameterization_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    // Sinks: the jdbc, jpa, hibernate, spring-jdbc, jooq, jdbi models (models/java).
    sinks: [],
    params: 'built',
    local: 'any',
  },
});
