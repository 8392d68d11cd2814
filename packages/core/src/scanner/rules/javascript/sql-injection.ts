import type { CallView } from '../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../rule.ts';
import { defineRule } from '../../rule.ts';
import { DB_RECEIVER, looksLikeSql } from '../../lang/common.ts';

/** `db.query(x)` only when the receiver is a database handle or the string is SQL: `router.query()` is not a sink. */
function sqlCall(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const receiver = call.receiver ? ctx.path(call.receiver) : null;
  const last = receiver?.[receiver.length - 1]?.replace(/\(\)$/, '');
  return (last !== undefined && DB_RECEIVER.test(last)) || looksLikeSql(taint.text);
}

export default defineRule({
  id: 'javascript.sql-injection',
  title: 'SQL injection',
  severity: 'critical',
  confidence: 'high',
  cwe: ['CWE-89'],
  owasp: ['A03:2021'],
  languages: ['javascript', 'typescript'],
  message: 'Untrusted data from {source} is built into the SQL text passed to {sink}',
  remediation:
    'Pass values as query parameters (`db.query("SELECT … WHERE id = $1", [id])`, `?` placeholders, or a tagged-template client such as postgres.js or Prisma `$queryRaw`), never by concatenation or template literals.',
  references: [
    'https://cwe.mitre.org/data/definitions/89.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/SQL_Injection_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    class: 'sql',
    sinks: [
      { callee: ['*.query', '*.execute', '*.exec', '*.all', '*.get', '*.run', '*.prepare', '*.each', '*.none', '*.one', '*.oneOrNone', '*.many', '*.manyOrNone', '*.any', '*.result', '*.unsafe'], where: sqlCall },
      { callee: ['**.raw', '*.$queryRawUnsafe', '*.$executeRawUnsafe', '*.whereRaw', '*.orWhereRaw', '*.havingRaw', '*.orderByRaw', '*.groupByRaw', '*.joinRaw', '*.selectRaw', 'sequelize.query', '*.sequelize.query', 'sequelize.literal', 'Sequelize.literal', '*.createQuery', '*.executeSql', '*.executeQuery'] },
    ],
    sanitizers: ['sql', 'Prisma.sql', 'SQL', 'sql.join'],
    params: 'built',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
