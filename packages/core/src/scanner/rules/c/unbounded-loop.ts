import { isIntegerExpr, memoryTaint, norm, show, untrusted, upperBounded } from '../../lang/c/analysis.ts';
import { callNeverReturns, calledName, descendants, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** `i < n`, `i <= n`, `n > i`: the bound a counter runs up to, and the counter. */
function countedBound(condition: SyntaxNode): { counter: SyntaxNode; bound: SyntaxNode } | null {
  const c = unwrap(condition);
  if (c.type !== 'binary_expression') return null;
  const op = c.child('operator')?.text;
  const l = c.child('left');
  const r = c.child('right');
  if (!l || !r) return null;
  if (op === '<' || op === '<=') return { counter: unwrap(l), bound: r };
  if (op === '>' || op === '>=') return { counter: unwrap(r), bound: l };
  return null;
}

const JUMPS = new Set(['break_statement', 'return_statement', 'goto_statement', 'throw_statement', 'call_expression']);
/** Calls that read more input or parse it: a loop that does so stops when the input ends. */
const READS = /read|recv|fetch|next|parse|decode|get(?:line|c|char|s)?$|scan|take|pop/i;

/**
 * Whether a loop body reads input each time round or can leave early (`break`, `return`, `goto`,
 * `throw`, a call that never returns): a parser's `for (i = 0; i < count; i++) { if (read(…) <= 0)
 * break; … }` is bounded by the data it actually receives.
 */
function consumesInput(body: SyntaxNode): boolean {
  for (const n of descendants(body, JUMPS, 4000)) {
    if (n.type !== 'call_expression') return true;
    const name = calledName(n) ?? '';
    if (READS.test(name) || callNeverReturns(n)) return true;
  }
  return false;
}

/**
 * `for (i = 0; i < count; i++)` with `count` read from input and never compared with a maximum:
 * the input decides how long the program works (CWE-606, CWE-400). A loop that writes an array at
 * the counter is c.out-of-bounds-index's case; a parameter of unknown origin is its callers'.
 */
function unboundedLoop(node: SyntaxNode, ctx: MatchContext): Verdict {
  const condition = node.child('condition');
  if (!condition) return false;
  const shape = countedBound(condition);
  if (!shape || shape.counter.type !== 'identifier') return false;
  const update = node.type === 'for_statement' ? node.child('update') : node.child('body');
  const counter = shape.counter.text;
  if (
    !update ||
    !descendants(update, new Set(['update_expression', 'assignment_expression']), 400).some((u) => norm(unwrap(u.child('argument') ?? u.child('left') ?? u)) === counter)
  )
    return false;
  const bound = unwrap(shape.bound);
  const t = memoryTaint(ctx, bound);
  if (!untrusted(t) || t.strength === 'param' || !isIntegerExpr(ctx, bound)) return false;
  if (upperBounded(bound, node)) return false;
  const body = node.child('body');
  if (!body || consumesInput(body)) return false;
  const writesAtCounter =
    body !== null &&
    descendants(body, new Set(['subscript_expression']), 2000).some(
      (s) => s.parent?.type === 'assignment_expression' && s.parent.child('left') === s && descendants(s, new Set(['identifier']), 50).some((id) => id.text === counter),
    );
  if (writesAtCounter) return false;
  return { message: `The loop runs up to ${show(bound)}, which comes from ${t.label} and has no upper limit` };
}

export default defineRule({
  class: 'unbounded-loop',
  confidence: 'low',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['for_statement', 'while_statement'], where: unboundedLoop },
});
