import { defineRule } from '../../rule.ts';

/** LDAP filter syntax in the literal text around the input: `(uid=`, `(&(objectClass=user)(cn=`. */
const FILTER_TEXT = /\([&|!(\s]*[A-Za-z][\w-]*\s?[~<>]?=/;

export default defineRule({
  id: 'csharp.ldap-injection',
  title: 'LDAP injection',
  severity: 'high',
  confidence: 'high',
  cwe: ['CWE-90'],
  owasp: ['A03:2021'],
  languages: ['csharp'],
  message: 'Untrusted data from {source} is built into the LDAP filter or path used by {sink}',
  remediation:
    'Escape values for LDAP before building a filter (`Encoder.LdapFilterEncode(value)` from AntiXSS, or escape `*`, `(`, `)`, `\\` and NUL as `\\2a`, `\\28`, `\\29`, `\\5c`, `\\00`) and distinguished names with `Encoder.LdapDistinguishedNameEncode`; validate user names against a strict pattern.',
  references: [
    'https://cwe.mitre.org/data/definitions/90.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    class: 'ldap',
    sinks: [
      // new DirectorySearcher(filter) / (entry, filter) / { Filter = … }
      { callee: ['**.DirectorySearcher'], args: [0, 1], keywords: ['Filter', 'filter'], where: (call, ctx, taint) => taint.built || ctx.arg(call, 'Filter') !== null || call.args.length <= 2 },
      { callee: ['**.DirectoryEntry'], args: [0], keywords: ['Path', 'path'] },
      // System.DirectoryServices.Protocols: new SearchRequest(baseDn, filter, scope, …)
      { callee: ['**.SearchRequest'], args: [0, 1], keywords: ['Filter', 'DistinguishedName'] },
      // Novell / LdapForNet: conn.Search(base, scope, filter, attrs, typesOnly)
      { callee: ['*.{Search,SearchAsync}'], args: [0, 2], where: (call, ctx, taint) => FILTER_TEXT.test(taint.text) && /ldap|conn|connection/i.test(call.receiver?.text ?? '') && ctx.arg(call, 2) !== null },
      { callee: ['*.{FindOne,FindAll}'], args: [0], where: (_call, _ctx, taint) => FILTER_TEXT.test(taint.text) },
    ],
    assignSinks: [
      { target: ['*.Filter'], where: (target, _ctx, taint) => /search/i.test(target.child('expression')?.text ?? '') || FILTER_TEXT.test(taint.text) },
      { target: ['*.Path'], where: (target, _ctx, taint) => /entry|\bde\b|directory/i.test(target.child('expression')?.text ?? '') && /^LDAP:\/\/|(?:CN|OU|DC)=/i.test(taint.text) },
    ],
    params: 'built',
    local: 'never',
  },
});
