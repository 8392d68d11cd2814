import { callArgs, calledName, declaratorShape, findDeclaration, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Calls whose size argument describes the memory their first argument points to: position of the size. */
const SIZED: Readonly<Record<string, number>> = {
  memset: 2,
  memcpy: 2,
  memmove: 2,
  memcmp: 2,
  strncpy: 2,
  strncat: 2,
  strlcpy: 2,
  strlcat: 2,
  snprintf: 1,
  vsnprintf: 1,
  fgets: 1,
  read: 2,
  recv: 2,
  bzero: 1,
};
const ALLOCATORS = new Set(['malloc', 'calloc', 'realloc', 'alloca', 'xmalloc', 'g_malloc']);

/** The variable `sizeof x` / `sizeof(x)` measures, when it is a variable. */
function measured(node: SyntaxNode): SyntaxNode | null {
  const v = unwrap(node);
  if (v.type !== 'sizeof_expression') return null;
  const inner = v.child('value') ?? v.namedChildren.find((c) => c.type !== 'comment' && c.type !== 'type_descriptor');
  if (!inner) return null;
  const x = unwrap(inner);
  return x.type === 'identifier' ? x : null;
}

/** Whether a name is a pointer (not an array, not a pointer to pointer used as such). */
function pointer(name: SyntaxNode): boolean {
  const d = findDeclaration(name.text, name);
  return d !== null && d.pointers === 1 && d.arrays.length === 0 && !d.reference;
}

/** The variable an allocation is stored into: `p = malloc(…)`, `char *p = malloc(…)`. */
function storedInto(call: SyntaxNode): string | null {
  let n = call;
  while (n.parent && (n.parent.type === 'cast_expression' || n.parent.type === 'parenthesized_expression')) n = n.parent;
  const p = n.parent;
  if (p?.type === 'init_declarator') return declaratorShape(p).name?.text ?? null;
  if (p?.type === 'assignment_expression' && p.child('right') === n) {
    const left = unwrap(p.child('left') ?? p);
    return left.type === 'identifier' ? left.text : null;
  }
  return null;
}

/**
 * `p = malloc(sizeof(p))`, `memset(p, 0, sizeof p)`, `fgets(buf, sizeof buf, f)` with `p`/`buf` a
 * pointer: the size is that of the pointer (4 or 8 bytes), not of the memory it points to.
 */
function sizeofPointer(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const name = calledName(node);
  if (!name) return false;
  const args = callArgs(node);
  let target: string | null = null;
  let size: SyntaxNode | undefined;
  if (ALLOCATORS.has(name)) {
    target = storedInto(node);
    size = name === 'calloc' ? args[1] : name === 'realloc' ? args[1] : args[0];
  } else if (SIZED[name] !== undefined) {
    const first = args[name === 'read' || name === 'recv' ? 1 : 0];
    target = first && unwrap(first).type === 'identifier' ? unwrap(first).text : null;
    size = args[SIZED[name] as number];
  }
  if (!target || !size) return false;
  const x = measured(size);
  if (!x || x.text !== target || !pointer(x)) return false;
  return { node: size, message: `sizeof ${x.text} is the size of the pointer, not of the memory ${x.text} points to` };
}

export default defineRule({
  class: 'sizeof-pointer',
  confidence: 'high',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['call_expression'], where: sizeofPointer },
});
