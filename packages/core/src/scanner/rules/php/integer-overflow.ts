import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { unwrap } from '../../lang/php/helpers.ts';

/** Functions that return a digest: 32 or more hex digits, far beyond a float's 53 bits. */
const DIGESTS = new Set(['md5', 'sha1', 'hash', 'hash_hmac', 'hash_file', 'md5_file', 'sha1_file', 'hash_final', 'crypt']);
/** Functions that return random or digest bytes: their hex form is as long as twice their length. */
const BYTE_SOURCES = new Set(['random_bytes', 'openssl_random_pseudo_bytes', 'get_random_bytes', 'mcrypt_create_iv', 'md5', 'sha1', 'hash', 'hash_hmac']);

/** `random_bytes(20)`: more than 7 bytes (a 64-bit integer holds 7; beyond, base_convert falls back to a float). A length chosen at run time counts as long. */
function longBytes(call: CallView): boolean {
  if (!BYTE_SOURCES.has(call.name.toLowerCase())) return false;
  if (DIGESTS.has(call.name.toLowerCase())) return true;
  const n = call.args.find((a) => a.index === 0)?.node;
  if (!n) return false;
  const len = Number(unwrap(n).text);
  return Number.isNaN(len) || len > 7;
}

/** The number being converted is a digest or long random hex (`md5(…)`, `bin2hex(random_bytes(16))`). */
function longHex(node: SyntaxNode, ctx: MatchContext): boolean {
  const inner = ctx.call(unwrap(node));
  if (!inner) return false;
  const name = inner.name.toLowerCase();
  if (DIGESTS.has(name)) return true;
  if (name !== 'bin2hex') return false;
  const bytes = inner.args.find((a) => a.index === 0)?.node;
  const source = bytes ? ctx.call(unwrap(bytes)) : null;
  return source !== null && longBytes(source);
}

function check(call: CallView, ctx: MatchContext): Verdict {
  const number = call.args.find((a) => a.index === 0)?.node;
  if (!number || !longHex(number, ctx)) return false;
  return {
    message:
      'base_convert() falls back to floats beyond 64-bit integers and silently drops everything past about 53 bits: a digest or random token converted this way keeps only a fraction of its entropy',
  };
}

export default defineRule({
  class: 'integer-overflow',
  confidence: 'medium',
  cwe: ['CWE-190', 'CWE-681'],
  languages: ['php'],
  remediation:
    'Do not run long numbers through `base_convert()`. Use the hex or base64 form of the random bytes directly (`bin2hex(random_bytes(16))`), or convert with arbitrary precision (`gmp_strval(gmp_init($hex, 16), 36)`).',
  references: ['https://cwe.mitre.org/data/definitions/681.html', 'https://www.php.net/manual/en/function.base-convert.php'],
  matcher: { kind: 'call', callee: ['base_convert'], where: check },
});
