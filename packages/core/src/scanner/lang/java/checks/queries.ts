/**
 * Named checks for query-language sinks other than SQL (models: jdk, spring-ldap, unboundid-ldap,
 * dom4j, mongodb): LDAP directories and filters, XPath evaluators, MongoDB `$where`.
 */
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import { probing, receiverIs } from '../predicates.ts';
import { findAfter } from '../tree.ts';

// ---- LDAP -----------------------------------------------------------------------------------

const LDAP_TYPES = new Set([
  'DirContext',
  'InitialDirContext',
  'LdapContext',
  'InitialLdapContext',
  'LdapTemplate',
  'LdapOperations',
  'DirContextOperations',
  'LDAPConnection',
  'LdapConnection',
  'LdapNetworkConnection',
]);
const LDAP_NAMES =
  /^(?:ctx|context|dirContext|dirCtx|ldapContext|ldapCtx|ldap|ldapTemplate|template|ldapOperations|connection|conn|ldapConnection|ldapConn|getLdapTemplate|initialDirContext)$/i;

/** Text built into an LDAP filter or DN: `(uid=` + x + `)`, `cn=` + x + `,ou=…`. */
function looksLikeLdap(text: string): boolean {
  return (
    findAfter(text, '(', /^\s*(?:[&|!]\s*)?(?:\(\s*)?[A-Za-z][\w-]*\s*[~<>]?=/) !== null ||
    /^\s*[A-Za-z][\w-]*\s*=/.test(text) ||
    findAfter(text.toLowerCase(), ',', /^\s*(?:ou|dc|cn|o|uid)\s*=/) !== null
  );
}

/** A search, look-up or bind on an LDAP directory, with a filter or DN untrusted data shapes. */
export function ldapSearch(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!receiverIs(call, ctx, { types: LDAP_TYPES, names: LDAP_NAMES })) return false;
  if (probing(taint, ctx)) return true;
  if (taint.built) return looksLikeLdap(taint.text);
  if (taint.strength !== 'remote') return false;
  // A whole filter or DN taken from the request; LdapQueryBuilder chains (`query().where("uid").is(x)`) encode their values.
  const tainted = call.args.filter((a) => a.index >= 0 && a.index <= 1 && ctx.taint(a.node) !== null);
  return tainted.some(
    (a) => !/\bquery\(|LdapQueryBuilder|\.where\(|\.is\(|\.like\(|Filter\.(?:create(?:EqualityFilter|ANDFilter|ORFilter)|equals)|EqualsFilter|AndFilter/.test(a.node.text),
  );
}

/** Text built into an LDAP filter (`Filter.create("(uid=" + x + ")")`). */
export function ldapFilterText(_call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return probing(taint, ctx) || (taint.built && looksLikeLdap(taint.text));
}

// ---- XPath ----------------------------------------------------------------------------------

const XPATH_TYPES = new Set(['XPath', 'XPathEvaluator']);
const XPATH_SEGMENTS = new Set(['newXPath']);
const DOM4J_TYPES = new Set(['Document', 'Element', 'Node', 'Branch']);

/** `xpath.evaluate(expr, …)` on an XPath evaluator. */
export function xpathReceiver(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return (taint.built || taint.strength === 'remote') && receiverIs(call, ctx, { types: XPATH_TYPES, segments: XPATH_SEGMENTS, names: /^(?:xpath|xPath|xp|xpathObj|evaluator)$/i });
}

/** dom4j `doc.selectNodes(expr)` with an expression built from untrusted data. */
export function dom4jSelect(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return (probing(taint, ctx) || (taint.built && /[/@[\]=]/.test(taint.text))) && receiverIs(call, ctx, { types: DOM4J_TYPES, names: /^(?:doc|document|root|element|node|xml)$/i });
}

// ---- MongoDB --------------------------------------------------------------------------------

/** `new BasicDBObject("$where", x)`, `query.put("$where", x)`: JavaScript evaluated by the server. */
export function whereOperator(call: CallView, ctx: MatchContext, _t: Taint): boolean {
  const key = call.args.find((a) => a.index === 0)?.node;
  return key !== undefined && ctx.stringValue(key) === '$where';
}
