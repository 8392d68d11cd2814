import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { literalNumber, stripParens } from '../../lang/java/checks/numbers.ts';
import { findDeclaration, invocationParts, simpleTypeName, unwrap } from '../../lang/java/tree.ts';

/** Whether a receiver is a byte or character stream (declared, or made with `new …Stream/Reader`). */
function isStream(object: SyntaxNode | null): boolean {
  if (!object) return false;
  const u = unwrap(object);
  if (u.type === 'object_creation_expression') return /(?:InputStream|Reader)$/.test(simpleTypeName(u.child('type')?.text ?? ''));
  if (u.type !== 'identifier') return false;
  const t = findDeclaration(u.text, u)?.type;
  return t !== null && t !== undefined && /(?:InputStream|Reader)$/.test(simpleTypeName(t));
}

/** `in.read(buf) == 0` (or `!= 0`): read returns -1 at the end of the stream, and 0 only for an empty buffer. */
function check(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const op = node.child('operator')?.text;
  if (op !== '==' && op !== '!=') return false;
  const l = node.child('left');
  const r = node.child('right');
  if (!l || !r) return false;
  const [call, other] = stripParens(l).type === 'method_invocation' ? [stripParens(l), r] : [stripParens(r), l];
  if (call.type !== 'method_invocation' || literalNumber(other) !== 0) return false;
  const { name, object, args } = invocationParts(call);
  if (name !== 'read' || args.length === 0 || !isStream(object)) return false;
  return { message: `${call.text.slice(0, 40)} returns -1 at the end of the stream, not 0: this test misses it` };
}

export default defineRule({
  class: 'unchecked-return',
  confidence: 'medium',
  cwe: ['CWE-253'],
  languages: ['java'],
  message: 'The result of read is tested against 0, which does not mean the end of the stream',
  remediation: 'Compare the result of read with -1 (end of stream), or use readNBytes / DataInputStream.readFully to fill the buffer.',
  references: ['https://cwe.mitre.org/data/definitions/253.html'],
  matcher: { kind: 'node', types: ['binary_expression'], where: check },
});
