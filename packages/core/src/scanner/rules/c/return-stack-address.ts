import { enclosingFunction, findDeclaration, lastAssignment, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Whether a name is a local array or variable with automatic storage (not static, not a parameter). */
function automatic(name: SyntaxNode): { array: boolean } | null {
  const d = findDeclaration(name.text, name);
  if (!d || d.kind !== 'local' || d.reference) return null;
  if (/\bstatic\b/.test(d.owner.text.slice(0, Math.max(0, d.declarator.start - d.owner.start)))) return null;
  return { array: d.arrays.length > 0 };
}

/**
 * `return buf;` with `char buf[64]` local, `return &x;`, or a pointer last set to one of those: the
 * memory ends with the function, and the caller gets a dangling pointer (CWE-562).
 */
function stackAddress(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const fn = enclosingFunction(node);
  if (!fn || fn.type !== 'function_definition') return false;
  // Only a function that returns a pointer or a reference hands out the address: one returning
  // `std::string` or a struct copies the local.
  const declarator = fn.child('declarator');
  if (declarator?.type !== 'pointer_declarator' && declarator?.type !== 'reference_declarator') return false;
  const value = node.namedChildren.find((c) => c.type !== 'comment');
  if (!value) return false;
  let v = unwrap(value);
  let via = '';
  if (v.type === 'identifier') {
    const a = automatic(v);
    if (a?.array) return { message: `${v.text} is a local array: the caller gets its address after it is gone` };
    // A local pointer set to a local array: `char *p = buf; … return p;`.
    const d = findDeclaration(v.text, v);
    if (!d || d.kind !== 'local' || d.pointers === 0) return false;
    const last = lastAssignment(v.text, node, fn);
    if (!last) return false;
    via = v.text;
    v = unwrap(last.value);
  }
  if (v.type === 'identifier' && automatic(v)?.array) return { message: `${via} points to the local array ${v.text}, which is gone when the function returns` };
  if (v.type === 'pointer_expression' && v.child('operator')?.text === '&') {
    const target = unwrap(v.child('argument') ?? v);
    if (target.type === 'identifier' && automatic(target))
      return { message: `${via || 'this'} is the address of the local ${target.text}, which is gone when the function returns` };
  }
  return false;
}

export default defineRule({
  class: 'use-after-free',
  confidence: 'high',
  cwe: ['CWE-562'],
  languages: ['c', 'cpp'],
  message: 'The address of a local variable is returned',
  remediation: 'Return a copy, let the caller pass in the buffer, or allocate the result on the heap; never return the address of a local variable.',
  matcher: { kind: 'node', types: ['return_statement'], where: stackAddress },
});
