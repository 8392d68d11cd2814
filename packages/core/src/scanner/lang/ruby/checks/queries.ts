/** Named checks for query languages: SQL text, MongoDB filters, LDAP filters, XPath expressions. */
import type { CallView } from '../../../engine/adapter.ts';
import { classBit, type MatchContext, type Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { keyName } from '../adapter.ts';
import { dangerous, isDbReceiver, isHashArgument, isModelReceiver, looksLikeSql, mongoOnly, positional, receiverName, usesMongo } from '../predicates.ts';

// ---- SQL -------------------------------------------------------------------------------------

/**
 * The SQL text of an ActiveRecord query method: `where("name = '#{x}'")` is injectable,
 * `where(name: x)` (hash), `where("name = ?", x)` (placeholders) and
 * `where(["name = ?", x])` (array with a constant template) are not.
 */
function sqlText(call: CallView, ctx: MatchContext, at = 0): boolean {
  const arg = positional(call)[at];
  if (!arg) return false;
  if (isHashArgument(arg, ctx)) return false;
  if (arg.type === 'array') return dangerous(ctx, arg.namedChildren[0] ?? null, 'sql') !== null;
  return true;
}

/** `ar-query`: an ActiveRecord-only query method given SQL text (Mongoid criteria share the names; their strings are JavaScript). */
export function arQuery(call: CallView, ctx: MatchContext): boolean {
  return sqlText(call, ctx) && !mongoOnly(ctx.code);
}

/** `ar-ambiguous-query`: `select`, `group`, `sum`, … also exist on Enumerable: SQL text on a model, or text that reads as SQL. */
export function arAmbiguousQuery(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!sqlText(call, ctx, call.name === 'calculate' ? 1 : 0)) return false;
  return isModelReceiver(call, ctx) || looksLikeSql(taint.text);
}

/**
 * `ar-finder-option`: a Rails 2 finder option (`:conditions`, `:order`, `:joins`…) given SQL text;
 * `:conditions => ['name = ?', x]` (a constant template) and hash conditions are not.
 */
export function arFinderOption(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (mongoOnly(ctx.code)) return false;
  const option = call.args.find((a) => a.index < 0 && a.name !== null && ctx.taint(a.node) === taint)?.node;
  if (!option || isHashArgument(option, ctx)) return false;
  if (option.type === 'array') return dangerous(ctx, option.namedChildren[0] ?? null, 'sql') !== null;
  return true;
}

/** `db-connection-query`: `execute`, `query`, `exec` on a database handle, or given text that reads as SQL. */
export function dbConnectionQuery(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const arg = positional(call)[0];
  if (arg && arg.type === 'array') return dangerous(ctx, arg.namedChildren[0] ?? null, 'sql') !== null;
  return isDbReceiver(call, ctx) || looksLikeSql(taint.text);
}

// ---- MongoDB ---------------------------------------------------------------------------------

/** Keys whose value MongoDB runs as JavaScript. */
const JS_KEYS = new Set(['$where', '$function', '$accumulator']);

/** Conversions whose result is a string: never a query-operator hash (`{ "$ne" => "" }`). */
const STRING_COERCIONS = new Set(['to_s', 'to_str', 'strip', 'downcase', 'upcase', 'squish', 'titleize', 'parameterize']);

function isCoercion(n: SyntaxNode | null): boolean {
  if (!n || n.type !== 'call') return false;
  const method = n.child('method')?.text ?? '';
  return n.child('receiver') ? STRING_COERCIONS.has(method) : method === 'String';
}

/**
 * Whether a value was turned into a string: `params[:owner].to_s` in place, or a local last assigned one
 * (`owner = request.params[:owner].to_s`).
 */
function coerced(value: SyntaxNode, taint: Taint): boolean {
  return isCoercion(value) || isCoercion(assignedValue(value, taint));
}

/** The value a local was last assigned on the taint's way (`owner = request.params[:owner].to_s`), or null. */
function assignedValue(value: SyntaxNode, taint: Taint): SyntaxNode | null {
  if (value.type !== 'identifier') return null;
  const note = `assigned to ${value.text}`;
  for (let i = taint.steps.length - 1; i >= 0; i--) {
    const step = taint.steps[i];
    if (step?.note === note) return step.node.type === 'assignment' ? step.node.child('right') : null;
  }
  return null;
}

