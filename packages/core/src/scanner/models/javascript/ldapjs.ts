import { defineModel } from '../schema.ts';

/** ldapjs, ldapts, activedirectory: search filters and base DNs built as text. */
export default defineModel({
  name: 'ldapjs',
  language: ['javascript', 'typescript'],
  description: 'LDAP searches (ldapjs, ldapts, activedirectory) with filters or base DNs built from input; ldap-escape as the sanitizer.',
  sinks: [
    { call: ['*.search', '*.searchAsync'], arg: [0, 1], class: 'ldap-injection', where: 'ldap-search', label: 'an LDAP search' },
    { call: ['ldapjs.parseFilter', 'ldap.parseFilter'], class: 'ldap-injection' },
    { call: '*.{findUser,findUsers,findGroup,findGroups,find,authenticate,isUserMemberOf}', class: 'ldap-injection', where: 'activedirectory-filter' },
  ],
  sanitizers: [
    {
      call: ['ldap-escape.{filter,dn}', 'ldapEscape.{filter,dn}', 'escapeLdap', 'ldapjs.{escapeFilter}', 'escapeLdapFilter', 'escapeFilter', 'escapeDN', 'escapeDn'],
      class: 'ldap-injection',
    },
  ],
});
