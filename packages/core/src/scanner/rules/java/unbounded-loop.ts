import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { boundsAt, inputNumber, stripParens, variableName } from '../../lang/java/checks/numbers.ts';

const COMPARISONS = new Set(['<', '<=', '>', '>=', '!=']);

/** `for (i = 0; i < n; i++)`, `while (i < n)`: n a number from outside with no upper limit checked before the loop. */
function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  const cond = node.child('condition');
  if (!cond) return false;
  const c = stripParens(cond);
  if (c.type !== 'binary_expression' || !COMPARISONS.has(c.child('operator')?.text ?? '')) return false;
  for (const side of [c.child('right'), c.child('left')]) {
    if (!side) continue;
    const name = variableName(side);
    if (!name) continue;
    const s = inputNumber(stripParens(side), ctx);
    if (s !== 'remote' && s !== 'local') continue;
    if (boundsAt(name, node).upper) return false;
    return { confidence: s === 'remote' ? 'medium' : 'low', message: `The loop runs up to ${name}, a number from outside that nothing limits` };
  }
  return false;
}

export default defineRule({
  class: 'unbounded-loop',
  confidence: 'medium',
  languages: ['java'],
  remediation: 'Check a count from a request, a file or the environment against an upper limit before looping on it.',
  references: ['https://cwe.mitre.org/data/definitions/606.html'],
  matcher: { kind: 'node', types: ['for_statement', 'while_statement', 'do_statement'], where: check },
});
