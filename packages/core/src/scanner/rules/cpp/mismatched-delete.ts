import { freedArgument } from '../../lang/c/flow.ts';
import { allocationCall, declaratorShape, enclosingFunction, rootOf, scopeDescendants, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

type Kind = 'new' | 'new[]' | 'malloc' | 'unknown';

function allocationKind(value: SyntaxNode | null): Kind | null {
  if (!value) return null;
  const v = unwrap(value);
  if (v.type === 'new_expression') return v.child('declarator')?.type === 'new_declarator' ? 'new[]' : 'new';
  if (allocationCall(v) || (v.type === 'call_expression' && /^(?:strdup|strndup|realloc)$/.test(v.child('function')?.text ?? ''))) return 'malloc';
  return null;
}

const assignmentIndex = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();

/** Where a name is declared or assigned in a scope, grouped by name (built once per scope). */
function assignmentsOf(scope: SyntaxNode, name: string): readonly SyntaxNode[] {
  let index = assignmentIndex.get(scope);
  if (!index) {
    index = new Map();
    for (const n of scopeDescendants(scope, ['init_declarator', 'assignment_expression', 'field_initializer'])) {
      let target: string | null;
      if (n.type === 'init_declarator') target = declaratorShape(n).name?.text ?? null;
      else if (n.type === 'assignment_expression') {
        const left = n.child('left');
        target = left
          ? unwrap(left)
              .text.replace(/\s+/g, '')
              .replace(/^this->/, '')
          : null;
      } else target = n.namedChildren[0]?.text ?? null;
      if (target === null) continue;
      const list = index.get(target);
      if (list) list.push(n);
      else index.set(target, [n]);
    }
    assignmentIndex.set(scope, index);
  }
  return index.get(name) ?? [];
}

/** How the memory a name points to was allocated, from every assignment to it in scope (class members: the whole file). */
function kindsOf(name: string, at: SyntaxNode): Set<Kind> {
  const kinds = new Set<Kind>();
  const scan = (scope: SyntaxNode): void => {
    for (const n of assignmentsOf(scope, name)) {
      let target: string | null = null;
      let value: SyntaxNode | null = null;
      if (n.type === 'init_declarator') {
        target = declaratorShape(n).name?.text ?? null;
        value = n.child('value');
      } else if (n.type === 'assignment_expression') {
        const left = n.child('left');
        target = left
          ? unwrap(left)
              .text.replace(/\s+/g, '')
              .replace(/^this->/, '')
          : null;
        value = n.child('right');
      } else {
        target = n.namedChildren[0]?.text ?? null;
        value = n.namedChildren[1]?.namedChildren[0] ?? null;
      }
      if (target !== name) continue;
      const k = allocationKind(value);
      if (k) kinds.add(k);
      else if (value && !/^(?:NULL|nullptr|0)$/.test(unwrap(value).text)) kinds.add('unknown');
    }
  };
  const fn = enclosingFunction(at);
  if (fn) scan(fn);
  if (kinds.size === 0) scan(rootOf(at));
  return kinds;
}

function mismatch(node: SyntaxNode, _ctx: MatchContext): Verdict {
  let arg: SyntaxNode | null = null;
  let how: 'delete' | 'delete[]' | 'free';
  if (node.type === 'delete_expression') {
    arg = node.namedChildren.find((c) => c.type !== 'comment') ?? null;
    how = node.children.some((c) => c.type === '[') ? 'delete[]' : 'delete';
  } else {
    arg = freedArgument(node);
    how = 'free';
    if (!arg || !/^(?:free|std::free)$/.test(node.child('function')?.text ?? '')) return false;
  }
  if (!arg) return false;
  const name = unwrap(arg)
    .text.replace(/\s+/g, '')
    .replace(/^this->/, '');
  if (!/^[A-Za-z_][\w.>-]*$/.test(name)) return false;
  const kinds = kindsOf(name, node);
  if (kinds.size !== 1) return false;
  const kind = [...kinds][0] as Kind;
  if (kind === 'unknown') return false;
  const expected = kind === 'new[]' ? 'delete[]' : kind === 'new' ? 'delete' : 'free';
  if (expected === how) return false;
  return {
    message: `${name} was allocated with ${kind === 'malloc' ? 'malloc()' : kind} but is released with ${how === 'free' ? 'free()' : how}; use ${expected === 'free' ? 'free()' : expected}`,
  };
}

export default defineRule({
  class: 'mismatched-deallocation',
  confidence: 'high',
  cwe: ['CWE-762'],
  languages: ['cpp'],
  message: 'Memory is released with a function that does not match how it was allocated',
  remediation:
    'Pair new with delete, new[] with delete[], malloc with free — or better, own the memory with std::vector, std::string or std::unique_ptr<T[]> so it is released correctly.',
  references: [
    'https://cwe.mitre.org/data/definitions/762.html',
    'https://wiki.sei.cmu.edu/confluence/display/cplusplus/MEM51-CPP.+Properly+deallocate+dynamically+allocated+resources',
  ],
  matcher: { kind: 'node', types: ['delete_expression', 'call_expression'], where: mismatch },
});
