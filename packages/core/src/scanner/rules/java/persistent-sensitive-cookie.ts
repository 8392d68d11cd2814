import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { CallView } from '../../engine/adapter.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { identifierWords } from '../../lang/java/predicates.ts';
import { findDeclaration, simpleTypeName, unwrap } from '../../lang/java/tree.ts';
import { literalNumber, stripParens } from '../../lang/java/checks/numbers.ts';

/** Words of cookie names that carry a session, an identity or a secret. */
const SENSITIVE = new Set([
  'session',
  'sess',
  'sid',
  'jsessionid',
  'auth',
  'token',
  'jwt',
  'secret',
  'password',
  'credential',
  'credentials',
  'apikey',
  'sso',
  'oauth',
  'saml',
  'identity',
  'private',
  'ssn',
  'card',
]);
/** A year, in seconds: longer than any session or secret should live on the client. */
const YEAR = 365 * 24 * 60 * 60;

/** The value of a constant integer expression (`60 * 60 * 24 * 365 * 5`), or null. */
function constantSeconds(node: SyntaxNode, depth = 0): number | null {
  if (depth > 12) return null;
  const n = stripParens(node);
  const lit = literalNumber(n);
  if (lit !== null) return lit;
  if (n.type !== 'binary_expression') return null;
  const l = n.child('left');
  const r = n.child('right');
  const a = l ? constantSeconds(l, depth + 1) : null;
  const b = r ? constantSeconds(r, depth + 1) : null;
  if (a === null || b === null) return null;
  switch (n.child('operator')?.text) {
    case '*':
      return a * b;
    case '+':
      return a + b;
    case '-':
      return a - b;
    default:
      return null;
  }
}

/** `cookie.setMaxAge(n)` with n a year or more, on a `new Cookie(name, …)` whose name says it holds a secret or a session. */
function check(call: CallView, ctx: MatchContext): Verdict {
  const age = call.args.find((a) => a.index === 0)?.node;
  const seconds = age ? constantSeconds(age) : null;
  if (seconds === null || seconds < YEAR) return false;
  const receiver = call.receiver ? unwrap(call.receiver) : null;
  if (receiver?.type !== 'identifier') return false;
  const d = findDeclaration(receiver.text, receiver);
  const init = d?.init ? unwrap(d.init) : null;
  if (!init || init.type !== 'object_creation_expression' || simpleTypeName(init.child('type')?.text ?? '') !== 'Cookie') return false;
  const nameNode = init.child('arguments')?.namedChildren[0];
  const name = nameNode ? ctx.stringValue(nameNode) : null;
  if (name === null || !identifierWords(name).some((w) => SENSITIVE.has(w))) return false;
  return { message: `The cookie ${name} holds a secret or a session and is kept for ${Math.round(seconds / YEAR)} year(s)` };
}

export default defineRule({
  class: 'persistent-sensitive-cookie',
  confidence: 'medium',
  languages: ['java'],
  remediation: 'Do not give session or secret cookies a long Max-Age: leave them as session cookies, or keep them short-lived and renew them on the server.',
  references: ['https://cwe.mitre.org/data/definitions/539.html'],
  matcher: { kind: 'call', callee: ['*.setMaxAge'], where: check },
});
