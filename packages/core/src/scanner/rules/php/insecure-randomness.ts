import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { destinationNames, secretWord } from '../../lang/php/helpers.ts';

const WEAK = new Set(['rand', 'mt_rand', 'uniqid', 'lcg_value', 'str_shuffle', 'array_rand', 'microtime', 'time', 'hrtime']);

/** `uniqid(mt_rand(), true)`: report the outermost weak generator only. */
function insideWeakCall(call: CallView, ctx: MatchContext): boolean {
  let n = call.node.parent;
  for (let i = 0; n && i < 6; i++, n = n.parent) {
    if (n.type === 'argument' || n.type === 'arguments' || n.type === 'binary_expression' || n.type === 'parenthesized_expression') continue;
    const outer = ctx.call(n);
    return outer !== null && WEAK.has(outer.name);
  }
  return false;
}

/** Digests that turn a clock reading into a token-looking string (hash_hmac with a key is not one). */
const DIGESTS = new Set(['md5', 'sha1', 'hash', 'crc32', 'base64_encode', 'bin2hex', 'dechex', 'str_rot13']);
/** Inputs that bring secret or random material into the digest. */
const SECRET_MATERIAL = ['random_bytes', 'random_int', 'openssl_random_pseudo_bytes', 'secret', 'key', 'salt', 'password', 'getenv', '$_ENV'];

/**
 * `md5($user['id'] . time())`: the clock read only counts when it is hashed into a value (a token),
 * and nothing random or secret is mixed in; a bare `time()` is a timestamp.
 */
function hashedClock(call: CallView, ctx: MatchContext): boolean {
  let n = call.node.parent;
  for (let i = 0; n && i < 10; i++, n = n.parent) {
    if (
      n.type === 'argument' ||
      n.type === 'arguments' ||
      n.type === 'binary_expression' ||
      n.type === 'parenthesized_expression' ||
      n.type === 'encapsed_string' ||
      n.type === 'cast_expression'
    )
      continue;
    const outer = ctx.call(n);
    if (!outer || outer.receiver) return false;
    if (DIGESTS.has(outer.name)) {
      const text = n.text.toLowerCase();
      return !SECRET_MATERIAL.some((w) => text.includes(w));
    }
  }
  return false;
}

function check(call: CallView, ctx: MatchContext): Verdict {
  if ((call.name === 'time' || call.name === 'hrtime') && !hashedClock(call, ctx)) return false;
  if (insideWeakCall(call, ctx)) return false;
  const names = destinationNames(call.node, ctx).filter((d) => d !== call.name);
  const fn = ctx.fn?.name ?? '';
  const hit = names.find((n) => secretWord(n)) ?? (secretWord(fn) ? fn : undefined);
  if (!hit) return false;
  return { message: `${call.name}() is not a cryptographically secure generator but produces a secret value (${hit.replace(/^\$/, '')})` };
}

export default defineRule({
  class: 'insecure-random',
  confidence: 'medium',
  languages: ['php'],
  message: 'A predictable random generator produces a secret value (token, password, session id, code)',
  remediation:
    'Generate secrets with a CSPRNG: `bin2hex(random_bytes(32))` for tokens, `random_int($min, $max)` for codes and PINs, `password_hash()` for passwords. `rand()`, `mt_rand()`, `uniqid()`, `lcg_value()` and `str_shuffle()` are predictable.',
  references: [
    'https://cwe.mitre.org/data/definitions/338.html',
    'https://www.php.net/manual/en/function.random-bytes.php',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html#secure-random-number-generation',
  ],
  matcher: { kind: 'call', callee: ['rand', 'mt_rand', 'uniqid', 'lcg_value', 'str_shuffle', 'array_rand', 'microtime', 'time', 'hrtime'], where: check },
});
