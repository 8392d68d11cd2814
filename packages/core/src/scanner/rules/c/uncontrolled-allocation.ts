import { assignedValue, derivedFromLength, enclosingCheck, isIntegerExpr, memoryTaint, norm, show, untrusted, upperBounded } from '../../lang/c/analysis.ts';
import { callArgs, calledName, constInt, enclosingFunction, findDeclaration, scopeDescendants, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const ALLOC_SIZE: Record<string, number> = { alloca: 0, _alloca: 0, __builtin_alloca: 0, malloc: 0, xmalloc: 0, g_malloc: 0, g_malloc0: 0, realloc: 1, xrealloc: 1, valloc: 0 };
const STACK = new Set(['alloca', '_alloca', '__builtin_alloca']);

/** A multiplication (or shift) with an untrusted operand: that is c.integer-overflow's finding. */
function multiplies(expr: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 12) return false;
  const v = unwrap(expr);
  if (v.type !== 'binary_expression') return false;
  const op = v.child('operator')?.text;
  if (op === '*' || op === '<<') {
    const [l, r] = [v.child('left'), v.child('right')];
    if (!l || !r) return false;
    // `n * sizeof(char)` multiplies by one: nothing to overflow.
    const lv = constInt(l);
    const rv = constInt(r);
    if ((lv !== null && lv <= 1) || (rv !== null && rv <= 1)) return false;
    return untrusted(memoryTaint(ctx, l)) || untrusted(memoryTaint(ctx, r));
  }
  return [v.child('left'), v.child('right')].some((x) => x !== null && multiplies(x, ctx, depth + 1));
}

/**
 * The value last stored in a field before `at`: `pkt.len = static_cast<uint32_t>(r.remaining());`.
 * A field of an object that also holds input keeps what was stored in it.
 */
function storedField(size: SyntaxNode, at: SyntaxNode): SyntaxNode | null {
  const v = unwrap(size);
  const fn = enclosingFunction(at);
  if (v.type !== 'field_expression' || !fn) return null;
  const key = norm(v);
  let best: SyntaxNode | null = null;
  for (const n of scopeDescendants(fn, ['assignment_expression'])) {
    if (n.start >= at.start) break;
    const left = n.child('left');
    const right = n.child('right');
    if (n.child('operator')?.text === '=' && left && right && right.end <= at.start && norm(unwrap(left)) === key) best = right;
  }
  return best;
}

function sizeFinding(size: SyntaxNode, at: SyntaxNode, ctx: MatchContext, what: string, stack: boolean): Verdict {
  if (constInt(size) !== null) return false;
  const t = memoryTaint(ctx, size);
  if (!untrusted(t) || !isIntegerExpr(ctx, size)) return false;
  const stored = storedField(size, at);
  if (stored && !untrusted(memoryTaint(ctx, stored))) return false;
  if (derivedFromLength(size, at) || upperBounded(size, at) || multiplies(size, ctx)) return false;
  // `void *xmalloc(size_t n) { return malloc(n); }`: an allocator wrapper; its callers decide the size.
  const v = unwrap(size);
  if (v.type === 'identifier' && findDeclaration(v.text, v)?.kind === 'param') return false;
  // `size_t total = n * sizeof *p; malloc(total)`: the product is c.integer-overflow's finding.
  const computed = unwrap(size).type === 'identifier' ? assignedValue(size, at) : null;
  if (computed && multiplies(computed, ctx)) return false;
  // `malloc(n + 1)`: the addition can also wrap around.
  const adds = /\+/.test(norm(computed ?? size)) ? ['CWE-190'] : [];
  // `if (n > strlen(greeting)) p = malloc(n);`: a check that only makes the size large enough is where it goes wrong.
  const check = enclosingCheck(size, at);
  return {
    ...(check ? { node: check } : {}),
    confidence: stack ? 'high' : 'medium',
    cwe: stack ? ['CWE-789', 'CWE-770', 'CWE-121', ...adds] : ['CWE-789', 'CWE-770', ...adds],
    message: `${what} takes its size ${show(size)} from ${t.label} without an upper limit${stack ? ': a large value overflows the stack' : ''}`,
  };
}

function uncontrolledAllocation(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'array_declarator') {
    // A variable-length array: `char buf[n];` in a function.
    const size = node.child('size');
    if (!size || !enclosingFunction(node) || node.ancestor(new Set(['parameter_declaration', 'field_declaration']))) return false;
    return sizeFinding(size, node, ctx, `The variable-length array ${node.child('declarator')?.text ?? ''}`, true);
  }
  if (node.type === 'new_expression') {
    const len = node.child('declarator')?.child('length');
    return len ? sizeFinding(len, node, ctx, 'new[]', false) : false;
  }
  const name = calledName(node);
  const pos = name !== null ? ALLOC_SIZE[name] : undefined;
  if (name === null || pos === undefined) return false;
  const size = callArgs(node)[pos];
  return size ? sizeFinding(size, node, ctx, `${name}()`, STACK.has(name)) : false;
}

export default defineRule({
  class: 'uncontrolled-allocation',
  confidence: 'high',
  cwe: ['CWE-789', 'CWE-770'],
  languages: ['c', 'cpp'],
  message: 'An allocation size comes from input without an upper limit',
  remediation:
    'Reject sizes above a sane maximum before allocating (`if (n == 0 || n > MAX_ITEMS) return -1;`); never size a stack array or alloca() from input — allocate on the heap and check the result.',
  references: ['https://cwe.mitre.org/data/definitions/789.html', 'https://wiki.sei.cmu.edu/confluence/display/c/MEM05-C.+Avoid+large+stack+allocations'],
  matcher: { kind: 'node', types: ['call_expression', 'array_declarator', 'new_expression'], where: uncontrolledAllocation },
});
