import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { stripParens } from '../../lang/java/checks/numbers.ts';

/**
 * `if (done = true)`, `while (found = false)`: a condition that is itself an assignment (an
 * assignment nested in a comparison, `(line = r.readLine()) != null`, is the usual idiom and
 * fine). Reported over the block the condition guards, which now runs whenever the assigned value is true.
 */
function check(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const cond = node.child('condition');
  if (!cond) return false;
  const c = stripParens(cond);
  if (c.type !== 'assignment_expression' || c.child('operator')?.text !== '=') return false;
  const guarded = node.child(node.type === 'if_statement' ? 'consequence' : 'body');
  return { node: guarded ?? node, message: `The condition \`${c.text}\` assigns instead of comparing, so this block runs whenever the assigned value is true` };
}

export default defineRule({
  class: 'operator-confusion',
  confidence: 'high',
  cwe: ['CWE-481'],
  languages: ['java'],
  message: 'The condition assigns (=) where a comparison (==) was meant',
  remediation: 'Use == to compare (or test the boolean itself: `if (isZero)`).',
  references: ['https://cwe.mitre.org/data/definitions/481.html'],
  matcher: { kind: 'node', types: ['if_statement', 'while_statement'], where: check },
});
