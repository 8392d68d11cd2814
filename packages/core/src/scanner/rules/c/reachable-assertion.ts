import { memoryTaint, untrusted, valueRange } from '../../lang/c/analysis.ts';
import { callArgs, descendants, unwrap } from '../../lang/c/syntax.ts';

const VALUES = new Set(['identifier', 'field_expression', 'subscript_expression']);
import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint, type Verdict } from '../../rule.ts';

/**
 * `assert(n > LIMIT)` with `n` read from input: whoever sends the input decides whether the program
 * aborts (and with NDEBUG the check disappears). Reported for input from outside — stdin, files,
 * the network, the environment — not for a parameter of unknown origin.
 */
/** Whether `a op b` holds for every value of the two ranges. */
function proven(op: string, a: [number, number], b: [number, number]): boolean {
  if (op === '>') return a[0] > b[1];
  if (op === '>=') return a[0] >= b[1];
  if (op === '<') return a[1] < b[0];
  return a[1] <= b[0];
}

function reachable(call: CallView, ctx: MatchContext): Verdict {
  const condition = callArgs(call.node)[0];
  if (!condition) return false;
  // The values compared: a comparison itself carries no taint.
  let t: Taint | null = null;
  for (const v of descendants(condition, VALUES, 200)) {
    if (v.type === 'field_expression' && v.parent?.type === 'field_expression') continue;
    const x = memoryTaint(ctx, v);
    if (untrusted(x) && x.strength !== 'param') {
      t = x;
      break;
    }
  }
  if (!t) return false;
  // Input validated before (`if (n <= 0 || n > MAX) return;`) cannot break the assertion.
  const compared = unwrap(condition);
  if (compared.type === 'binary_expression' && /^[<>]=?$/.test(compared.child('operator')?.text ?? '')) {
    const left = compared.child('left');
    const right = compared.child('right');
    const a = left ? valueRange(left, call.node) : null;
    const b = right ? valueRange(right, call.node) : null;
    if (a && b && proven(compared.child('operator')?.text ?? '', a, b)) return false;
  }
  return { message: `${call.name}() tests a value that comes from ${t.label}: input that breaks it aborts the program` };
}

export default defineRule({
  class: 'reachable-assertion',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  matcher: { kind: 'call', callee: ['assert', '_ASSERT', '_ASSERTE', 'g_assert', 'BOOST_ASSERT', 'BOOST_VERIFY', 'std.assert'], where: reachable },
});
