import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'ldap-injection',
  confidence: 'high',
  languages: ['c', 'cpp'],
  remediation:
    'Escape every value put into a search filter (`*`, `(`, `)`, `\\`, NUL → `\\2a`, `\\28`, `\\29`, `\\5c`, `\\00`; OpenLDAP `ldap_bv2escaped_filter_value`) and into a DN (`ldap_dn2str` from parsed components), or validate the value against a strict allow-list before building the filter.',
  references: [
    'https://cwe.mitre.org/data/definitions/90.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html',
    'https://www.openldap.org/software/man.cgi?query=ldap_search_ext_s',
  ],
  matcher: {
    kind: 'taint',
    // Sinks and the library's escaping functions: models/c/libldap.ts.
    sinks: [],
    sanitizers: [
      // The usual names of a program's own escaping helpers.
      'escape_ldap',
      'escape_ldap_filter',
      'escape_filter',
      'escape_filter_value',
      'filter_escape',
      'ldapEscape',
      'escapeLdap',
      'escapeLdapFilter',
      'escapeFilter',
      'escape_dn',
      'dn_escape',
    ],
    params: 'built',
    check: (taint) => taint.built || taint.strength !== 'param',
  },
});
