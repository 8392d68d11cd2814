import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { probing, receiverIs, resolveLocal } from '../../lang/java/predicates.ts';
import { findDeclaration, unwrap } from '../../lang/java/tree.ts';

const SESSION_TYPES = new Set(['HttpSession', 'WebSession']);
const SESSION_NAMES = /^(?:session|httpSession|sess|getSession|userSession)$/;
const REQUEST_READ = /^(?:getParameter|getHeader|getParameterValues|getQueryString|getCookies|getValue)$/;

/** The stored value is request data as read (a request parameter or a handler argument), not something derived from it. */
function rawRequestValue(n: SyntaxNode, depth = 0): boolean {
  if (depth > 3) return false;
  const u = unwrap(n);
  if (u.type === 'method_invocation') return REQUEST_READ.test(u.child('name')?.text ?? '') || /^(?:trim|strip|toLowerCase|toUpperCase)$/.test(u.child('name')?.text ?? '') && rawRequestValue(u.child('object') ?? u, depth + 1);
  if (u.type === 'binary_expression') return [u.child('left'), u.child('right')].some((x) => x !== null && rawRequestValue(x, depth + 1));
  if (u.type === 'identifier') {
    const d = findDeclaration(u.text, u);
    if (d?.kind === 'param') return true;
    const init = resolveLocal(u);
    return init !== null && rawRequestValue(init, depth + 1);
  }
  return false;
}

function sessionStore(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!receiverIs(call, ctx, { types: SESSION_TYPES, names: SESSION_NAMES, segments: new Set(['getSession']) })) return false;
  if (probing(taint, ctx)) return true;
  return call.args.some((a) => a.index >= 0 && a.index <= 1 && ctx.taint(a.node) !== null && rawRequestValue(a.node));
}

export default defineRule({
  class: 'trust-boundary-violation',
  confidence: 'low',
  languages: ['java'],
  remediation:
    'Validate request data before storing it in the session, and store server-derived values (the authenticated user loaded from the database) rather than what the client sent.',
  references: ['https://cwe.mitre.org/data/definitions/501.html', 'https://owasp.org/www-project-top-ten/2017/A5_2017-Broken_Access_Control'],
  matcher: {
    kind: 'taint',
    // There is no trust-boundary class; `format` has no Java sanitizers, so only numbers and guards clear it.
    sinks: [{ callee: ['*.setAttribute', '*.putValue'], args: [0, 1], where: sessionStore }],
    params: 'never',
    local: 'never',
  },
});
