import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { boundsAt, inputNumber, stripParens, variableName } from '../../lang/java/checks/numbers.ts';

/** `x / n`, `x % n`, `x /= n` where n is a number from outside that nothing checks is not zero. */
function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  const op = node.child('operator')?.text ?? '';
  if (!['/', '%', '/=', '%='].includes(op)) return false;
  const divisor = node.child('right');
  if (!divisor) return false;
  const name = variableName(divisor);
  if (!name) return false;
  const s = inputNumber(stripParens(divisor), ctx);
  if (s !== 'remote' && s !== 'local') return false;
  if (boundsAt(name, node).nonZero) return false;
  return { confidence: s === 'remote' ? 'medium' : 'low', message: `The divisor ${name} is a number from outside and nothing checks that it is not zero` };
}

export default defineRule({
  class: 'divide-by-zero',
  confidence: 'medium',
  severity: 'low',
  languages: ['java'],
  remediation: 'Check a divisor that comes from a request, a file or the environment before dividing (`if (n == 0) reject`; for floating point, `Math.abs(n) > EPSILON`).',
  references: ['https://cwe.mitre.org/data/definitions/369.html'],
  matcher: { kind: 'node', types: ['binary_expression', 'assignment_expression'], where: check },
});
