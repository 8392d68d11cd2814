import { defineModel } from '../schema.ts';

/** net-ldap: search filters written as text, and the builders / escaping that keep values out of the filter syntax. */
export default defineModel({
  name: 'net-ldap',
  language: 'ruby',
  description: 'Net::LDAP',
  sinks: [
    { call: ['*.search', '*.bind_as', '*.search_subschema_entry'], keyword: 'filter', class: 'ldap-injection', where: 'ldap-filter', label: 'an LDAP search' },
    { call: ['Net.LDAP.Filter.{construct,from_rfc2254,from_rfc4515}', 'Net.LDAP.Filter.new'], class: 'ldap-injection', where: 'ldap-filter-unsearched' },
  ],
  sanitizers: [{ call: ['Net.LDAP.Filter.escape', 'Net.LDAP.Filter.{eq,equals,begins,ends,contains,ne,ge,le,present,pres}', 'escape_filter'], class: 'ldap-injection' }],
});
