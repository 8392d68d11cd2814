import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { receiverName } from '../../lang/ruby/predicates.ts';

/** `ldap.search(filter: "(uid=#{x})")`: a filter string built from input. */
function ldapFilter(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return /ldap|directory|ad$|conn/i.test(receiverName(call, ctx) ?? '') || /[(=]/.test(taint.text) || taint.strength === 'remote';
}

export default defineRule({
  id: 'ruby.ldap-injection',
  title: 'LDAP injection',
  severity: 'high',
  confidence: 'high',
  cwe: ['CWE-90'],
  owasp: ['A03:2021'],
  languages: ['ruby'],
  message: 'Untrusted data from {source} is built into the LDAP filter used by {sink}',
  remediation:
    'Build filters with `Net::LDAP::Filter.eq(attribute, value)` / `Filter.equals` (which build the filter as a structure), or escape the value with `Net::LDAP::Filter.escape` before it goes into filter text.',
  references: [
    'https://cwe.mitre.org/data/definitions/90.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html',
    'https://www.rubydoc.info/gems/net-ldap/Net/LDAP/Filter',
  ],
  matcher: {
    kind: 'taint',
    class: 'ldap',
    sinks: [
      { callee: ['*.search', '*.bind_as', '*.search_subschema_entry'], args: [], keywords: ['filter'], where: ldapFilter, label: 'an LDAP search' },
      { callee: ['Net.LDAP.Filter.{construct,from_rfc2254,from_rfc4515}', 'Net.LDAP.Filter.new'] },
    ],
    local: 'never',
    params: 'built',
  },
});
