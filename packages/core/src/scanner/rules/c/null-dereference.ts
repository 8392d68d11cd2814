import { derefWhileNull } from '../../lang/c/flow.ts';
import { memoryTaint, untrusted } from '../../lang/c/analysis.ts';
import { allocationCall, callArgs, declaratorShape, descendants, findDeclaration, functionsByName, rootOf, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const MAY_FAIL = /^(?:malloc|calloc|realloc|aligned_alloc|reallocarray)$/;

/** The variable a declaration or assignment sets, and to what. */
function binding(node: SyntaxNode): { name: SyntaxNode; value: SyntaxNode; pointer: boolean } | null {
  if (node.type === 'init_declarator') {
    const shape = declaratorShape(node);
    const value = node.child('value');
    if (!shape.name || shape.name.type !== 'identifier' || !value) return null;
    return { name: shape.name, value, pointer: shape.pointers > 0 };
  }
  if (node.child('operator')?.text !== '=') return null;
  const left = node.child('left');
  const value = node.child('right');
  if (!left || !value || unwrap(left).type !== 'identifier') return null;
  const d = findDeclaration(unwrap(left).text, left);
  return { name: unwrap(left), value, pointer: d !== null && d.pointers > 0 };
}

/** The size argument of an allocation call. */
function allocationSize(call: SyntaxNode): SyntaxNode | null {
  const args = callArgs(call);
  const name = call.child('function')?.text.replace(/^.*::/, '') ?? '';
  if (name === 'calloc') return args[0] ?? null;
  if (name === 'realloc' || name === 'reallocarray' || name === 'aligned_alloc') return args[1] ?? null;
  return args[0] ?? null;
}

/** Whether a function of this file returns NULL on some path (`return NULL;`). */
function returnsNull(name: string, at: SyntaxNode): boolean {
  const fn = functionsByName(rootOf(at)).get(name);
  if (!fn || fn.child('declarator')?.type !== 'pointer_declarator') return false;
  const body = fn.child('body');
  if (!body) return false;
  return descendants(body, new Set(['return_statement'])).some((r) => {
    const v = r.namedChildren.find((c) => c.type !== 'comment');
    return v !== undefined && /^(?:NULL|nullptr|0|\(void\s*\*\)\s*0)$/.test(v.text.trim());
  });
}

function nullDereference(node: SyntaxNode, ctx: MatchContext): Verdict {
  const b = binding(node);
  if (!b || !b.pointer) return false;
  const value = unwrap(b.value);
  let mode: 'alloc' | 'null' | null = null;
  let what = '';
  if (value.type === 'null' || value.text === 'NULL' || value.text === 'nullptr' || (value.type === 'number_literal' && value.text === '0')) {
    mode = 'null';
    what = 'NULL';
  } else {
    const call = value.type === 'call_expression' ? value : allocationCall(b.value);
    const name = call?.child('function')?.text.replace(/^.*::/, '') ?? '';
    if (call && MAY_FAIL.test(name)) {
      // An allocation whose size comes from input can fail for real; small fixed allocations
      // left unchecked are too common to report one by one.
      const size = allocationSize(call);
      if (!size || !untrusted(memoryTaint(ctx, size))) return false;
      mode = 'alloc';
      what = `${name}()`;
    } else if (call && call.child('function')?.type === 'identifier' && returnsNull(name, node)) {
      // `struct user *u = find_user(db, name); u->id` where find_user returns NULL when not found.
      mode = 'alloc';
      what = `${name}()`;
    }
  }
  if (!mode) return false;
  const hit = derefWhileNull(node, b.name.text, mode);
  if (!hit) return false;
  if (mode === 'alloc') {
    return {
      node: hit.node,
      confidence: 'medium',
      cwe: ['CWE-690', 'CWE-476'],
      message: `${b.name.text} is dereferenced without checking whether ${what} on line ${node.location.startLine} returned NULL`,
    };
  }
  return {
    node: hit.node,
    confidence: hit.maybe ? 'medium' : 'high',
    message: hit.maybe
      ? `${b.name.text} is dereferenced while it can still be NULL (set on line ${node.location.startLine}, assigned only on some paths)`
      : `${b.name.text} is dereferenced right after being set to NULL on line ${node.location.startLine}`,
  };
}

export default defineRule({
  class: 'null-dereference',
  confidence: 'medium',
  cwe: ['CWE-476'],
  languages: ['c', 'cpp'],
  message: 'A pointer that can be NULL is dereferenced',
  remediation: 'Check pointers that can be NULL before using them (`if (p == NULL) { … return -1; }`), in particular the result of malloc/calloc/realloc/strdup.',
  references: [
    'https://cwe.mitre.org/data/definitions/476.html',
    'https://cwe.mitre.org/data/definitions/690.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/EXP34-C.+Do+not+dereference+null+pointers',
  ],
  matcher: { kind: 'node', types: ['init_declarator', 'assignment_expression'], where: nullDereference },
});
