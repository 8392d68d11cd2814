import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'ldap-injection',
  confidence: 'high',
  languages: ['go'],
  remediation:
    'Escape values before building filters and DNs: `fmt.Sprintf("(uid=%s)", ldap.EscapeFilter(user))` and `ldap.EscapeDN(name)` (go-ldap/v3), or validate them against a strict pattern.',
  references: [
    'https://cwe.mitre.org/data/definitions/90.html',
    'https://pkg.go.dev/github.com/go-ldap/ldap/v3#EscapeFilter',
    'https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    // The sinks are data: models/go/*.ts, with the named checks of lang/go/heuristics.ts.
    sinks: [],
    params: 'built',
    local: 'built',
  },
});
