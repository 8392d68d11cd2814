import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { looksLikeSql } from '../../lang/common.ts';
import { initialisingCall, probing, receiverIs, runLaterBy } from '../../lang/java/predicates.ts';
import { chainRoot, invocationParts, typeOf, unwrap } from '../../lang/java/tree.ts';

/** JPA Criteria API objects: queries built from typed predicates, with values bound as parameters. */
const CRITERIA = new Set(['CriteriaQuery', 'CriteriaUpdate', 'CriteriaDelete', 'CriteriaBuilder', 'HibernateCriteriaBuilder', 'JpaCriteriaQuery', 'Subquery']);

/** `em.createQuery(cq)`, `em.createQuery(q.where(p))`: the Criteria API overload takes no query text. */
function criteriaArgument(call: CallView): boolean {
  return criteriaQuery(call.args.find((a) => a.index === 0)?.node ?? null);
}

function criteriaQuery(arg: SyntaxNode | null): boolean {
  if (!arg) return false;
  const root = chainRoot(unwrap(arg));
  const t = typeOf(root) ?? typeOf(unwrap(arg));
  return t !== null && CRITERIA.has(t);
}

const SQL_TYPES = new Set([
  'Statement', 'PreparedStatement', 'CallableStatement', 'Connection', 'JdbcTemplate', 'NamedParameterJdbcTemplate',
  'JdbcOperations', 'NamedParameterJdbcOperations', 'JdbcClient', 'EntityManager', 'Session', 'StatelessSession', 'SqlSession',
  'DatabaseClient', 'DSLContext', 'Handle', 'QueryRunner', 'SimpleJdbcCall',
]);
const SQL_NAMES = /^(?:stmt|st|statement|ps|pstmt|preparedStatement|conn|con|connection|jdbc|jdbcTemplate|namedJdbcTemplate|namedParameterJdbcTemplate|template|jdbcClient|em|entityManager|session|sqlSession|db|database|dsl|handle|runner|queryRunner|getJdbcTemplate|getCurrentSession|openSession|createStatement|getConnection)$/i;

/** JPA / Hibernate calls that make a query object from query text. */
const QUERY_FACTORIES = new Set(['createQuery', 'createNativeQuery', 'createSQLQuery', 'createNativeMutationQuery', 'createMutationQuery', 'createSelectionQuery']);
/** Methods that run a JPA / Hibernate query object. */
const QUERY_RUNS = new Set(['getResultList', 'getSingleResult', 'getSingleResultOrNull', 'getResultStream', 'executeUpdate', 'list', 'uniqueResult', 'uniqueResultOptional', 'scroll', 'stream']);

/**
 * `Query q = em.createNativeQuery(sql); … q.getResultList()`: a query object made and run in the
 * same method is reported where it runs (the query text's taint goes on to the query object).
 */
function queryFactory(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (criteriaArgument(call) || runLaterBy(call, QUERY_RUNS, 'receiver')) return false;
  return sqlOnly(call, ctx, taint);
}

/** `q.getResultList()` on a query object this method made from untrusted query text. */
function queryRun(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const made = initialisingCall(call.receiver, QUERY_FACTORIES, QUERY_RUNS);
  if (!made) return false;
  if (probing(taint, ctx)) return true;
  const text = invocationParts(made).args[0];
  if (!text || criteriaQuery(text)) return false;
  const t = ctx.taint(text);
  return t !== null && (t.built || t.strength === 'remote');
}

/** Method names that only exist on SQL APIs: the SQL text itself is the argument. */
function sqlOnly(_call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return taint.built || taint.strength === 'remote';
}

/** Generic names (`execute`, `query`, `update`): a SQL receiver, or text that reads as SQL. */
function sqlReceiverOrText(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!taint.built && taint.strength !== 'remote') return false;
  if (receiverIs(call, ctx, { types: SQL_TYPES, names: SQL_NAMES })) return true;
  return taint.built && looksLikeSql(taint.text);
}

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
    sinks: [
      // JDBC
      { callee: ['*.executeQuery', '*.executeUpdate', '*.executeLargeUpdate', '*.addBatch', '*.prepareStatement', '*.prepareCall', '*.nativeSQL'], where: sqlOnly },
      // JPA / Hibernate
      { callee: ['*.createQuery', '*.createNativeQuery', '*.createSQLQuery', '*.createNativeMutationQuery', '*.createMutationQuery', '*.createSelectionQuery'], where: queryFactory },
      { callee: ['Restrictions.sqlRestriction', '*.sqlRestriction'], where: sqlOnly },
      { callee: [...QUERY_RUNS].map((m) => `*.${m}`), args: [], receiver: true, where: queryRun },
      // Spring JDBC, JDBI, jOOQ, R2DBC, commons-dbutils and plain Statement.execute
      {
        callee: ['*.execute', '*.query', '*.queryForObject', '*.queryForList', '*.queryForMap', '*.queryForRowSet', '*.queryForStream', '*.queryForLong', '*.queryForInt', '*.update', '*.batchUpdate', '*.sql', '*.fetch', '*.fetchOne', '*.resultQuery', '*.createUpdate', '*.select', '*.insert', '*.delete'],
        where: sqlReceiverOrText,
      },
    ],
    params: 'built',
    local: 'any',
  },
});
