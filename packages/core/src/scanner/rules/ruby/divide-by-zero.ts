import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { integerValue } from '../../lang/ruby/predicates.ts';

/** `x / 0`, `x % zero` (a name bound to 0): Integer division by zero raises ZeroDivisionError; a Float left side gives Infinity instead. */
function byZero(node: SyntaxNode, ctx: MatchContext): Verdict {
  const op = node.child('operator')?.text;
  if (op !== '/' && op !== '%' && op !== '/=' && op !== '%=' && op !== 'div' && op !== 'modulo') return false;
  const divisor = node.child('right');
  if (!divisor || divisor.type === 'float' || integerValue(divisor, ctx) !== 0) return false;
  if (node.child('left')?.type === 'float') return false;
  return { message: `${node.text.slice(0, 40)} divides by zero: an Integer raises ZeroDivisionError` };
}

export default defineRule({
  class: 'divide-by-zero',
  confidence: 'medium',
  severity: 'low',
  languages: ['ruby'],
  remediation: 'Check the divisor before dividing (`return if count.zero?`), or use `fdiv` where Infinity is a meaningful result.',
  references: ['https://cwe.mitre.org/data/definitions/369.html', 'https://docs.ruby-lang.org/en/master/ZeroDivisionError.html'],
  matcher: { kind: 'node', types: ['binary', 'operator_assignment'], where: byZero },
});
