import { enclosingCheck, memoryTaint, norm, scalarType, show, typeRange, untrusted, valueRange } from '../../lang/c/analysis.ts';
import { callArgs, calledName, enclosingFunction, scopeDescendants, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Calls that take a `size_t` size, and its position(s). */
const SIZE_ARGS: Readonly<Record<string, readonly number[]>> = {
  malloc: [0],
  calloc: [0, 1],
  realloc: [1],
  alloca: [0],
  _alloca: [0],
  valloc: [0],
  aligned_alloc: [1],
  memcpy: [2],
  memmove: [2],
  memset: [2],
  memcmp: [2],
  strncpy: [2],
  strncat: [2],
  strndup: [1],
  wmemcpy: [2],
  wmemset: [2],
  read: [2],
  write: [2],
  recv: [2],
  send: [2],
  fread: [1, 2],
  fwrite: [1, 2],
  snprintf: [1],
};

/** The variables a size expression is made of: `n`, `n - 1`, `n * 2`. */
function sizeVariable(expr: SyntaxNode): SyntaxNode | null {
  let v = unwrap(expr);
  for (let i = 0; i < 4 && v.type === 'binary_expression' && /^[-+*]$/.test(v.child('operator')?.text ?? ''); i++) {
    const l = v.child('left');
    if (!l) return null;
    v = unwrap(l);
  }
  return v.type === 'identifier' || v.type === 'field_expression' ? v : null;
}

/**
 * A signed value from input, checked against an upper limit only (`if (n < 100)`), given as a size:
 * a negative value becomes a huge `size_t` (CWE-195; from a `char` or `short`, by sign extension,
 * CWE-194). Unchecked values are c.uncontrolled-allocation's finding; a value checked to be
 * non-negative is fine. One finding per variable and function: its first use as a size.
 */
function signConversion(node: SyntaxNode, ctx: MatchContext): Verdict {
  const name = calledName(node);
  const positions = name !== null ? SIZE_ARGS[name] : undefined;
  if (!positions) return false;
  const args = callArgs(node);
  for (const p of positions) {
    const size = args[p];
    const variable = size ? sizeVariable(size) : null;
    if (!size || !variable) continue;
    const type = scalarType(variable, node);
    const bounds = typeRange(type);
    if (!bounds || bounds[0] >= 0) continue;
    const range = valueRange(size, node);
    if (!range || range[0] >= 0 || range[1] >= bounds[1]) continue;
    const t = memoryTaint(ctx, variable);
    if (!untrusted(t) || t.strength === 'param') continue;
    const key = norm(variable);
    const fn = enclosingFunction(node);
    const earlier = fn ? scopeDescendants(fn, ['call_expression']).find((c) => c.start < node.start && c !== node && usesAsSize(c, key)) : undefined;
    if (earlier) return false;
    const check = enclosingCheck(variable, node);
    return {
      cwe: bounds[1] < 2 ** 31 - 1 ? ['CWE-195', 'CWE-194'] : ['CWE-195'],
      message: `${show(variable)} (${type}) comes from ${t.label} and is checked against an upper limit only${check ? ` (line ${check.location.startLine})` : ''}: a negative value passed to ${name}() as ${show(size)} becomes a huge size`,
    };
  }
  return false;
}

function usesAsSize(call: SyntaxNode, key: string): boolean {
  const name = calledName(call);
  const positions = name !== null ? SIZE_ARGS[name] : undefined;
  if (!positions) return false;
  const args = callArgs(call);
  return positions.some((p) => {
    const a = args[p];
    const v = a ? sizeVariable(a) : null;
    return v !== null && norm(v) === key;
  });
}

export default defineRule({
  class: 'integer-overflow',
  name: 'sign-conversion',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  message: 'A signed value from input that can be negative is used as a size',
  remediation: 'Check both ends before using a signed value as a size (`if (n <= 0 || n > MAX) return -1;`), or read it into an unsigned type and check the upper limit.',
  references: [
    'https://cwe.mitre.org/data/definitions/195.html',
    'https://cwe.mitre.org/data/definitions/194.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/INT31-C.+Ensure+that+integer+conversions+do+not+result+in+lost+or+misinterpreted+data',
  ],
  matcher: { kind: 'node', types: ['call_expression'], where: signConversion },
});
