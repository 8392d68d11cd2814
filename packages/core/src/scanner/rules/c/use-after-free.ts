import { afterFree, danglingAliases, freedTarget, lifetimeEvents } from '../../lang/c/flow.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

function useAfterFree(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const target = freedTarget(node);
  if (!target) return false;
  const uses = lifetimeEvents(node, target).filter((e) => e.kind === 'use');
  if (uses.length > 0) {
    return uses.map((event) => ({
      node: event.node,
      confidence: event.deref ? 'high' : 'medium',
      message: `${target} is used after it was freed on line ${node.location.startLine}`,
    }));
  }
  // `const char *name = s->name; session_free(s); printf("%s", name);`: a copy of the pointer dangles too.
  for (const alias of danglingAliases(node, target)) {
    const use = afterFree(node, alias);
    if (use?.kind !== 'use') continue;
    return {
      node: use.node,
      confidence: 'medium',
      message: `${alias} points into memory freed on line ${node.location.startLine} (it was taken from ${target} before the free) and is used afterwards`,
    };
  }
  return false;
}

export default defineRule({
  class: 'use-after-free',
  confidence: 'high',
  cwe: ['CWE-416'],
  languages: ['c', 'cpp'],
  message: 'Memory is used after it was freed',
  remediation:
    'Do not touch memory after free()/delete: finish using it first, and set the pointer to NULL right after freeing it so a later use fails loudly instead of reading reused memory.',
  references: ['https://cwe.mitre.org/data/definitions/416.html', 'https://wiki.sei.cmu.edu/confluence/display/c/MEM30-C.+Do+not+access+freed+memory'],
  matcher: { kind: 'node', types: ['call_expression', 'delete_expression'], where: useAfterFree },
});
