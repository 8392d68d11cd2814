import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/**
 * Unsigned tokens: auth0 java-jwt's `Algorithm.none()` (tokens signed with it carry no signature, and
 * a verifier built on it accepts any), and a jjwt builder chain that is compacted without `signWith`.
 */
function unsigned(call: CallView, ctx: MatchContext): Verdict {
  if (call.name === 'none') return { message: '`Algorithm.none()` signs nothing: tokens made or verified with it can be forged by anyone' };
  // `Jwts.builder()…compact()`: the chain's text holds every step from the builder on.
  const chain = call.node.text;
  if (!/^(?:io\.jsonwebtoken\.)?Jwts\s*\.\s*builder\s*\(/.test(chain) || chain.includes('.signWith(')) return false;
  return { message: 'This JWT is compacted without `signWith(…)`: an unsigned token (alg "none") anyone can forge' };
}

export default defineRule({
  class: 'jwt-verification-disabled',
  confidence: 'high',
  languages: ['java'],
  remediation:
    'Sign tokens with a real algorithm and key (`Algorithm.HMAC256(secret)`, `Algorithm.RSA256(publicKey, privateKey)`; jjwt `.signWith(key)`), and verify with the same algorithm list, never `none`.',
  references: ['https://cwe.mitre.org/data/definitions/347.html', 'https://cheatsheetseries.owasp.org/cheatsheets/JSON_Web_Token_for_Java_Cheat_Sheet.html'],
  matcher: { kind: 'call', callee: ['Algorithm.none', '*.compact'], where: unsigned },
});
