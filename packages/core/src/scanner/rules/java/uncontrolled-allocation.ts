import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { boundsAt, inputNumber, variableName } from '../../lang/java/checks/numbers.ts';
import { classRef, invocationParts, simpleTypeName } from '../../lang/java/tree.ts';

/** Containers and buffers whose first constructor argument is the capacity they reserve. */
const SIZED = new Set([
  'ArrayList',
  'HashMap',
  'HashSet',
  'LinkedHashMap',
  'LinkedHashSet',
  'Vector',
  'Hashtable',
  'ConcurrentHashMap',
  'ArrayDeque',
  'PriorityQueue',
  'StringBuilder',
  'StringBuffer',
  'ByteArrayOutputStream',
  'CharArrayWriter',
  'ArrayBlockingQueue',
]);

function sizeUnchecked(size: SyntaxNode, at: SyntaxNode, ctx: MatchContext): Verdict {
  const s = inputNumber(size, ctx);
  if (s !== 'remote' && s !== 'local') return false;
  const name = variableName(size);
  if (name && boundsAt(name, at).upper) return false;
  return {
    confidence: s === 'remote' ? 'medium' : 'low',
    message: `${name ?? 'A size'} from outside decides how much memory ${at.text.slice(0, 40)} reserves, with no upper limit`,
  };
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'object_creation_expression') {
    if (!SIZED.has(simpleTypeName(node.child('type')?.text ?? ''))) return false;
    const first = node.child('arguments')?.namedChildren[0];
    return first ? sizeUnchecked(first, node, ctx) : false;
  }
  if (node.type === 'array_creation_expression') {
    const dims = node.namedChildren.filter((c) => c.type === 'dimensions_expr');
    for (const d of dims) {
      const size = d.namedChildren[0];
      const v = size ? sizeUnchecked(size, node, ctx) : false;
      if (v) return v;
    }
    return false;
  }
  // ByteBuffer.allocate(n), allocateDirect(n)
  const { name, object, args } = invocationParts(node);
  if ((name !== 'allocate' && name !== 'allocateDirect') || !/Buffer$/.test(classRef(object) ?? '') || !args[0]) return false;
  return sizeUnchecked(args[0], node, ctx);
}

export default defineRule({
  class: 'uncontrolled-allocation',
  confidence: 'medium',
  cwe: ['CWE-789', 'CWE-770'],
  languages: ['java'],
  remediation: 'Check a size that comes from a request, a file or the environment against an upper limit before allocating with it (`if (n < 0 || n > MAX_ITEMS) reject`).',
  references: ['https://cwe.mitre.org/data/definitions/789.html'],
  matcher: { kind: 'node', types: ['object_creation_expression', 'array_creation_expression', 'method_invocation'], where: check },
});
