import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { descendants, enclosingFunction, invocationParts, localAssignments, simpleTypeName, unwrap } from '../../lang/java/tree.ts';

const INVOCATIONS = new Set(['method_invocation']);

/** Whether an expression reads a password (`credentials.getPassword()`, directly or through `new String(…)`). */
function readsPassword(node: SyntaxNode): boolean {
  const calls = node.type === 'method_invocation' ? [node, ...descendants(node, INVOCATIONS)] : descendants(node, INVOCATIONS);
  return calls.some((c) => /^get(?:Password|Passwd)$/.test(invocationParts(c).name));
}

/**
 * Whether the value a cookie is made from holds a password: the expression itself, or the last
 * non-null value assigned to its variable before the cookie is made (a hash assigned after the
 * password replaces it).
 */
function holdsPassword(value: SyntaxNode, at: SyntaxNode): boolean {
  const u = unwrap(value);
  if (u.type !== 'identifier') return readsPassword(u);
  const fn = enclosingFunction(u);
  const before = (fn ? (localAssignments(fn).get(u.text) ?? []) : []).filter((v) => v.end <= at.start && v.type !== 'null_literal');
  const last = before.at(-1);
  return last !== undefined && readsPassword(last);
}

/** `new Cookie(name, value)` where the value holds a password in clear. */
function check(node: SyntaxNode, _ctx: MatchContext): Verdict {
  if (simpleTypeName(node.child('type')?.text ?? '') !== 'Cookie') return false;
  const value = node.child('arguments')?.namedChildren[1];
  if (!value || !holdsPassword(value, node)) return false;
  return { message: 'A password is stored in a cookie in clear: it travels with every request and sits in the browser' };
}

export default defineRule({
  class: 'sensitive-data-exposure',
  confidence: 'medium',
  cwe: ['CWE-315'],
  languages: ['java'],
  remediation: 'Never put passwords in cookies: keep a random session id in the cookie and the credentials (or a password hash) on the server.',
  references: ['https://cwe.mitre.org/data/definitions/315.html'],
  matcher: { kind: 'node', types: ['object_creation_expression'], where: check },
});
