import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { receiverName } from '../../lang/ruby/predicates.ts';

/** `ldap.search(filter: "(uid=#{x})")`: a filter string built from input. */
function ldapFilter(call: CallView, ctx: MatchContext, taint: Taint): boolean {
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
 * `Net::LDAP::Filter.construct(text)` parses filter text; the query runs where the filter is used.
 * When the parsed filter goes to a search in the same method (`ldap.search(filter: filter)`), the
 * search is the sink and is reported; a filter built but not searched here is reported where it is parsed.
 */
function parsedFilterUnsearched(call: CallView, ctx: MatchContext): boolean {
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

export default defineRule({
  class: 'ldap-injection',
  confidence: 'high',
  languages: ['ruby'],
  remediation:
    'Build filters with `Net::LDAP::Filter.eq(attribute, value)` / `Filter.equals` (which build the filter as a structure), or escape the value with `Net::LDAP::Filter.escape` before it goes into filter text.',
  references: [
    'https://cwe.mitre.org/data/definitions/90.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html',
    'https://www.rubydoc.info/gems/net-ldap/Net/LDAP/Filter',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.search', '*.bind_as', '*.search_subschema_entry'], args: [], keywords: ['filter'], where: ldapFilter, label: 'an LDAP search' },
      { callee: ['Net.LDAP.Filter.{construct,from_rfc2254,from_rfc4515}', 'Net.LDAP.Filter.new'], where: parsedFilterUnsearched },
    ],
    local: 'never',
    params: 'built',
  },
});
