import { defineRule } from '../../rule.ts';
import { receiverName } from '../../lang/php/helpers.ts';

export default defineRule({
  class: 'ldap-injection',
  confidence: 'high',
  languages: ['php'],
  remediation:
    "Escape every value put into a filter with `ldap_escape($value, '', LDAP_ESCAPE_FILTER)` (and `LDAP_ESCAPE_DN` for DNs), or use a library query builder that escapes (Symfony Ldap, LdapRecord `where()`).",
  references: [
    'https://cwe.mitre.org/data/definitions/90.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html',
    'https://www.php.net/manual/en/function.ldap-escape.php',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['ldap_search', 'ldap_list', 'ldap_read'], args: [2] },
      // The base DN is set by the operator when it comes from the environment or a config file (also when a
      // config array is handed to a helper unchanged); built from a request value it is injectable.
      { callee: ['ldap_search', 'ldap_list', 'ldap_read'], args: [1], where: (_call, _ctx, taint) => taint.strength === 'remote' || (taint.strength === 'param' && taint.built) },
      { callee: ['ldap_bind', 'ldap_compare', 'ldap_delete', 'ldap_mod_replace', 'ldap_modify'], args: [1], where: (_call, _ctx, taint) => taint.built },
      {
        callee: ['*.query', '*.search', '*.rawFilter'],
        args: [0, 1],
        where: (call, ctx, taint) => /ldap/i.test(receiverName(call, ctx) ?? '') && (taint.built || taint.strength === 'remote'),
      },
    ],
    params: 'built',
  },
});
