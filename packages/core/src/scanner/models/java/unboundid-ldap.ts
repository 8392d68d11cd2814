import { defineModel } from '../schema.ts';

/** The UnboundID LDAP SDK: filters and search requests made from filter text; `Filter.encodeValue` escapes. */
export default defineModel({
  name: 'unboundid-ldap',
  language: 'java',
  sinks: [{ call: ['Filter.create', 'SearchRequest'], arg: 'all', class: 'ldap-injection', where: 'ldap-filter-text' }],
  sanitizers: [{ call: 'Filter.encodeValue', class: 'ldap-injection' }],
});
