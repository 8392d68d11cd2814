import type { FunctionView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { redirectIsFixed, untrustedPrefix } from '../../lang/java/predicates.ts';
import { isHandlerMethod } from '../../lang/java/tree.ts';

function returnsRedirect(fn: FunctionView): boolean {
  return fn.node.type === 'method_declaration' && isHandlerMethod(fn.node);
}

function check(_taint: Taint, ctx: MatchContext, at: SyntaxNode): boolean {
  if (at.type !== 'return_statement') return true;
  const value = at.namedChildren[0];
  if (!value) return false;
  const p = untrustedPrefix(value, ctx);
  return p.found && /^redirect:/.test(p.text) && !redirectIsFixed(p);
}

export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['java'],
  remediation:
    'Redirect only to relative paths on this site or to an allow-list of destinations: map a client-supplied key to a fixed URL, or accept the value only if it starts with a single `/` (not `//` or `/\\`) and has no scheme.',
  references: ['https://cwe.mitre.org/data/definitions/601.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    // Sinks: the servlet, spring-web and jaxrs models (models/java).
    sinks: [],
    returnSink: returnsRedirect,
    params: 'never',
    local: 'low',
    check,
  },
});
