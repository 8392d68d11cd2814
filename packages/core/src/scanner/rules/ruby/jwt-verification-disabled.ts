import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { keyword, positional } from '../../lang/ruby/predicates.ts';

/** `JWT.decode(token, key, false)` skips the signature check; `algorithm: 'none'` accepts unsigned tokens. */
function unverified(call: CallView, ctx: MatchContext): Verdict {
  const args = positional(call);
  const verify = args[2];
  if (verify && (verify.type === 'false' || verify.type === 'nil')) return { message: '`JWT.decode(…, false)` accepts tokens without checking their signature' };
  for (const name of ['algorithm', 'algorithms']) {
    const alg = keyword(call, name);
    const hash = args[3];
    const fromHash =
      hash?.type === 'hash'
        ? hash.namedChildren.find((p) => p.type === 'pair' && /^(?::|")?algorithms?"?$/.test(p.child('key')?.text.replace(/:$/, '') ?? ''))?.child('value')
        : null;
    for (const v of [alg, fromHash]) {
      if (v && /['"]none['"]/i.test(v.text)) return { message: 'JWT decoding accepts the `none` algorithm, i.e. unsigned tokens' };
    }
  }
  if (call.name === 'encode' && args[2] && /^['"]none['"]$/i.test(args[2].text)) return { message: 'JWT tokens are issued with the `none` algorithm (unsigned)' };
  void ctx;
  return false;
}

export default defineRule({
  class: 'jwt-verification-disabled',
  confidence: 'high',
  languages: ['ruby'],
  message: 'JSON Web Tokens are decoded without verifying their signature',
  remediation:
    'Always verify: `JWT.decode(token, secret, true, algorithm: "HS256")` (or the RS256 public key), never pass `false` as the verify flag and never allow the `none` algorithm.',
  references: [
    'https://cwe.mitre.org/data/definitions/347.html',
    'https://github.com/jwt/ruby-jwt#algorithms-and-usage',
    'https://cheatsheetseries.owasp.org/cheatsheets/JSON_Web_Token_for_Java_Cheat_Sheet.html',
  ],
  matcher: { kind: 'call', callee: ['JWT.decode', 'JWT.encode'], where: unverified },
});