/**
 * Whether a filter value lets the client choose the query: JavaScript for `$where` built from input,
 * or a whole request value (a JSON body field or a params hash can be `{ "$ne" => "" }`) that was not
 * turned into a string or a number on the way.
 */
function dangerousValue(key: string | null, value: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 4) return false;
  if (value.type === 'hash') {
    for (const pair of value.namedChildren) {
      if (pair.type !== 'pair') continue;
      const k = pair.child('key');
      const v = pair.child('value');
      if (v && dangerousValue(k ? keyName(k) : null, v, ctx, depth + 1)) return true;
    }
    return false;
  }
  const t = ctx.taint(value);
  if (!t || t.strength !== 'remote') return false;
  if (key !== null && JS_KEYS.has(key)) return true;
  return !t.built && !(t.sanitized & classBit('nosql')) && !coerced(value, t);
}

/** `mongo-filter`: Mongoid criteria (`Model.where(…)`, `criteria.any_of(…)`) and Mongo driver calls (`collection.find(…)`) whose filter carries request data. */
export function mongoFilter(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!usesMongo(ctx.code)) return false;
  const arg = call.args.find((a) => a.name !== '&' && ctx.taint(a.node) === taint);
  if (!arg) return false;
  if (arg.index === -1) return dangerousValue(arg.name, arg.node, ctx);
  if (arg.node.type === 'hash') return dangerousValue(null, arg.node, ctx);
  // `query = { owner: owner, token: params[:token] }` … `where(query)`: judge the hash the local holds.
  const bound = assignedValue(arg.node, taint);
  if (bound?.type === 'hash') return dangerousValue(null, bound, ctx);
  // `find(id)` looks a document up by id; only its filter-hash form is a query.
  if (call.name === 'find') return false;
  // Mongoid runs a string criterion as a JavaScript expression (`where("this.total > #{x}")`).
  const t = ctx.taint(arg.node);
  if (!t || t.strength !== 'remote') return false;
  if (t.built) return arg.node.type === 'string' || arg.node.type === 'binary' || arg.node.type === 'identifier';
  return !(t.sanitized & classBit('nosql')) && !coerced(arg.node, t);
}

// ---- LDAP ------------------------------------------------------------------------------------

/** `ldap-filter`: `ldap.search(filter: "(uid=#{x})")`: a filter string built from input, on a directory handle. */
export function ldapFilter(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return /ldap|directory|ad$|conn/i.test(receiverName(call, ctx) ?? '') || /[(=]/.test(taint.text) || taint.strength === 'remote';
}

const SEARCHES = new Set(['search', 'bind_as', 'search_subschema_entry']);

/** Whether a node is the `filter:` argument of an LDAP search call. */
function searchFilterArg(node: SyntaxNode): boolean {
  const pair = node.parent;
  if (!pair || pair.type !== 'pair' || node.field !== 'value' || pair.child('key')?.text.replace(/^:|:$/g, '') !== 'filter') return false;
  const call = pair.parent?.parent;
  return call !== null && call !== undefined && call.type === 'call' && SEARCHES.has(call.child('method')?.text ?? '');
}

/**
 * `ldap-filter-unsearched`: `Net::LDAP::Filter.construct(text)` parses filter text; the query runs
 * where the filter is used. When the parsed filter goes to a search in the same method
 * (`ldap.search(filter: filter)`), the search is the sink and is reported; a filter built but not
 * searched here is reported where it is parsed.
 */
export function ldapFilterUnsearched(call: CallView, ctx: MatchContext): boolean {
  if (searchFilterArg(call.node)) return false;
  const assignment = call.node.parent;
  const target = assignment?.type === 'assignment' && call.node.field === 'right' ? assignment.child('left') : null;
  const scope = ctx.fn?.node;
  if (!target || target.type !== 'identifier' || !scope) return true;
  const stack: SyntaxNode[] = [scope];
  for (let budget = 5000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'identifier' && n.text === target.text && n.start > call.node.end && searchFilterArg(n)) return false;
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return true;
}

// ---- XPath -----------------------------------------------------------------------------------

/** `xpath-expression`: libxml's `find_first` is an XPath query only on a document or node, given text that reads as a path. */
export function xpathExpression(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return call.name !== 'find_first' || (/\/\/|@|\[/.test(taint.text) && /xpath|doc|xml|node/i.test(ctx.pathText(call.receiver ?? call.node) ?? ''));
}
