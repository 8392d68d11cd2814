import { afterFree, freedTarget } from '../../lang/c/flow.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

function doubleFree(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const target = freedTarget(node);
  if (!target) return false;
  const event = afterFree(node, target);
  if (!event || event.kind !== 'free') return false;
  return { node: event.node, message: `${target} is freed a second time (first freed on line ${node.location.startLine}) with no reassignment in between` };
}

export default defineRule({
  class: 'double-free',
  confidence: 'high',
  cwe: ['CWE-415'],
  languages: ['c', 'cpp'],
  message: 'The same memory is freed twice',
  remediation: 'Free each allocation exactly once: give it a single owner, and set the pointer to NULL after free() (free(NULL) is harmless).',
  references: ['https://cwe.mitre.org/data/definitions/415.html', 'https://wiki.sei.cmu.edu/confluence/display/c/MEM30-C.+Do+not+access+freed+memory'],
  matcher: { kind: 'node', types: ['call_expression', 'delete_expression'], where: doubleFree },
});
