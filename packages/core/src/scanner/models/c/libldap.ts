import { defineModel } from '../schema.ts';

/**
 * The LDAP C API: OpenLDAP's libldap and Windows' wldap32 (the same functions, with A/W variants).
 * A search takes a base DN (argument 1) and a filter (argument 3); other operations name an entry
 * by its DN (argument 1).
 */
export default defineModel({
  name: 'libldap',
  language: ['c', 'cpp'],
  description: 'LDAP C API (OpenLDAP libldap, Windows wldap32): search filters and DNs, and the escaping helpers.',
  sinks: [
    {
      call: [
        'ldap_search',
        'ldap_search_s',
        'ldap_search_st',
        'ldap_search_ext',
        'ldap_search_ext_s',
        'ldap_searchA',
        'ldap_searchW',
        'ldap_search_sA',
        'ldap_search_sW',
        'ldap_search_stA',
        'ldap_search_stW',
        'ldap_search_extA',
        'ldap_search_extW',
        'ldap_search_ext_sA',
        'ldap_search_ext_sW',
      ],
      arg: [1, 3],
      class: 'ldap-injection',
      label: 'an LDAP search',
    },
    // A DN built from input names another entry; a DN passed through as given is the caller's choice.
    {
      call: [
        'ldap_simple_bind',
        'ldap_simple_bind_s',
        'ldap_sasl_bind',
        'ldap_sasl_bind_s',
        'ldap_bind',
        'ldap_bind_s',
        'ldap_compare',
        'ldap_compare_s',
        'ldap_compare_ext',
        'ldap_compare_ext_s',
        'ldap_delete',
        'ldap_delete_s',
        'ldap_delete_ext',
        'ldap_delete_ext_s',
        'ldap_modify',
        'ldap_modify_s',
        'ldap_modify_ext',
        'ldap_modify_ext_s',
        'ldap_add',
        'ldap_add_s',
        'ldap_add_ext',
        'ldap_add_ext_s',
        'ldap_rename',
        'ldap_rename_s',
        'ldap_modrdn',
        'ldap_modrdn_s',
        'ldap_modrdn2',
        'ldap_modrdn2_s',
      ],
      arg: 1,
      class: 'ldap-injection',
      where: 'built',
      label: 'an LDAP operation',
    },
  ],
  sanitizers: [
    { call: ['ldap_bv2escaped_filter_value', 'ldap_escape', 'ldap_escape_filter', 'ldap_filter_escape', 'ldap_escape_value', 'ldap_dn_escape'], class: 'ldap-injection' },
  ],
});
