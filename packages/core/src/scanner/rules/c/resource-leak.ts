import { acquired, describe, escapes, isMain, overwrittenAfter } from '../../lang/c/resources.ts';
import { declaratorShape, enclosingFunction, findDeclaration, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** The local variable an allocation is stored into, and the allocation. */
function acquisition(node: SyntaxNode): { name: string; value: SyntaxNode } | null {
  if (node.type === 'init_declarator') {
    const name = declaratorShape(node).name;
    const value = node.child('value');
    return name?.type === 'identifier' && value ? { name: name.text, value } : null;
  }
  if (node.child('operator')?.text !== '=') return null;
  const left = node.child('left');
  const value = node.child('right');
  if (!left || !value || unwrap(left).type !== 'identifier') return null;
  return { name: unwrap(left).text, value };
}

/**
 * Memory, a file, a pipe, a directory stream or a descriptor stored in a local variable that the
 * function never releases, returns, stores elsewhere or hands to a function that could keep it:
 * reported at the allocation (CWE-401 for memory, CWE-775 for handles). When the variable is given
 * a new value first, the old resource is lost right there (CWE-401 / CWE-773). `main` is left out:
 * what it still holds goes back to the system when the process exits.
 */
function leak(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const a = acquisition(node);
  if (!a) return false;
  const resource = acquired(a.value);
  if (!resource || resource.family === 'stack' || resource.family === 'static' || resource.family === 'handle') return false;
  const fn = enclosingFunction(node);
  if (!fn || isMain(fn)) return false;
  const d = findDeclaration(a.name, node);
  if (!d || d.kind !== 'local' || /\bstatic\b/.test(d.owner.text.slice(0, 16))) return false;
  const memory = resource.family === 'heap' || resource.family === 'new' || resource.family === 'new[]';
  const what = describe(resource.family);
  const lost = overwrittenAfter(a.name, node);
  if (lost) {
    return {
      node: lost,
      cwe: memory ? ['CWE-401'] : ['CWE-773', 'CWE-775'],
      message: `${a.name} is given a new value here while it still holds the ${what} from line ${node.location.startLine}, which is never ${memory ? 'freed' : 'closed'}`,
    };
  }
  if (escapes(a.name, node)) return false;
  return {
    node: a.value,
    cwe: memory ? ['CWE-401'] : ['CWE-775', 'CWE-772'],
    message: `The ${what} ${memory ? 'allocated' : 'opened'} here into ${a.name} is never ${memory ? 'freed' : 'closed'}, returned or handed on`,
  };
}

export default defineRule({
  class: 'resource-leak',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['init_declarator', 'assignment_expression'], where: leak },
});
