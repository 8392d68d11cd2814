import { defineRule } from '../../rule.ts';

/** OpenLDAP / wldap32 searches: `ldap_search_ext_s(ld, base, scope, filter, …)` (base DN 1, filter 3). */
const SEARCHES = [
  'ldap_search', 'ldap_search_s', 'ldap_search_st', 'ldap_search_ext', 'ldap_search_ext_s',
  'ldap_searchA', 'ldap_searchW', 'ldap_search_sA', 'ldap_search_sW', 'ldap_search_stA', 'ldap_search_stW',
  'ldap_search_extA', 'ldap_search_extW', 'ldap_search_ext_sA', 'ldap_search_ext_sW',
];
/** Operations on an entry named by a DN (argument 1). */
const DN_OPERATIONS = [
  'ldap_simple_bind', 'ldap_simple_bind_s', 'ldap_sasl_bind', 'ldap_sasl_bind_s', 'ldap_bind', 'ldap_bind_s',
  'ldap_compare', 'ldap_compare_s', 'ldap_compare_ext', 'ldap_compare_ext_s', 'ldap_delete', 'ldap_delete_s', 'ldap_delete_ext', 'ldap_delete_ext_s',
  'ldap_modify', 'ldap_modify_s', 'ldap_modify_ext', 'ldap_modify_ext_s', 'ldap_add', 'ldap_add_s', 'ldap_add_ext', 'ldap_add_ext_s',
  'ldap_rename', 'ldap_rename_s', 'ldap_modrdn', 'ldap_modrdn_s', 'ldap_modrdn2', 'ldap_modrdn2_s',
];

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
    sinks: [
      { callee: SEARCHES, args: [1, 3], label: 'an LDAP search' },
      // A DN built from input names another entry; a DN passed through as given is the caller's choice.
      { callee: DN_OPERATIONS, args: [1], where: (_call, _ctx, taint) => taint.built, label: 'an LDAP operation' },
    ],
    sanitizers: [
      'ldap_bv2escaped_filter_value', 'ldap_escape', 'ldap_escape_filter', 'ldap_filter_escape', 'escape_ldap', 'escape_ldap_filter', 'ldap_escape_value',
      'escape_filter', 'escape_filter_value', 'filter_escape', 'ldapEscape', 'escapeLdap', 'escapeLdapFilter', 'escapeFilter', 'ldap_dn_escape', 'escape_dn', 'dn_escape',
    ],
    params: 'built',
    check: (taint) => taint.built || taint.strength !== 'param',
  },
});
