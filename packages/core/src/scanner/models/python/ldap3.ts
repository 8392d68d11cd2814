import { defineModel } from '../schema.ts';

/** ldap3: `conn.search(search_base, search_filter)` with a filter built from input, and its escapes. */
export default defineModel({
  name: 'ldap3',
  language: 'python',
  sinks: [{ call: ['*.search', '*.extend.standard.paged_search'], arg: 1, keyword: 'search_filter', class: 'ldap-injection', where: 'ldap-filter' }],
  sanitizers: [{ call: ['ldap3.utils.conv.escape_filter_chars', 'escape_rdn'], class: 'ldap-injection' }],
});
