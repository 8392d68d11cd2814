import { defineRule } from '../../rule.ts';

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
    // Sinks are in the models (stdlib ldap_*, symfony).
    sinks: [],
    params: 'built',
  },
});
