import type { CallView } from '../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../rule.ts';
import { defineRule } from '../../rule.ts';
import { DB_RECEIVER, looksLikeSql, words } from '../../lang/common.ts';
import { receiverPath } from '../../lang/javascript/helpers.ts';

/** Methods that run SQL text as given (as opposed to `get`/`all`/`run`, which are also cache and router verbs). */
const RUNS_SQL = new Set(['query', 'execute', 'exec', 'unsafe', 'raw', 'none', 'one', 'oneOrNone', 'many', 'manyOrNone', 'any', 'result', 'multi', 'queryRaw', 'executeRaw']);
const DB_LIKE = /(?:db|database|pool|conn|connection|client|sequelize|knex|sql|mysql|pg|postgres|sqlite|datasource|manager|queryRunner|repository|repo)$/i;

/** Process-spawning modules whose `exec` runs a command line, not SQL. */
const SHELL_MODULE = /^(?:child_process|node:child_process|execa|shelljs|zx|cross-spawn)\./;

/** SQL text, or a statement fragment only SQL has (`… VALUES (`, `CALL proc(`, `LIMIT n`). */
function sqlText(text: string): boolean {
  if (looksLikeSql(text)) return true;
  const w = new Set(words(text));
  return (w.has('values') && text.includes('(')) || w.has('call') || (w.has('limit') && w.has('offset')) || (w.has('from') && w.has('join'));
}

function dbReceiver(call: CallView, ctx: MatchContext): boolean {
  const receiver = receiverPath(call, ctx);
  const last = receiver[receiver.length - 1]?.replace(/\(\)$/, '');
  if (last === undefined) return false;
  return DB_RECEIVER.test(last) || DB_LIKE.test(last) || receiver.some((s) => /^(?:getConnection|getManager|getRepository|promise|createQueryRunner|transaction)\(\)$/.test(s));
}

/**
 * `db.query(x)` and friends: SQL text built from input (it reads like SQL), or input passed whole
 * to a database handle's query method. `cache.get(key)`, `router.all(…)`, `client.get(url)` are not.
 */
function sqlCall(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  // `exec(\`psql -c "SELECT …"\`)`: a shell command that happens to hold SQL is command injection, not a query call.
  if (SHELL_MODULE.test(ctx.pathText(call.callee ?? call.node) ?? '')) return false;
  if (taint.built) return sqlText(taint.text) || (taint.text.trim() === '' && RUNS_SQL.has(call.name) && dbReceiver(call, ctx));
  return RUNS_SQL.has(call.name) && dbReceiver(call, ctx);
}

/** TypeORM / MikroORM query builders: `repo.createQueryBuilder('u').where(\`u.name = '${name}'\`)`. */
function queryBuilder(call: CallView, ctx: MatchContext): boolean {
  const receiver = receiverPath(call, ctx);
  if (receiver.some((s) => s === 'createQueryBuilder()' || s === 'getQueryBuilder()' || s === 'qb()')) return true;
  const last = receiver[receiver.length - 1] ?? '';
  return /^(?:qb|queryBuilder|builder|query_?builder)$/i.test(last);
}

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
    sinks: [
      {
        callee: ['*.query', '*.execute', '*.exec', '*.all', '*.get', '*.run', '*.prepare', '*.each', '*.none', '*.one', '*.oneOrNone', '*.many', '*.manyOrNone', '*.any', '*.result', '*.multi', '*.unsafe', '*.queryRaw', '*.executeRaw'],
        where: sqlCall,
      },
      {
        callee: [
          '**.raw', '*.$queryRawUnsafe', '*.$executeRawUnsafe', '*.whereRaw', '*.orWhereRaw', '*.andWhereRaw', '*.havingRaw', '*.orHavingRaw', '*.orderByRaw', '*.groupByRaw',
          '*.joinRaw', '*.selectRaw', '*.fromRaw', 'sequelize.query', '*.sequelize.query', 'sequelize.literal', 'Sequelize.literal', '*.literal', '*.createQuery', '*.executeSql', '*.executeQuery',
        ],
        where: (call, ctx) => {
          const receiver = receiverPath(call, ctx).join('.');
          if (call.name === 'literal') return /sequelize/i.test(receiver);
          return !(call.name === 'raw' && receiver === 'String');
        },
      },
      {
        callee: ['*.where', '*.andWhere', '*.orWhere', '*.having', '*.andHaving', '*.orHaving', '*.orderBy', '*.addOrderBy', '*.groupBy', '*.addGroupBy', '*.select', '*.addSelect', '*.setParameter'],
        where: (call, ctx) => call.name !== 'setParameter' && queryBuilder(call, ctx),
        label: 'a query builder condition',
      },
    ],
    // Tagged-template builders turn each substitution into a bound parameter.
    sanitizers: [
      'sql', 'Prisma.sql', 'SQL', 'sql.join', 'Prisma.join', '@prisma/client.Prisma.{sql,join}', 'sql-template-strings', 'sql-template-strings.SQL', 'sql-template-tag',
      'sql-template-tag.{sqltag,join}', '@databases/{pg,mysql,sqlite,sql}.sql', 'slonik.sql', 'slonik.sql.*', '@vercel/postgres.sql', 'postgres.sql', 'drizzle-orm.sql', '@neondatabase/serverless.neon',
    ],
    params: 'built',
    local: 'built',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
