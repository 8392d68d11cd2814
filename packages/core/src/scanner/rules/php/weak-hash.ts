import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { destinationNames, secretWord, unwrap } from '../../lang/php/helpers.ts';

const WEAK_ALGOS = /^(?:md2|md4|md5|sha1|sha-1|ripemd128|crc32|crc32b|crc32c|adler32|fnv132|fnv164|joaat|tiger128,3)$/i;
/** Inputs that say the digest protects a secret. */
const SECRET_INPUT = /passw(?:or)?d|passwd|\bpwd|\$pass\b|\$pw\b|\[['"]pass['"]\]|secret|salt|api_?key|private_?key|signature|sign(?:ing)?_?key|hmac|credential/i;
/** Destinations that say the digest is a password hash or a signature. */
const SECRET_DEST = /passw(?:or)?d|passwd|pwd|(?:^|_)pass(?:$|_)|signature|(?:^|_)sig(?:$|_)|sign(?:ed|ing)?(?:$|_)|hmac|secret|credential|api_?key|auth_?key/i;
/** A random or time-derived input: the weakness is the randomness (its own rule), not the hash. */
const RANDOM_INPUT = /\b(?:rand|mt_rand|uniqid|lcg_value|random_bytes|random_int|openssl_random_pseudo_bytes|microtime|time|str_shuffle)\s*\(/;
/** Clearly non-security uses: cache keys, ETags, file checksums, gravatar, dedup. */
const NON_SECURITY = /cache|etag|checksum|gravatar|avatar|fingerprint_?file|dedup|color|colour|filename|file_?name|slug|css|asset|version|hash_?key|lookup|bucket|shard|partition|cachekey|cache_?id/i;

function algorithm(call: CallView, ctx: MatchContext): string | null {
  if (call.name === 'hash' || call.name === 'hash_init') {
    const algo = call.args.find((a) => a.index === 0);
    return algo ? ctx.stringValue(algo.node) : null;
  }
  return call.name;
}

/** `crypt($password)` without a salt, or with a DES (`'ab'`, `_…`) or MD5 (`$1$`) salt. */
function weakCrypt(call: CallView, ctx: MatchContext): Verdict {
  const salt = call.args.find((a) => a.index === 1);
  if (!salt) return { message: 'crypt() without a salt uses a weak algorithm (DES/MD5); use password_hash()' };
  const value = ctx.stringValue(salt.node);
  if (value === null) return false;
  if (/^[./0-9A-Za-z]{2}$/.test(value) || value.startsWith('_') || value.startsWith('$1$')) return { message: 'crypt() with a DES or MD5 salt produces a weak password hash; use password_hash()' };
  return false;
}

function check(call: CallView, ctx: MatchContext): Verdict {
  if (call.name === 'crypt') return weakCrypt(call, ctx);
  const algo = algorithm(call, ctx);
  if (algo === null || !WEAK_ALGOS.test(algo)) return false;
  const input = call.args.find((a) => a.index === (call.name === 'hash' ? 1 : 0));
  if (!input) return false;
  const inputText = unwrap(input.node).text;
  if (RANDOM_INPUT.test(inputText)) return false;
  const dests = destinationNames(call.node, ctx).filter((d) => d !== call.name);
  const destText = dests.join(' ');
  const fn = ctx.fn?.name ?? '';
  if (NON_SECURITY.test(destText) || NON_SECURITY.test(fn)) return false;
  if (SECRET_INPUT.test(inputText)) return { message: `${algo.toUpperCase()} is used to hash a password or secret; it is fast and broken, so the hash can be cracked or forged` };
  if (dests.some((d) => SECRET_DEST.test(d.replace(/^\$/, '')))) return { message: `${algo.toUpperCase()} is used for a password hash or signature; it is fast and broken, so the value can be cracked or forged` };
  if (/passw(?:or)?d|login|signup|register|authenticate|sign_?in/i.test(fn) && dests.length > 0 && dests.some((d) => /hash|pass|pwd/i.test(d))) {
    return { message: `${algo.toUpperCase()} is used to hash a password; use password_hash()` };
  }
  return false;
}

export default defineRule({
  id: 'php.weak-hash',
  title: 'Weak hash for passwords or signatures',
  severity: 'medium',
  confidence: 'medium',
  cwe: ['CWE-328', 'CWE-327', 'CWE-916'],
  owasp: ['A02:2021'],
  languages: ['php'],
  message: 'A weak hash (MD5/SHA-1/CRC) protects a password or secret',
  remediation:
    'Hash passwords with `password_hash($password, PASSWORD_DEFAULT)` (bcrypt/Argon2) and check them with `password_verify()`; sign data with `hash_hmac(\'sha256\', $data, $key)` and compare with `hash_equals()`. MD5/SHA-1 are fine only for non-security checksums.',
  references: [
    'https://cwe.mitre.org/data/definitions/328.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html',
    'https://www.php.net/manual/en/function.password-hash.php',
  ],
  matcher: { kind: 'call', callee: ['md5', 'sha1', 'crc32', 'hash', 'md4', 'mhash', 'crypt'], where: check },
});
