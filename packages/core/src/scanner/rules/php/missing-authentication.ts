import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { unwrap } from '../../lang/php/helpers.ts';
import { soleAssignment } from '../../lang/php/summaries.ts';

/** `''`, `""`, `null`, directly or through a variable assigned once (`$pass = '';`). */
function empty(node: SyntaxNode, ctx: MatchContext): boolean {
  let n = unwrap(node);
  if (n.type === 'variable_name') n = soleAssignment(n) ?? n;
  if (n.text.toLowerCase() === 'null') return true;
  return ctx.literalKind(n) === 'string' && ctx.stringValue(n) === '';
}

/**
 * `ldap_bind($conn)` and `ldap_bind($conn, $dn)` bind anonymously; with an empty password most
 * servers treat the bind as unauthenticated and accept it whatever the DN (RFC 4513 §5.1.2).
 */
function check(call: CallView, ctx: MatchContext): Verdict {
  const positional = call.args.filter((a) => a.index >= 0);
  const dn = positional.find((a) => a.index === 1);
  const password = positional.find((a) => a.index === 2);
  if (positional.some((a) => a.node.type === 'variadic_unpacking')) return false;
  if (!dn || (dn && empty(dn.node, ctx) && !password)) return { message: 'ldap_bind() without a DN and password binds anonymously' };
  if (!password) return { message: 'ldap_bind() without a password makes an unauthenticated bind, which most servers accept for any DN' };
  if (empty(password.node, ctx)) return { message: 'ldap_bind() with an empty password makes an unauthenticated bind, which most servers accept for any DN' };
  return false;
}

export default defineRule({
  class: 'missing-authentication',
  confidence: 'medium',
  cwe: ['CWE-287'],
  languages: ['php'],
  remediation:
    "Bind with a service account and its password from configuration (`ldap_bind($conn, $dn, getenv('LDAP_PASSWORD'))`), and reject empty passwords from users before binding with them.",
  references: ['https://www.php.net/manual/en/function.ldap-bind.php', 'https://datatracker.ietf.org/doc/html/rfc4513#section-5.1.2'],
  matcher: { kind: 'call', callee: ['ldap_bind'], where: check },
});
