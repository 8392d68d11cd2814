import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { argAt, unparen } from '../../lang/go/util.ts';

/** `conn.Search(&ldap.SearchRequest{Filter: …})`: a search request literal built in place. */
function searchLiteral(call: CallView, ctx: MatchContext): boolean {
  const arg = argAt(call, 0);
  if (!arg) return false;
  let n = unparen(arg);
  if (n.type === 'unary_expression') n = n.child('operand') ?? n;
  if (n.type !== 'composite_literal' || !/SearchRequest$/.test(n.child('type')?.text ?? '')) return false;
  for (const el of n.child('body')?.namedChildren ?? []) {
    if (el.type !== 'keyed_element') continue;
    const key = el.child('key')?.text;
    const value = el.child('value');
    if ((key === 'Filter' || key === 'BaseDN') && value && ctx.taint(value)) return true;
  }
  return false;
}

/** A bind DN built from untrusted data: `l.Bind(fmt.Sprintf("uid=%s,ou=people,dc=example,dc=com", user), pw)`. */
function bindDn(_call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return taint.built && /\b(?:uid|cn|ou|dc|mail|sAMAccountName|userPrincipalName)=/i.test(taint.text);
}

export default defineRule({
  id: 'go.ldap-injection',
  title: 'LDAP injection',
  severity: 'high',
  confidence: 'high',
  cwe: ['CWE-90'],
  owasp: ['A03:2021'],
  languages: ['go'],
  message: 'Untrusted data from {source} is built into an LDAP filter or DN passed to {sink}',
  remediation:
    'Escape values before building filters and DNs: `fmt.Sprintf("(uid=%s)", ldap.EscapeFilter(user))` and `ldap.EscapeDN(name)` (go-ldap/v3), or validate them against a strict pattern.',
  references: [
    'https://cwe.mitre.org/data/definitions/90.html',
    'https://pkg.go.dev/github.com/go-ldap/ldap/v3#EscapeFilter',
    'https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    class: 'ldap',
    sinks: [
      { callee: 'ldap.NewSearchRequest', args: [0, 6] },
      { callee: '*.{Search,SearchWithPaging}', args: [0], where: (call, ctx) => searchLiteral(call, ctx) },
      { callee: '*.Bind', args: [0], where: bindDn },
      { callee: 'ldap.NewSimpleBindRequest', args: [0], where: bindDn },
    ],
    params: 'built',
    local: 'built',
  },
});
