import { defineRule } from '../../rule.ts';

/** Sinks and the tagged-template builders that bind parameters: models/javascript (sql-clients, knex, sequelize, prisma, typeorm). */
export default defineRule({
  class: 'sql-injection',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  remediation:
    'Pass values as query parameters (`db.query("SELECT … WHERE id = $1", [id])`, `?` placeholders, Sequelize `replacements`, TypeORM `.where("u.id = :id", { id })`, or a tagged-template client such as postgres.js or Prisma `$queryRaw`), never by concatenation or template literals. Pick identifiers (sort columns, directions) from an allow-list.',
  references: [
    'https://cwe.mitre.org/data/definitions/89.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html',
    'https://www.prisma.io/docs/orm/prisma-client/using-raw-sql/raw-queries#sql-injection-prevention',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    params: 'built',
    local: 'built',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
