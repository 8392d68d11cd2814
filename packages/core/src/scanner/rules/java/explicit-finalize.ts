import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { invocationParts } from '../../lang/java/tree.ts';

/** `obj.finalize()` anywhere but `super.finalize()` inside a finalizer. */
function check(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const { name, object, args } = invocationParts(node);
  if (name !== 'finalize' || args.length > 0 || !object) return false;
  return object.type !== 'super';
}

export default defineRule({
  class: 'explicit-finalize',
  confidence: 'high',
  languages: ['java'],
  remediation: "Release the object's resources through close() (AutoCloseable and try-with-resources) instead of calling finalize().",
  references: ['https://cwe.mitre.org/data/definitions/586.html'],
  matcher: { kind: 'node', types: ['method_invocation'], where: check },
});
