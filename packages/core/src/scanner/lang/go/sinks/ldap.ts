import type { SinkCheck } from '../../../models/compile.ts';
import type { CallView } from '../../../engine/adapter.ts';
import { classBit, type MatchContext, type Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { argAt, boundName, laterCalls, lastValue, unparen } from '../util.ts';

const LDAP = classBit('ldap');
const SEARCHES = new Set(['Search', 'SearchWithPaging', 'SearchAsync', 'SearchWithHandler']);

/** Taint that counts: request data, or other data built into the filter, not escaped for LDAP. */
function counts(t: Taint | null): boolean {
  return t !== null && (t.sanitized & LDAP) === 0 && (t.strength === 'remote' || t.built);
}

/** The base DN and filter of a search request: `ldap.NewSearchRequest(base, …, filter, …)` or `&ldap.SearchRequest{BaseDN: …, Filter: …}`. */
function requestParts(value: SyntaxNode | null): SyntaxNode[] {
  if (!value) return [];
  let n = unparen(value);
  if (n.type === 'unary_expression') n = n.child('operand') ?? n;
  if (n.type === 'call_expression' && /(?:^|\.)NewSearchRequest$/.test(n.child('function')?.text ?? '')) {
    const args = n.child('arguments')?.namedChildren ?? [];
    return [args[0], args[6]].filter((x): x is SyntaxNode => x !== undefined);
  }
  if (n.type === 'composite_literal' && /SearchRequest$/.test(n.child('type')?.text ?? '')) {
    const out: SyntaxNode[] = [];
    for (const el of n.child('body')?.namedChildren ?? []) {
      if (el.type !== 'keyed_element') continue;
      const key = el.child('key')?.text;
      const v = el.child('value');
      if ((key === 'Filter' || key === 'BaseDN') && v) out.push(v.type === 'literal_element' ? (v.namedChildren[0] ?? v) : v);
    }
    return out;
  }
  return [];
}

/**
 * `conn.Search(req)`: the request built in place (`&ldap.SearchRequest{…}`), or the one a local was
 * last given in this function (`req := ldap.NewSearchRequest(…)`). A request built and searched in
 * one function is reported at the search, where the query runs.
 */
function searchRuns(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const arg = argAt(call, 0);
  if (!arg) return false;
  const u = unparen(arg);
  const parts = requestParts(u.type === 'identifier' ? lastValue(u) : u);
  if (parts.length === 0) return false;
  if (ctx.probing) return true;
  // A wrapper (`func (s *Server) search(filter string)`) whose parameter becomes the filter unchanged:
  // the engine records it, and its callers decide what the filter holds.
  const wrapper = taint.param !== undefined && !taint.built;
  return parts.some((p) => {
    const t = ctx.taint(p);
    return counts(t) || (wrapper && t !== null && t.param !== undefined && !t.built && (t.sanitized & LDAP) === 0);
  });
}

/** `req := ldap.NewSearchRequest(…)` searched later in the function: judged at the search. */
function searchedLater(call: CallView): boolean {
  const name = boundName(call.node);
  return name !== null && laterCalls(call.node, name.text, SEARCHES, 0).length > 0;
}

/** A bind DN built from untrusted data: `l.Bind(fmt.Sprintf("uid=%s,ou=people,dc=example,dc=com", user), pw)`. */
function bindDn(_call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return taint.built && /\b(?:uid|cn|ou|dc|mail|sAMAccountName|userPrincipalName)=/i.test(taint.text);
}

/** Named checks of the LDAP sinks (model go/go-ldap). */
export const ldapChecks: Readonly<Record<string, SinkCheck>> = {
  /** A search request that is not searched later in the function (otherwise judged at the search). */
  'ldap-request-not-searched': (call) => !searchedLater(call),
  /** `conn.Search(req)` of a request whose filter or base DN is untrusted. */
  'ldap-search': searchRuns,
  /** A bind DN built from untrusted data. */
  'ldap-bind-dn': bindDn,
};
