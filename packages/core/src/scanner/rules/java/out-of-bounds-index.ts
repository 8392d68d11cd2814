import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { boundsAt, declaredType, inputNumber, INTEGRAL_BITS, stripParens, variableName } from '../../lang/java/checks/numbers.ts';

/**
 * `a[i]` where i is a number from outside: reported at the access when nothing bounds it, and at
 * the check when the check covers one side only (`if (i < a.length)` lets negative indexes through).
 */
function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  const index = node.child('index');
  if (!index) return false;
  const name = variableName(index);
  if (!name) return false;
  const type = declaredType(stripParens(index));
  if (!type || !(type in INTEGRAL_BITS)) return false;
  const s = inputNumber(stripParens(index), ctx);
  if (s !== 'remote' && s !== 'local') return false;
  const b = boundsAt(name, node);
  if (b.upper && b.lower) return false;
  const confidence = s === 'remote' ? 'medium' : 'low';
  const partial = b.checks[0];
  if ((b.upper || b.lower) && partial) {
    return {
      node: partial,
      confidence,
      message: `The index ${name} comes from outside and this check bounds it on one side only: ${b.upper ? 'negative' : 'too large'} values still reach ${node.text.slice(0, 40)}`,
    };
  }
  return { confidence, message: `The index ${name} comes from outside and nothing checks it is within the array` };
}

export default defineRule({
  class: 'out-of-bounds-index',
  confidence: 'medium',
  severity: 'medium',
  cwe: ['CWE-129'],
  languages: ['java'],
  remediation: 'Check an index from a request, a file or the environment on both sides before using it: `if (i >= 0 && i < array.length)`.',
  references: ['https://cwe.mitre.org/data/definitions/129.html'],
  matcher: { kind: 'node', types: ['array_access'], where: check },
});
