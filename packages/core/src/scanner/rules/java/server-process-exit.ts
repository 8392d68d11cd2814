import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { inWebComponent } from '../../lang/java/checks/web.ts';
import { classRef, invocationParts } from '../../lang/java/tree.ts';

/** `System.exit(n)`, `Runtime.getRuntime().exit(n)` / `halt(n)` in a servlet, filter, controller or resource. */
function check(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const { name, object } = invocationParts(node);
  if (name !== 'exit' && name !== 'halt') return false;
  const onSystem = name === 'exit' && classRef(object) === 'System';
  const onRuntime = object?.type === 'method_invocation' && invocationParts(object).name === 'getRuntime' && classRef(invocationParts(object).object) === 'Runtime';
  if (!onSystem && !onRuntime) return false;
  return inWebComponent(node);
}

export default defineRule({
  class: 'server-process-exit',
  confidence: 'high',
  languages: ['java'],
  remediation:
    'Remove System.exit / Runtime.exit / Runtime.halt from request-handling code: send an error response (or throw a ServletException) and let the container decide about its own lifecycle.',
  references: ['https://cwe.mitre.org/data/definitions/382.html'],
  matcher: { kind: 'node', types: ['method_invocation'], where: check },
});
