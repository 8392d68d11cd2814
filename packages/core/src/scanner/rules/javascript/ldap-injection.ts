import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { argAt, atWrapperCall, declaredValue, importsModule, objectLiteral, propValue, taintedArgs, unwrap } from '../../lang/javascript/helpers.ts';
import type { SyntaxNode } from '../../syntax.ts';

/**
 * A filter object rather than filter text: `new ldap.EqualityFilter({ attribute, value })` (which
 * escapes its value), `new AndFilter({ filters })`, or the result of `ldap.parseFilter(…)` (whose
 * own argument is a sink), inline or through a local binding.
 */
function filterObject(filter: SyntaxNode): boolean {
  let n = unwrap(filter);
  if (n.type === 'identifier' || n.type === 'shorthand_property_identifier') {
    const v = declaredValue(n);
    if (!v) return false;
    n = unwrap(v);
  }
  if (n.type === 'new_expression') return true;
  return n.type === 'call_expression' && /(?:^|\.)parseFilter$/.test(n.child('function')?.text ?? '');
}

/** `(&(objectClass=user)(uid=…))`, `(mail=…)`: an LDAP filter's opening; `uid=…,ou=people,dc=…`: a DN. */
const LDAP_FILTER = /^\s{0,4}\(\s{0,4}(?:[&|!]\s{0,4}\(|[A-Za-z][\w.;-]{0,40}[~<>]?=)/;
const DN_PART = /^\s{0,4}(?:uid|cn|ou|dc|o)=/i;

/** `cn=…,ou=groups,dc=example`: at least two RDNs with the usual attribute names. */
function ldapDn(text: string): boolean {
  return text.split(',').filter((p) => DN_PART.test(p)).length >= 2;
}

/** A search whose filter (or base DN) is built, as text that reads as LDAP, from input. */
function ldapText(call: CallView, ctx: MatchContext): boolean {
  const base = argAt(call, 0);
  const bt = base ? ctx.taint(base) : null;
  if (bt?.built && ldapDn(bt.text)) return true;
  const opts = argAt(call, 1);
  const obj = opts ? objectLiteral(opts) : null;
  const filter = obj ? propValue(obj, 'filter') : null;
  const t = filter ? ctx.taint(filter) : null;
  return t !== null && t.built && LDAP_FILTER.test(t.text) && !filterObject(filter as SyntaxNode);
}

/**
 * ldapjs / ldapts `client.search(base, { filter })`: the filter string (or the base DN) built from
 * input. `new ldap.EqualityFilter({ attribute, value })` escapes its value and is not a string.
 */
function ldapSearch(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  // Without an LDAP client import (the client comes from another module: `this.ldap.search(…)`),
  // only text that reads as an LDAP filter or DN counts.
  if (!importsModule(ctx, 'ldapjs', 'ldapts', 'ldapjs-promise', 'activedirectory', 'activedirectory2', 'ldap-authentication', 'ldapauth-fork')) return ldapText(call, ctx);
  const base = argAt(call, 0);
  if (base && ctx.taint(base) && taint.built) return true;
  const opts = argAt(call, 1);
  if (!opts) return false;
  // A wrapper `ldapSearch(client, base, options)` forwarding its parameter: its callers decide.
  if (unwrap(opts).type === 'identifier' && !objectLiteral(opts) && taint.strength === 'param' && !taint.built) return true;
  const obj = objectLiteral(opts);
  const filter = obj ? propValue(obj, 'filter') : unwrap(opts);
  if (!filter) return false;
  const t = ctx.taint(filter);
  return t !== null && (t.built || t.strength === 'remote') && !filterObject(filter);
}

export default defineRule({
  class: 'ldap-injection',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  remediation:
    'Escape values for LDAP filters (`ldap-escape`: ldapEscape.filter`(uid=${user})`) or build filters as objects (`new ldap.EqualityFilter({ attribute: "uid", value: user })`); escape DN components with `ldapEscape.dn`.',
  references: [
    'https://cwe.mitre.org/data/definitions/90.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/LDAP_Injection_Prevention_Cheat_Sheet.html',
    'https://github.com/ldapjs/node-ldapjs',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.search', '*.searchAsync'], args: [0, 1], where: ldapSearch, label: 'an LDAP search' },
      { callee: ['ldapjs.parseFilter', 'ldap.parseFilter'], args: [0] },
      { callee: ['*.{findUser,findUsers,findGroup,findGroups,find,authenticate,isUserMemberOf}'], args: [0], where: (call, ctx, taint) => importsModule(ctx, 'activedirectory', 'activedirectory2') && taint.built && /[()=&|]/.test(taint.text) },
    ],
    sanitizers: ['ldap-escape.filter', 'ldap-escape.dn', 'ldapEscape.filter', 'ldapEscape.dn', 'escapeLdapFilter', 'escapeFilter', 'escapeDN', 'escapeDn'],
    params: 'built',
    local: 'never',
    // At a wrapper's call, the options the caller passes must carry a built filter.
    check: (taint, ctx, at) => {
      if (!atWrapperCall(taint, at)) return true;
      return taintedArgs(at, ctx).some((a) => {
        const obj = objectLiteral(a);
        const filter = obj ? propValue(obj, 'filter') : null;
        const t = filter ? ctx.taint(filter) : null;
        return t !== null && (t.built || t.strength === 'remote') && !filterObject(filter as SyntaxNode);
      });
    },
  },
});
