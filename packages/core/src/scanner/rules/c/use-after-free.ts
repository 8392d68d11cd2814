import { afterFree, freedTarget } from '../../lang/c/flow.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

function useAfterFree(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const target = freedTarget(node);
  if (!target) return false;
  const event = afterFree(node, target);
  if (!event || event.kind !== 'use') return false;
  return {
    node: event.node,
    confidence: event.deref ? 'high' : 'medium',
    message: `${target} is used after it was freed on line ${node.location.startLine}`,
  };
}

export default defineRule({
  id: 'c.use-after-free',
  title: 'Use after free',
  severity: 'high',
  confidence: 'high',
  cwe: ['CWE-416'],
  owasp: ['A06:2021'],
  languages: ['c', 'cpp'],
  message: 'Memory is used after it was freed',
  remediation: 'Do not touch memory after free()/delete: finish using it first, and set the pointer to NULL right after freeing it so a later use fails loudly instead of reading reused memory.',
  references: ['https://cwe.mitre.org/data/definitions/416.html', 'https://wiki.sei.cmu.edu/confluence/display/c/MEM30-C.+Do+not+access+freed+memory'],
  matcher: { kind: 'node', types: ['call_expression', 'delete_expression'], where: useAfterFree },
});
