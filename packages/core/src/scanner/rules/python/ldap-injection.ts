import { defineRule } from '../../rule.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
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
    sinks: [],
    params: 'built',
    local: 'built',
  },
});
