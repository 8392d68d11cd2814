import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { classRef, descendants, findDeclaration, invocationParts, simpleTypeName, typeOf, unwrap } from '../../lang/java/tree.ts';

const INVOCATIONS = new Set(['method_invocation']);
const DIGEST_NAMES = /^(?:hash|md|digest|messageDigest|sha|sha256|sha512|hasher)$/i;

/** Whether an expression draws from java.util.Random or Math.random (a predictable generator). */
function predictableRandom(node: SyntaxNode): boolean {
  const calls = node.type === 'method_invocation' ? [node, ...descendants(node, INVOCATIONS)] : descendants(node, INVOCATIONS);
  return calls.some((c) => {
    const { name, object } = invocationParts(c);
    if (name === 'random' && classRef(object) === 'Math') return true;
    if (!/^next(?:Int|Long|Bytes|Double|Float|Gaussian)$/.test(name) || !object) return false;
    const o = unwrap(object);
    if (o.type === 'object_creation_expression') return simpleTypeName(o.child('type')?.text ?? '') === 'Random';
    const t = o.type === 'identifier' ? findDeclaration(o.text, o)?.type : null;
    return t !== null && t !== undefined && simpleTypeName(t) === 'Random';
  });
}

/** `digest.update(salt)` (or `new PBEKeySpec(pw, salt, …)`) where the salt comes from java.util.Random or Math.random. */
function check(node: SyntaxNode, _ctx: MatchContext): Verdict {
  if (node.type === 'object_creation_expression') {
    if (simpleTypeName(node.child('type')?.text ?? '') !== 'PBEKeySpec') return false;
    const salt = node.child('arguments')?.namedChildren[1];
    return salt !== undefined && predictableRandom(salt);
  }
  const { name, object, args } = invocationParts(node);
  if (name !== 'update' || !object || !args[0]) return false;
  const o = unwrap(object);
  const isDigest = typeOf(o) === 'MessageDigest' || (o.type === 'identifier' && DIGEST_NAMES.test(o.text));
  return isDigest && predictableRandom(args[0]);
}

export default defineRule({
  class: 'predictable-salt',
  confidence: 'medium',
  languages: ['java'],
  remediation: 'Make the salt with SecureRandom (`byte[] salt = new byte[16]; new SecureRandom().nextBytes(salt);`), or use a password-hashing function that salts for you.',
  references: ['https://cwe.mitre.org/data/definitions/760.html'],
  matcher: { kind: 'node', types: ['method_invocation', 'object_creation_expression'], where: check },
});
