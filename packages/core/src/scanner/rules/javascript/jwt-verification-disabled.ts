import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { enclosingFunction, objectLiteral, propValue, programOf } from '../../lang/javascript/helpers.ts';

/** `{ algorithms: ['none', …] }` / `{ algorithm: 'none' }`. */
function allowsNone(opts: SyntaxNode | null, ctx: MatchContext): SyntaxNode | null {
  for (const key of ['algorithms', 'algorithm']) {
    const v = propValue(opts, key);
    if (!v) continue;
    if (v.type === 'array' && v.namedChildren.some((c) => (ctx.stringValue(c) ?? '').toLowerCase() === 'none')) return v;
    if ((ctx.stringValue(v) ?? '').toLowerCase() === 'none') return v;
  }
  return null;
}

/** Whether the code around verifies the token's signature (in the function, or anywhere in a small module). */
function verifies(node: SyntaxNode): boolean {
  const fn = enclosingFunction(node);
  const scope = fn ?? programOf(node);
  return /\.verify\s{0,8}\(|\bjwtVerify\s{0,8}\(|\bverifyToken\s{0,8}\(|\bverify\s{0,8}\(|expressjwt|expressJwt|passport\.authenticate/.test(scope.text);
}

/** Server code that makes decisions with the claims: request/response objects or `next` around. */
function serverAuth(node: SyntaxNode): boolean {
  const fn = enclosingFunction(node);
  const text = fn?.text ?? '';
  return (
    /\b(?:req|request|ctx|res|next)\b/.test(text) &&
    /\b(?:role|admin|isAdmin|permissions?|scope|userId|user_id|sub|req\.user|ctx\.state|authorization|authorized|next\s{0,8}\()/i.test(text)
  );
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = ctx.call(node);
  if (!call) return false;
  const path = ctx.pathText(call.callee ?? call.node) ?? call.name;
  const jwtLib = /^(?:jsonwebtoken|jwt|jose|jws)\b/.test(path) || /jwt/i.test(call.receiver?.text ?? '');
  if ((call.name === 'verify' || call.name === 'sign') && jwtLib) {
    const opts = objectLiteral(call.args.find((a) => a.index === 2)?.node);
    if (allowsNone(opts, ctx))
      return { message: `jwt.${call.name}() accepts the "none" algorithm: tokens without a signature are ${call.name === 'verify' ? 'accepted' : 'issued'}` };
    return false;
  }
  if (call.name === 'decode' && /^(?:jsonwebtoken|jwt)\.decode$/.test(path)) {
    if (verifies(node) || !serverAuth(node)) return false;
    return { message: 'jwt.decode() does not check the signature, but its claims are used here without jwt.verify(): anyone can forge them' };
  }
  if (/^(?:jose\.decodeJwt|jwt-decode|jwtDecode|jwt-decode\.jwtDecode|jwt-decode\.default)$/.test(path)) {
    if (verifies(node) || !serverAuth(node) || !/\b(?:req|request|ctx)\b/.test(enclosingFunction(node)?.text ?? '')) return false;
    return { message: `${path}() does not check the signature, but its claims are used here without verification: anyone can forge them` };
  }
  // express-jwt / koa-jwt / passport-jwt options: `{ secret, algorithms: ['none'] }`.
  for (const a of call.args) {
    const opts = objectLiteral(a.node);
    if (opts && propValue(opts, 'secret') !== null && allowsNone(opts, ctx))
      return { message: 'The JWT middleware accepts the "none" algorithm: tokens without a signature are accepted' };
  }
  return false;
}

export default defineRule({
  class: 'jwt-verification-disabled',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  message: 'A JSON Web Token is accepted without verifying its signature',
  remediation:
    'Verify tokens with `jwt.verify(token, key, { algorithms: ["HS256"] })` (or `jose.jwtVerify`) before trusting their claims, pin the expected algorithms, and never allow "none". `jwt.decode()` is only for reading a token you have already verified.',
  references: [
    'https://cwe.mitre.org/data/definitions/347.html',
    'https://github.com/auth0/node-jsonwebtoken#jwtdecodetoken--options',
    'https://cheatsheetseries.owasp.org/cheatsheets/JSON_Web_Token_for_Java_Cheat_Sheet.html',
  ],
  matcher: { kind: 'node', types: ['call_expression'], where: check },
});
