import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { probing, receiverIs } from '../../lang/java/predicates.ts';
import { findAfter } from '../../lang/java/tree.ts';

const LDAP_TYPES = new Set(['DirContext', 'InitialDirContext', 'LdapContext', 'InitialLdapContext', 'LdapTemplate', 'LdapOperations', 'DirContextOperations', 'LDAPConnection', 'LdapConnection', 'LdapNetworkConnection']);
const LDAP_NAMES = /^(?:ctx|context|dirContext|dirCtx|ldapContext|ldapCtx|ldap|ldapTemplate|template|ldapOperations|connection|conn|ldapConnection|ldapConn|getLdapTemplate|initialDirContext)$/i;

/** Text built into an LDAP filter or DN: `(uid=` + x + `)`, `cn=` + x + `,ou=…`. */
function looksLikeLdap(text: string): boolean {
  return (
    findAfter(text, '(', /^\s*(?:[&|!]\s*)?(?:\(\s*)?[A-Za-z][\w-]*\s*[~<>]?=/) !== null ||
    /^\s*[A-Za-z][\w-]*\s*=/.test(text) ||
    findAfter(text.toLowerCase(), ',', /^\s*(?:ou|dc|cn|o|uid)\s*=/) !== null
  );
}

function ldapSearch(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!receiverIs(call, ctx, { types: LDAP_TYPES, names: LDAP_NAMES })) return false;
  if (probing(taint, ctx)) return true;
  if (taint.built) return looksLikeLdap(taint.text);
  if (taint.strength !== 'remote') return false;
  // A whole filter or DN taken from the request; LdapQueryBuilder chains (`query().where("uid").is(x)`) encode their values.
  const tainted = call.args.filter((a) => a.index >= 0 && a.index <= 1 && ctx.taint(a.node) !== null);
  return tainted.some((a) => !/\bquery\(|LdapQueryBuilder|\.where\(|\.is\(|\.like\(|Filter\.(?:create(?:EqualityFilter|ANDFilter|ORFilter)|equals)|EqualsFilter|AndFilter/.test(a.node.text));
}

function ldapFilterText(_call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return probing(taint, ctx) || (taint.built && looksLikeLdap(taint.text));
}

export default defineRule({
  class: 'ldap-injection',
  confidence: 'high',
  languages: ['java'],
  remediation:
    'Escape values for LDAP filters (`LdapEncoder.filterEncode(x)` in Spring LDAP, `Filter.encodeValue(x)` in UnboundID, ESAPI `encodeForLDAP`) and for DNs (`LdapEncoder.nameEncode`, `Rdn.escapeValue`), or build queries with `LdapQueryBuilder.query().where("uid").is(x)` / filter arguments (`ctx.search(base, "(uid={0})", new Object[]{x}, controls)`).',
  references: [
    'https://cwe.mitre.org/data/definitions/90.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.search', '*.searchForObject', '*.searchForContext', '*.authenticate', '*.lookup', '*.list', '*.bind', '*.unbind', '*.findOne', '*.find'], args: [0, 1], where: ldapSearch },
      { callee: ['**.query().filter', 'Filter.create', 'SearchRequest'], args: 'all', where: ldapFilterText },
    ],
    params: 'built',
  },
});
