import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { invocationParts, unwrap } from '../../lang/java/tree.ts';

/** `csrf -> csrf.disable()`, `AbstractHttpConfigurer::disable`, `CsrfConfigurer::disable`. */
function disablesCustomizer(arg: SyntaxNode | undefined): boolean {
  if (!arg) return false;
  const u = unwrap(arg);
  if (u.type === 'method_reference') return u.text.split(/\s/).join('').endsWith('::disable');
  if (u.type === 'lambda_expression') {
    const body = u.child('body');
    if (!body) return false;
    // `c -> c.disable()`, `c -> { c.disable(); }`, `c -> { return c.disable(); }`
    let text = body.text.trim();
    if (text.startsWith('{') && text.endsWith('}')) text = text.slice(1, -1).trim();
    if (text.endsWith(';')) text = text.slice(0, -1).trim();
    if (text.startsWith('return') && /^\s/.test(text.slice(6))) text = text.slice(6);
    return /^\w+\.disable\(\)$/.test(text.split(/\s/).join(''));
  }
  return false;
}

function csrfOff(call: CallView, ctx: MatchContext): Verdict {
  // http.csrf().disable()
  if (call.name === 'disable') {
    const r = call.receiver ? unwrap(call.receiver) : null;
    if (r?.type !== 'method_invocation' || invocationParts(r).name !== 'csrf' || invocationParts(r).args.length > 0) return false;
    // The whole chain up to `.disable()`: from `http` to the line that turns CSRF off.
    return true;
  }
  // http.csrf(csrf -> csrf.disable()) / http.csrf(AbstractHttpConfigurer::disable)
  const arg = ctx.arg(call, 0) ?? undefined;
  return disablesCustomizer(arg);
}

export default defineRule({
  class: 'csrf-disabled',
  confidence: 'medium',
  languages: ['java'],
  message: 'CSRF protection is disabled for this Spring Security filter chain; browser sessions authenticated by cookies can be abused cross-site',
  remediation:
    'Keep CSRF protection on for browser-facing, cookie-authenticated endpoints (use `CookieCsrfTokenRepository` for JavaScript clients). Disable it only for stateless APIs authenticated by bearer tokens, and scope that with `csrf.ignoringRequestMatchers("/api/**")`.',
  references: [
    'https://cwe.mitre.org/data/definitions/352.html',
    'https://docs.spring.io/spring-security/reference/servlet/exploits/csrf.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross-Site_Request_Forgery_Prevention_Cheat_Sheet.html',
  ],
  matcher: { kind: 'call', callee: ['*.disable', '*.csrf'], where: csrfOff },
});
