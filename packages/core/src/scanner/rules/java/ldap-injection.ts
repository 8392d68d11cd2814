import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'ldap-injection',
  confidence: 'high',
  languages: ['java'],
  remediation:
    'Escape values for LDAP filters (`LdapEncoder.filterEncode(x)` in Spring LDAP, `Filter.encodeValue(x)` in UnboundID, ESAPI `encodeForLDAP`) and for DNs (`LdapEncoder.nameEncode`, `Rdn.escapeValue`), or build queries with `LdapQueryBuilder.query().where("uid").is(x)` / filter arguments (`ctx.search(base, "(uid={0})", new Object[]{x}, controls)`).',
  references: ['https://cwe.mitre.org/data/definitions/90.html', 'https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    // Sinks: the jdk, spring-ldap, unboundid-ldap models (models/java).
    sinks: [],
    params: 'built',
  },
});
