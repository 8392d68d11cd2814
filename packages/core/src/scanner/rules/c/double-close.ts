import { accessOf, forwardScan, occurrences } from '../../lang/c/flow.ts';
import { describe, released } from '../../lang/c/resources.ts';
import { unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/**
 * `fclose(f); … fclose(f);`, `close(fd); … close(fd);` on the same path with no new value in between:
 * the second close acts on a stream or descriptor that may already belong to someone else (CWE-675).
 * Memory is c.double-free's other part.
 */
function doubleClose(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const first = released(node);
  if (!first || first.family === 'heap' || first.family === 'new' || first.family === 'new[]') return false;
  const target = unwrap(first.arg);
  if (target.type !== 'identifier') return false;
  let second: SyntaxNode | null = null;
  forwardScan(node, (stmt) => {
    for (const o of occurrences(stmt, target.text)) {
      const a = accessOf(o);
      const call = a.parent?.type === 'argument_list' ? a.parent.parent : null;
      const again = call ? released(call) : null;
      if (again && again.arg === a && again.family === first.family) {
        second = call;
        return 'stop';
      }
      // Reassigned, checked or used: the scan ends (a use after close is not this rule's business).
      return 'stop';
    }
    return 'continue';
  });
  if (!second) return false;
  const again = second as SyntaxNode;
  return { node: again, message: `The ${describe(first.family)} ${target.text} is closed a second time (first closed with ${first.name}() on line ${node.location.startLine})` };
}

export default defineRule({
  class: 'double-free',
  confidence: 'high',
  cwe: ['CWE-675', 'CWE-1341'],
  languages: ['c', 'cpp'],
  message: 'The same file or handle is closed twice',
  remediation: 'Close each file or descriptor exactly once, and set the variable to NULL or -1 right after closing it.',
  matcher: { kind: 'node', types: ['call_expression'], where: doubleClose },
});
