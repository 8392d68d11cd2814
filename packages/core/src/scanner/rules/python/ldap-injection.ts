import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { receiverName } from '../../lang/python/predicates.ts';
import { findAfter } from '../../lang/python/text.ts';

/** An LDAP filter: `(uid=…)`, `(&(objectClass=person)(cn=…))`. */
const FILTER = { test: (text: string): boolean => findAfter(text, '(', /^\s*(?:[&|!]\s*)?(?:\(\s*)?[\w.;-]+\s*[~<>]?=/) };

/**
 * python-ldap `search_s(base, scope, filterstr)` and ldap3 `conn.search(search_base, search_filter)`:
 * the filter is the 3rd / 2nd argument. `search` is also `re.search`, so plain `search` needs an
 * LDAP-shaped filter or an LDAP connection.
 */
function ldapFilter(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const path = ctx.pathText(call.callee ?? call.node) ?? '';
  if (/^(?:re|regex)\./.test(path)) return false;
  if (!/\bldap3?\b|ldap3|python-ldap/.test(ctx.code)) return false;
  const name = receiverName(call, ctx) ?? '';
  if (call.name === 'search' && !/ldap|conn|connection|^l$|^ld$|^c$|server|directory|ad|client/i.test(name) && !FILTER.test(taint.text)) return false;
  return FILTER.test(taint.text) || (taint.strength === 'remote' && !taint.built);
}

export default defineRule({
  class: 'ldap-injection',
  confidence: 'high',
  languages: ['python'],
  remediation:
    'Escape every value put into a filter: `ldap.filter.escape_filter_chars(user)` / `ldap.filter.filter_format("(uid=%s)", [user])` with python-ldap, `ldap3.utils.conv.escape_filter_chars(user)` with ldap3.',
  references: [
    'https://cwe.mitre.org/data/definitions/90.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html',
    'https://www.python-ldap.org/en/latest/reference/ldap-filter.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.search_s', '*.search_st', '*.search_ext', '*.search_ext_s', '*.search'], args: [2], keywords: ['filterstr'], where: ldapFilter },
      { callee: ['*.search', '*.extend.standard.paged_search'], args: [1], keywords: ['search_filter'], where: ldapFilter },
    ],
    params: 'built',
    local: 'built',
  },
});
