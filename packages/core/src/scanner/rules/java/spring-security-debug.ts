import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { annotationName, findAfter, invocationParts } from '../../lang/java/tree.ts';

function debugOn(node: SyntaxNode, _ctx: MatchContext): Verdict {
  if (node.type === 'annotation') {
    return annotationName(node) === 'EnableWebSecurity' && findAfter(node.text, 'debug', /^\s*=\s*true\b/, true) !== null;
  }
  // web -> web.debug(true) in a WebSecurityCustomizer, or webSecurity.debug(true)
  const { name, object, args } = invocationParts(node);
  return name === 'debug' && args.length === 1 && args[0]?.type === 'true' && /^(?:web|webSecurity|security)$/.test(object?.text ?? '');
}

export default defineRule({
  class: 'debug-mode',
  confidence: 'high',
  cwe: ['CWE-489'],
  languages: ['java'],
  message: 'Spring Security debug mode is enabled; it logs request details, headers and session data and must not run in production',
  remediation: 'Remove `debug = true` from `@EnableWebSecurity` (and `web.debug(true)`), or enable it only in a development profile.',
  references: ['https://cwe.mitre.org/data/definitions/489.html', 'https://docs.spring.io/spring-security/reference/servlet/configuration/java.html'],
  matcher: { kind: 'node', types: ['annotation', 'method_invocation'], where: debugOn },
});
