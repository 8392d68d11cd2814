import { lastAssignment, enclosingFunction, findDeclaration, unwrap, calledName, callArgs } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Functions that return a pointer into their first argument. */
const INTO_FIRST = new Set(['strchr', 'strrchr', 'strstr', 'strpbrk', 'memchr', 'memrchr', 'wcschr', 'wcsrchr', 'wcsstr', 'strchrnul', 'rawmemchr']);

/** The array a pointer expression points into: `buf`, `buf + n`, `&buf[i]`, `strchr(buf, c)`, or a pointer last set to one of those. */
function objectOf(node: SyntaxNode, at: SyntaxNode, depth = 0): string | null {
  if (depth > 4) return null;
  const v = unwrap(node);
  if (v.type === 'identifier') {
    const d = findDeclaration(v.text, at);
    if (!d) return null;
    if (d.arrays.length > 0) return v.text;
    if (d.pointers === 0) return null;
    const last = lastAssignment(v.text, at, enclosingFunction(at));
    return last ? objectOf(last.value, last.node, depth + 1) : null;
  }
  if (v.type === 'binary_expression' && /^[-+]$/.test(v.child('operator')?.text ?? '')) return objectOf(v.child('left') ?? v, at, depth + 1);
  if (v.type === 'pointer_expression' && v.child('operator')?.text === '&') {
    const inner = unwrap(v.child('argument') ?? v);
    return inner.type === 'subscript_expression' ? objectOf(inner.child('argument') ?? inner, at, depth + 1) : null;
  }
  if (v.type === 'call_expression' && INTO_FIRST.has(calledName(v) ?? '')) {
    const first = callArgs(v)[0];
    return first ? objectOf(first, at, depth + 1) : null;
  }
  return null;
}

/** `p - q` where p points into one array and q into another (`strchr(a, '/') - b`): not a distance. */
function subtraction(node: SyntaxNode, _ctx: MatchContext): Verdict {
  if (node.child('operator')?.text !== '-') return false;
  const left = node.child('left');
  const right = node.child('right');
  if (!left || !right) return false;
  const a = objectOf(left, node);
  const b = a ? objectOf(right, node) : null;
  if (!a || !b || a === b) return false;
  return { message: `${unwrap(left).text} points into ${a} and ${unwrap(right).text} into ${b}: their difference is not an offset in either` };
}

export default defineRule({
  class: 'pointer-subtraction',
  confidence: 'high',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['binary_expression'], where: subtraction },
});
