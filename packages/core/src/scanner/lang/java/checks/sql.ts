/**
 * Named checks for SQL sinks (models: jdbc, jpa, hibernate, spring-jdbc, jooq, jdbi…): which calls
 * take query text, and when text that reaches them is dangerous.
 */
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { looksLikeSql } from '../../common.ts';
import { initialisingCall, probing, receiverIs, runLaterBy } from '../predicates.ts';
import { chainRoot, invocationParts, typeOf, unwrap } from '../tree.ts';

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
  'Statement',
  'PreparedStatement',
  'CallableStatement',
  'Connection',
  'JdbcTemplate',
  'NamedParameterJdbcTemplate',
  'JdbcOperations',
  'NamedParameterJdbcOperations',
  'JdbcClient',
  'EntityManager',
  'Session',
  'StatelessSession',
  'SqlSession',
  'DatabaseClient',
  'DSLContext',
  'Handle',
  'QueryRunner',
  'SimpleJdbcCall',
]);
const SQL_NAMES =
  /^(?:stmt|st|statement|ps|pstmt|preparedStatement|conn|con|connection|jdbc|jdbcTemplate|namedJdbcTemplate|namedParameterJdbcTemplate|template|jdbcClient|em|entityManager|session|sqlSession|db|database|dsl|handle|runner|queryRunner|getJdbcTemplate|getCurrentSession|openSession|createStatement|getConnection)$/i;

/** JPA / Hibernate calls that make a query object from query text. */
const QUERY_FACTORIES = new Set(['createQuery', 'createNativeQuery', 'createSQLQuery', 'createNativeMutationQuery', 'createMutationQuery', 'createSelectionQuery']);
/** Methods that run a JPA / Hibernate query object. */
const QUERY_RUNS = new Set([
  'getResultList',
  'getSingleResult',
  'getSingleResultOrNull',
  'getResultStream',
  'executeUpdate',
  'list',
  'uniqueResult',
  'uniqueResultOptional',
  'scroll',
  'stream',
]);

/** Method names that only exist on SQL APIs: the SQL text itself is the argument. */
export function sqlOnly(_call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return taint.built || taint.strength === 'remote';
}

/**
 * `Query q = em.createNativeQuery(sql); … q.getResultList()`: a query object made and run in the
 * same method is reported where it runs (the query text's taint goes on to the query object).
 */
export function queryFactory(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (criteriaArgument(call) || runLaterBy(call, QUERY_RUNS, 'receiver')) return false;
  return sqlOnly(call, ctx, taint);
}

/** `q.getResultList()` on a query object this method made from untrusted query text. */
export function queryRun(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const made = initialisingCall(call.receiver, QUERY_FACTORIES, QUERY_RUNS);
  if (!made) return false;
  if (probing(taint, ctx)) return true;
  const text = invocationParts(made).args[0];
  if (!text || criteriaQuery(text)) return false;
  const t = ctx.taint(text);
  return t !== null && (t.built || t.strength === 'remote');
}

/** Generic names (`execute`, `query`, `update`): a SQL receiver, or text that reads as SQL. */
export function sqlReceiverOrText(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!taint.built && taint.strength !== 'remote') return false;
  if (receiverIs(call, ctx, { types: SQL_TYPES, names: SQL_NAMES })) return true;
  return taint.built && looksLikeSql(taint.text);
}

/**
 * Audit sinks on generic names (`execute`, `query`, `batchUpdate`): only on a SQL receiver, whatever
 * the text is (a method that runs the SQL text it was given).
 */
export function sqlReceiver(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  return receiverIs(call, ctx, { types: SQL_TYPES, names: SQL_NAMES });
}

/**
 * Audit sinks of query factories: not the Criteria API overload (`em.createQuery(criteria)`), which
 * takes no text, nor built text of a query run in the same method (reported where it runs).
 */
export function queryText(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  if (criteriaArgument(call)) return false;
  if (!runLaterBy(call, QUERY_RUNS, 'receiver')) return true;
  const text = call.args.find((a) => a.index === 0)?.node;
  const t = text ? ctx.taint(text) : null;
  return !(t && (t.built || t.strength === 'remote'));
}

const CONNECTION_TYPES = new Set(['Connection', 'DataSource']);
const CONNECTION_NAMES = /^(?:conn|con|connection|dbConnection|dBConnection|jdbcConnection|getConnection|db)$/i;

/** A JDBC connection (`connection.setCatalog(name)`). */
export function dbConnection(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  return receiverIs(call, ctx, { types: CONNECTION_TYPES, names: CONNECTION_NAMES, segments: new Set(['getConnection', 'getDBConnection']) });
}
