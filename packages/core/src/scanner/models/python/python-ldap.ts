import { defineModel } from '../schema.ts';

/** python-ldap: search filters (the third argument) built from input, and its filter escapes. */
export default defineModel({
  name: 'python-ldap',
  language: 'python',
  sinks: [{ call: ['*.search_s', '*.search_st', '*.search_ext', '*.search_ext_s', '*.search'], arg: 2, keyword: 'filterstr', class: 'ldap-injection', where: 'ldap-filter' }],
  sanitizers: [
    {
      call: ['ldap.filter.escape_filter_chars', 'escape_filter_chars', 'ldap.dn.escape_dn_chars', 'escape_dn_chars', 'ldap.filter.filter_format', 'filter_format'],
      class: 'ldap-injection',
    },
  ],
});
