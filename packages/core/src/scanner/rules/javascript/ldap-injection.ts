import { defineRule } from '../../rule.ts';
import { atWrapperCall, objectLiteral, propValue, taintedArgs } from '../../lang/javascript/helpers.ts';
import { filterObject } from '../../lang/javascript/heuristics.ts';
import type { SyntaxNode } from '../../syntax.ts';

/** Sinks and escapers: models/javascript/ldapjs. */
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
    sinks: [],
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
