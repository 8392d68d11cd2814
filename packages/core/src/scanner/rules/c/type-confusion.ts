import { enclosingFunction, findDeclaration, lastAssignment, sizeOfType, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** The type a cast converts to, and whether it is a pointer to it: `(int *)p` → int, `reinterpret_cast<Pair *>(p)` → Pair. */
function castTarget(node: SyntaxNode): { type: string; node: SyntaxNode; inner: SyntaxNode } | null {
  const v = node.type === 'parenthesized_expression' ? unwrapParens(node) : node;
  if (v.type === 'cast_expression') {
    const type = v.child('type')?.text.replace(/\s+/g, ' ').trim() ?? '';
    const inner = v.child('value');
    if (!inner || !type.endsWith('*') || type.endsWith('**')) return null;
    return { type: type.slice(0, -1).trim(), node: v, inner };
  }
  if (v.type === 'call_expression') {
    const fn = v.child('function');
    if (fn?.type !== 'template_function' || !/^(?:std::)?(?:reinterpret_cast|static_cast)$/.test(fn.child('name')?.text ?? '')) return null;
    const type = fn.child('arguments')?.namedChildren[0]?.text.replace(/\s+/g, ' ').trim() ?? '';
    const inner = v.child('arguments')?.namedChildren.find((c) => c.type !== 'comment');
    if (!inner || !type.endsWith('*') || type.endsWith('**')) return null;
    return { type: type.slice(0, -1).trim(), node: v, inner };
  }
  return null;
}

function unwrapParens(n: SyntaxNode): SyntaxNode {
  let v = n;
  for (let i = 0; i < 8 && v.type === 'parenthesized_expression'; i++) v = v.namedChildren[0] ?? v;
  return v;
}

/** The local object a pointer last pointed to: `p = &x;` or `void *p = &x;` → x's declaration. */
function pointee(expr: SyntaxNode, at: SyntaxNode): { name: string; type: string } | null {
  let v = unwrap(expr);
  if (v.type === 'identifier') {
    const last = lastAssignment(v.text, at, enclosingFunction(at));
    if (!last) return null;
    v = unwrap(last.value);
  }
  if (v.type !== 'pointer_expression' || v.child('operator')?.text !== '&') return null;
  const target = unwrap(v.child('argument') ?? v);
  if (target.type !== 'identifier') return null;
  const d = findDeclaration(target.text, target);
  if (!d || d.pointers > 0 || d.arrays.length > 0) return null;
  return {
    name: target.text,
    type: d.type
      .replace(/\b(?:const|volatile|static)\b/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  };
}

/** `a char`, `an int`. */
const article = (type: string): string => (/^[aeiou]/i.test(type) ? `an ${type}` : `a ${type}`);

const SCALARS = /^(?:(?:unsigned|signed)\s+)?(?:char|short|int|long|long long|float|double)$|^u?int(?:8|16|32|64)_t$/;

/**
 * `*(int *)p` with `p = &c` and `char c`, `reinterpret_cast<Pair *>(p)->second` with `p = &n` and
 * `int n`: the object is read as a type it is not — past its end when the type is larger (CWE-843),
 * or as a structure when it is a scalar (CWE-588).
 */
function confusion(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const through =
    node.type === 'pointer_expression'
      ? node.child('operator')?.text === '*'
        ? node.child('argument')
        : null
      : node.child('operator')?.text === '->'
        ? node.child('argument')
        : null;
  if (!through) return false;
  const cast = castTarget(unwrapParens(through));
  if (!cast) return false;
  const object = pointee(cast.inner, node);
  if (!object || !SCALARS.test(object.type)) return false;
  if (node.type === 'field_expression') {
    if (SCALARS.test(cast.type) || cast.type === 'void' || cast.type === 'char') return false;
    return { cwe: ['CWE-588'], message: `${object.name} is ${article(object.type)}, not ${article(cast.type)}: its member is read from memory past it` };
  }
  const wanted = SCALARS.test(cast.type) ? sizeOfType(cast.type) : null;
  const held = sizeOfType(object.type);
  if (wanted === null || held === null || wanted <= held) return false;
  return {
    cwe: ['CWE-843'],
    message: `${object.name} is ${article(object.type)} (${held} byte${held === 1 ? '' : 's'}), but it is read as ${article(cast.type)} (${wanted} bytes)`,
  };
}

export default defineRule({
  class: 'type-confusion',
  confidence: 'high',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['pointer_expression', 'field_expression'], where: confusion },
});
