import { defineModel } from '../schema.ts';

/** Spring LDAP: LdapTemplate searches and LdapQueryBuilder filters; LdapEncoder escapes values. */
export default defineModel({
  name: 'spring-ldap',
  language: 'java',
  sinks: [
    { call: ['*.searchForObject', '*.searchForContext', '*.authenticate', '*.findOne', '*.find'], arg: [0, 1], class: 'ldap-injection', where: 'ldap-directory' },
    { call: '**.query().filter', arg: 'all', class: 'ldap-injection', where: 'ldap-filter-text' },
  ],
  sanitizers: [{ call: 'LdapEncoder.{filterEncode,nameEncode}', class: 'ldap-injection' }],
});
