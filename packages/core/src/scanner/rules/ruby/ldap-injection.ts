import { defineRule } from '../../rule.ts';

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
    // Sinks are in the models (models/ruby/*.ts); this part gives the class its Ruby policy.
    sinks: [],
    local: 'never',
    params: 'built',
  },
});
