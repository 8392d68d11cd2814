import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { stripParens } from '../../lang/java/checks/numbers.ts';
import { findDeclaration, simpleTypeName } from '../../lang/java/tree.ts';

/** Whether an operand is certainly a String: a literal, or a variable declared String. */
function isString(node: SyntaxNode): boolean {
  const n = stripParens(node);
  if (n.type === 'string_literal') return true;
  if (n.type !== 'identifier') return false;
  const t = findDeclaration(n.text, n)?.type;
  return t !== null && t !== undefined && simpleTypeName(t) === 'String';
}

/**
 * `a == b` / `a != b` on two strings (at least one a variable): compares identity. In an `if`, it is
 * reported over the block that runs on the outcome (the comparison decides which block runs).
 */
function check(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const op = node.child('operator')?.text;
  if (op !== '==' && op !== '!=') return false;
  const l = node.child('left');
  const r = node.child('right');
  if (!l || !r || !isString(l) || !isString(r)) return false;
  if (stripParens(l).type === 'string_literal' && stripParens(r).type === 'string_literal') return false;
  let at: SyntaxNode = node;
  const parent = node.parent?.type === 'parenthesized_expression' ? node.parent.parent : node.parent;
  if (parent?.type === 'if_statement' && parent.child('consequence')) at = parent.child('consequence') as SyntaxNode;
  return { node: at, message: `\`${node.text}\` compares string references, not their text (use equals)` };
}

export default defineRule({
  class: 'reference-comparison',
  confidence: 'high',
  languages: ['java'],
  remediation: 'Compare strings with `a.equals(b)` (or `Objects.equals(a, b)` when either may be null).',
  references: ['https://cwe.mitre.org/data/definitions/597.html'],
  matcher: { kind: 'node', types: ['binary_expression'], where: check },
});
