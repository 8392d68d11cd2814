import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { definitionOf, isFalse, keyword } from '../../lang/python/predicates.ts';

/** A dict literal (or a name bound to one) that sets `verify_signature` (or python-jose's `verify_*`) to False. */
function disablesSignature(options: SyntaxNode | null, ctx: MatchContext): boolean {
  let node = options;
  if (node?.type === 'identifier') node = definitionOf(node);
  if (!node) return false;
  if (node.type === 'call' && /^dict$/.test(node.child('function')?.text ?? '')) {
    return (node.child('arguments')?.namedChildren ?? []).some((a) => a.type === 'keyword_argument' && a.child('name')?.text === 'verify_signature' && isFalse(a.child('value')));
  }
  if (node.type !== 'dictionary') return false;
  return node.namedChildren.some((p) => p.type === 'pair' && ctx.stringValue(p.child('key') ?? p) === 'verify_signature' && isFalse(p.child('value')));
}

/** `algorithms=["none"]` / `algorithm="none"`. */
function allowsNone(node: SyntaxNode | null): boolean {
  return node !== null && /["']none["']/i.test(node.text);
}

/** `none` is a broken "algorithm" as much as a skipped check. */
const NONE_ALGORITHM = ['CWE-347', 'CWE-327'];
/** A token read without its signature checked authenticates nobody. */
const UNVERIFIED = ['CWE-347', 'CWE-287'];

/**
 * PyJWT `jwt.decode(t, options={"verify_signature": False})`, PyJWT 1.x `jwt.decode(t, verify=False)`,
 * python-jose / PyJWT with the `none` algorithm, `jwt.encode(p, None, algorithm="none")`.
 */
function unverified(call: CallView, ctx: MatchContext): Verdict {
  if (call.name === 'encode') {
    return allowsNone(keyword(call, 'algorithm')) ? { message: 'Tokens are issued with the `none` algorithm, i.e. unsigned', cwe: NONE_ALGORITHM } : false;
  }
  if (disablesSignature(keyword(call, 'options'), ctx)) return { message: '`jwt.decode(..., options={"verify_signature": False})` accepts forged tokens', cwe: UNVERIFIED };
  if (call.args.some((a) => a.name === 'verify' && a.node.type === 'false')) return { message: '`jwt.decode(..., verify=False)` accepts forged tokens', cwe: UNVERIFIED };
  if (allowsNone(keyword(call, 'algorithms')) || allowsNone(keyword(call, 'algorithm')))
    return { message: 'JWT decoding accepts the `none` algorithm, i.e. unsigned tokens', cwe: NONE_ALGORITHM };
  return false;
}

export default defineRule({
  class: 'jwt-verification-disabled',
  confidence: 'high',
  languages: ['python'],
  message: 'JSON Web Tokens are accepted without verifying their signature',
  remediation:
    'Always verify: `jwt.decode(token, key, algorithms=["HS256"])` (or the RS256/ES256 public key) with the default options; never pass `verify_signature: False` or allow the `none` algorithm. To read the header before verifying (e.g. the `kid`), use `jwt.get_unverified_header()` and then verify.',
  references: [
    'https://cwe.mitre.org/data/definitions/347.html',
    'https://pyjwt.readthedocs.io/en/stable/usage.html#reading-the-claimset-without-validation',
    'https://cheatsheetseries.owasp.org/cheatsheets/JSON_Web_Token_for_Java_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'call',
    callee: ['jwt.decode', 'jwt.encode', 'jwt.api_jwt.decode', 'jose.jwt.decode', 'jose.jwt.encode', 'jwt.PyJWT().decode', 'authlib.jose.jwt.decode'],
    where: unverified,
  },
});
