import type { SinkCheck } from '../../../models/compile.ts';
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { DB_RECEIVER, looksLikeSql } from '../../common.ts';
import { argAt, frameworkOf, functionText, unparen } from '../util.ts';

/** Receiver segments that hold a database handle in Go code (`db`, `s.db`, `h.DB`, `tx`, `r.pool`, `q.conn`). */
const GO_DB =
  /^(?:db|sqldb|sqlxdb|gormdb|database|tx|txn|conn|dbconn|pool|dbpool|pgpool|pgxpool|stmt|orm|gorm|store|queries|querier|q|dbx|sqlx|pg|mysql|sqlite|mssql|clickhouse)$|(?:db|tx|conn|pool|database)$/i;
/** SQL fragments a built condition or clause contains. */
const SQL_FRAGMENT = /\b(?:and|or|like|in|not|is|null|limit|offset|order|group|having|values|from|where|select|set|join|asc|desc|between)\b|['=<>]/i;

function receiverSegments(call: CallView, ctx: MatchContext): string[] {
  const p = call.receiver ? ctx.path(call.receiver) : null;
  return (p ?? []).map((s) => s.replace(/\(\)$/, ''));
}

function dbReceiver(call: CallView, ctx: MatchContext): boolean {
  return receiverSegments(call, ctx).some((s) => GO_DB.test(s) || DB_RECEIVER.test(s));
}

/** Whether an argument is a context (`ctx`, `r.Context()`, `context.Background()`): pgx and `*Context` methods take the SQL second. */
function isContextArg(node: SyntaxNode | null, ctx: MatchContext): boolean {
  if (!node) return false;
  const n = unparen(node);
  if (n.type === 'identifier') return /^(?:ctx|c|context|reqCtx|tctx|cctx)$|Ctx$/.test(n.text);
  const p = ctx.path(n);
  const last = p?.[p.length - 1];
  return last === 'Context()' || last === 'Background()' || last === 'TODO()' || last === 'WithTimeout()' || last === 'UserContext()';
}

/** `stmt, err := db.PrepareContext(ctx, …)`, `name = tx.Prepare(…)`: what a name is assigned (anchored, right after the name). */
const ASSIGNED_CALL = /^[ \t]*(?:,[ \t]*[A-Za-z_]\w{0,40}[ \t]*)?:?=[ \t]*([\w.]{1,200})\(/;
const PREPARES = /^(?:Prepare|PrepareContext|Preparex|PreparexContext|PrepareNamed|PrepareNamedContext|Stmt|StmtContext|Stmtx|StmtxContext)$/;

/**
 * A prepared statement (`*sql.Stmt`, `*sqlx.Stmt`): `stmt.ExecContext(ctx, a, b)` runs SQL fixed when it
 * was prepared, and every argument is a bound parameter. Known by a name made for it (`stmt`,
 * `s.insertStmt`) or by the `Prepare` call the local was assigned from in this function.
 */
function preparedStatement(call: CallView, ctx: MatchContext): boolean {
  const segments = receiverSegments(call, ctx);
  const last = segments[segments.length - 1];
  if (last !== undefined && /(?:stmt|statement)$/i.test(last)) return true;
  const r = call.receiver ? unparen(call.receiver) : null;
  if (!r || r.type !== 'identifier' || !/^[A-Za-z_]\w*$/.test(r.text)) return false;
  const text = functionText(call.node);
  for (let i = text.indexOf(r.text); i >= 0; i = text.indexOf(r.text, i + 1)) {
    if (i > 0 && /\w/.test(text[i - 1] as string)) continue;
    const m = ASSIGNED_CALL.exec(text.slice(i + r.text.length, i + r.text.length + 256));
    if (!m) continue;
    const chain = (m[1] as string).split('.');
    if (PREPARES.test(chain[chain.length - 1] as string)) return true;
  }
  return false;
}

/** database/sql, sqlx, pgx: reported when the text is SQL, or when request data reaches a database handle. */
function sqlCall(offset: 0 | 1) {
  return (call: CallView, ctx: MatchContext, taint: Taint): boolean => {
    if (frameworkOf(call.receiver)) return false; // c.Query("id") on a gin context is a request read
    if (!call.name.startsWith('Prepare') && preparedStatement(call, ctx)) return false;
    if (offset === 0 && isContextArg(argAt(call, 0), ctx) && call.args.length > 1) return false;
    if (offset === 1 && !/Context$/.test(call.name) && !isContextArg(argAt(call, 0), ctx)) return false;
    if (looksLikeSql(taint.text)) return true;
    if (!dbReceiver(call, ctx)) return false;
    if (taint.strength === 'remote') return true;
    return taint.built && SQL_FRAGMENT.test(taint.text);
  };
}

/** sqlx `db.Select(&dest, query, args…)` / `db.Get(&dest, query, args…)`. */
function sqlxDest(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const first = argAt(call, 0);
  if (!first || first.type !== 'unary_expression' || first.child('operator')?.text !== '&') return false;
  if (looksLikeSql(taint.text)) return true;
  return dbReceiver(call, ctx) && (taint.strength === 'remote' || (taint.built && SQL_FRAGMENT.test(taint.text)));
}

/**
 * GORM / squirrel clause builders (`Where`, `Order`, `Joins`, …): a string argument is raw SQL. A struct
 * or map condition is parameterized, and so is a call that builds a predicate (ent's `user.NameEQ(x)`).
 */
function clauseBuilder(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const arg = argAt(call, 0);
  if (!arg || frameworkOf(call.receiver)) return false;
  const n = unparen(arg);
  const inner = n.type === 'unary_expression' ? n.child('operand') : n;
  if (!inner || inner.type === 'composite_literal') return false;
  if (n.type === 'call_expression') {
    const c = ctx.call(n);
    const path = c ? ctx.path(c.callee ?? n) : null;
    const formats = path !== null && (path[0] === 'fmt' || path[0] === 'strings');
    if (!formats && !(c?.receiver && ctx.taint(c.receiver))) return false;
  }
  const segments = receiverSegments(call, ctx);
  const chain =
    segments.length > 0 &&
    (dbReceiver(call, ctx) || segments.some((s) => /^(?:Model|Table|Session|Debug|Unscoped|WithContext|Select|From|Where|Preload)$/.test(s)) || builtFromDb(call));
  if (looksLikeSql(taint.text) && chain) return true;
  if (!chain) return false;
  if (taint.strength === 'remote') return true;
  return taint.built && SQL_FRAGMENT.test(taint.text);
}

/** `:= s.db.Model`, `= tx.Table`: the selector chain a name is assigned (anchored, right after the name). */
const ASSIGNED_CHAIN = /^[ \t]*:?=[ \t]*([\w.]*)/;
const DB_WORDS = new Set(['db', 'DB', 'Db', 'tx', 'gorm', 'orm', 'conn', 'database']);

/** `query := db.Model(&User{}).Where(…); query = query.Order(…)`: a query variable built from a database handle. */
function builtFromDb(call: CallView): boolean {
  const r = call.receiver ? unparen(call.receiver) : null;
  if (!r || r.type !== 'identifier' || !/^[A-Za-z_]\w*$/.test(r.text)) return false;
  const text = functionText(call.node);
  for (let i = text.indexOf(r.text); i >= 0; i = text.indexOf(r.text, i + 1)) {
    if (i > 0 && /\w/.test(text[i - 1] as string)) continue;
    const next = text[i + r.text.length];
    if (next !== ' ' && next !== '\t' && next !== ':' && next !== '=') continue;
    const m = ASSIGNED_CHAIN.exec(text.slice(i + r.text.length, i + r.text.length + 256));
    if (m && (m[1] as string).split('.').some((s) => DB_WORDS.has(s))) return true;
  }
  return false;
}

/** GORM inline conditions `db.First(&u, fmt.Sprintf("name = '%s'", x))`: only a built condition (a bare value is the primary key). */
function inlineCondition(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const first = argAt(call, 0);
  if (!first || first.type !== 'unary_expression' || call.args.length !== 2) return false;
  return taint.built && dbReceiver(call, ctx) && SQL_FRAGMENT.test(taint.text);
}

/** Named checks of the SQL sinks (models go/database-sql, go/sqlx, go/gorm). */
export const sqlChecks: Readonly<Record<string, SinkCheck>> = {
  /** `db.Query(sql, …)`: SQL text, or request data reaching a database handle. */
  'sql-text': sqlCall(0),
  /** `db.QueryContext(ctx, sql, …)`, pgx `conn.Query(ctx, sql, …)`: the same, after a context. */
  'sql-text-after-context': sqlCall(1),
  /** sqlx `db.Select(&dest, sql, …)`. */
  'sqlx-destination': sqlxDest,
  /** sqlx `db.SelectContext(ctx, &dest, sql, …)`. */
  'sqlx-destination-context': (call, ctx, taint) => looksLikeSql(taint.text) || (dbReceiver(call, ctx) && taint.strength === 'remote'),
  /** GORM/squirrel clause builders (`Where`, `Order`, …) given a raw string. */
  'sql-clause': clauseBuilder,
  /** GORM inline conditions `db.First(&u, "name = '" + x + "'")`. */
  'gorm-inline-condition': inlineCondition,
};
