import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { boundsAt, declaredType, FLOATING_BITS, inputNumber, INTEGRAL_BITS, stripParens, variableName } from '../../lang/java/checks/numbers.ts';

/** Whether an operand is text (`"total: " + n` is concatenation, not arithmetic). */
function isText(node: SyntaxNode, depth = 0): boolean {
  const n = stripParens(node);
  if (n.type === 'string_literal' || n.type === 'character_literal' || n.type === 'text_block') return true;
  if (depth < 8 && n.type === 'binary_expression' && n.child('operator')?.text === '+') {
    const l = n.child('left');
    const r = n.child('right');
    return (l !== null && isText(l, depth + 1)) || (r !== null && isText(r, depth + 1));
  }
  return false;
}

/** An integral variable holding a number from outside, with where it came from. */
function integralInput(node: SyntaxNode, ctx: MatchContext): { name: string; strength: 'remote' | 'local' } | null {
  const name = variableName(node);
  if (!name) return null;
  const type = declaredType(stripParens(node));
  if (!type || !(type in INTEGRAL_BITS)) return null;
  const s = inputNumber(node, ctx);
  return s === 'remote' || s === 'local' ? { name, strength: s } : null;
}

function overflow(at: SyntaxNode, ctx: MatchContext, operand: SyntaxNode, op: string, other: SyntaxNode | null, operandIsLeft: boolean): Verdict {
  const input = integralInput(operand, ctx);
  if (!input) return false;
  const b = boundsAt(input.name, at);
  const k = other ? (/^-/.test(stripParens(other).text) ? -1 : 1) : 1;
  const square = other !== null && variableName(other) === input.name;
  // Which way the result can wrap: up (CWE-190) when the input can be large, down (CWE-191) when it can be very negative.
  let up = false;
  let down = false;
  if (op === '+') k > 0 ? (up = true) : (down = true);
  else if (op === '-') operandIsLeft === k > 0 ? (down = true) : (up = true);
  else if (op === '*') {
    up = square || !b.upperNonPositive;
    down = square || !b.lowerNonNegative;
  }
  const wrapsUp = up && !b.upper;
  const wrapsDown = down && !b.lower;
  if (!wrapsUp && !wrapsDown) return false;
  return {
    node: at,
    cwe: [wrapsUp ? 'CWE-190' : 'CWE-191'],
    confidence: input.strength === 'remote' ? 'medium' : 'low',
    message: `${input.name} is a number from outside (${input.strength === 'remote' ? 'the request' : 'a local source'}) and \`${at.text.slice(0, 60)}\` can ${wrapsUp ? 'overflow' : 'underflow'}: nothing checks it is small enough first`,
  };
}

/** A cast to a narrower integral type, or from floating point, of a number from outside that is not checked to fit. */
function truncation(cast: SyntaxNode, ctx: MatchContext): Verdict {
  const value = cast.child('value');
  const target = cast.child('type')?.text ?? '';
  if (!value) return false;
  const name = variableName(value);
  const type = name ? declaredType(stripParens(value)) : null;
  if (!name || !type) return false;
  const from = INTEGRAL_BITS[type] ?? null;
  const fromFloat = FLOATING_BITS[type] ?? null;
  const toInt = INTEGRAL_BITS[target] ?? null;
  const toFloat = FLOATING_BITS[target] ?? null;
  const narrowing = (from !== null && toInt !== null && toInt < from) || (fromFloat !== null && (toInt !== null || (toFloat !== null && toFloat < fromFloat)));
  if (!narrowing) return false;
  const s = inputNumber(value, ctx);
  if (s !== 'remote' && s !== 'local') return false;
  const b = boundsAt(name, cast);
  if (b.upper && b.lower) return false;
  return {
    node: cast,
    cwe: [fromFloat !== null ? 'CWE-681' : 'CWE-197'],
    confidence: s === 'remote' ? 'medium' : 'low',
    message: `${name} is a number from outside and the cast to ${target} can change its value: nothing checks it fits first`,
  };
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  switch (node.type) {
    case 'binary_expression': {
      const op = node.child('operator')?.text ?? '';
      if (op !== '+' && op !== '-' && op !== '*') return false;
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right || isText(left) || isText(right)) return false;
      return overflow(node, ctx, left, op, right, true) || overflow(node, ctx, right, op, left, false);
    }
    case 'update_expression': {
      const operand = node.namedChildren[0];
      if (!operand) return false;
      return overflow(node, ctx, operand, node.text.includes('++') ? '+' : '-', null, true);
    }
    case 'assignment_expression': {
      const op = node.child('operator')?.text ?? '';
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right || !['+=', '-=', '*='].includes(op) || isText(right)) return false;
      return overflow(node, ctx, left, op.slice(0, 1), right, true);
    }
    case 'cast_expression':
      return truncation(node, ctx);
    default:
      return false;
  }
}

export default defineRule({
  class: 'integer-overflow',
  confidence: 'medium',
  severity: 'medium',
  languages: ['java'],
  message: 'Arithmetic or a narrowing cast on a number from outside can wrap around or lose its value',
  remediation:
    'Check numbers that come from a request, a file or the environment against the range the computation needs before using them (`if (n < 0 || n > MAX) reject`), or use `Math.addExact`/`multiplyExact`/`toIntExact`, which throw instead of wrapping.',
  references: [
    'https://cwe.mitre.org/data/definitions/190.html',
    'https://cwe.mitre.org/data/definitions/197.html',
    'https://wiki.sei.cmu.edu/confluence/display/java/NUM00-J.+Detect+or+prevent+integer+overflow',
  ],
  matcher: { kind: 'node', types: ['binary_expression', 'update_expression', 'assignment_expression', 'cast_expression'], where: check },
});
