import { defineModel } from '../schema.ts';

/** go-ldap: search filters and base DNs, and bind DNs, built from untrusted data. */
export default defineModel({
  name: 'go-ldap',
  language: 'go',
  description: 'github.com/go-ldap/ldap',
  sinks: [
    { call: 'ldap.NewSearchRequest', arg: [0, 6], class: 'ldap-injection', where: 'ldap-request-not-searched' },
    { call: '*.{Search,SearchWithPaging,SearchAsync,SearchWithHandler}', class: 'ldap-injection', where: 'ldap-search' },
    { call: ['*.Bind', 'ldap.NewSimpleBindRequest'], class: 'ldap-injection', where: 'ldap-bind-dn' },
  ],
  sanitizers: [{ call: 'ldap.{EscapeFilter,EscapeDN}', class: 'ldap-injection' }],
});
