import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { nameWords } from '../../secrets/credentials.ts';
import { destinationNames, unwrap } from '../../lang/php/helpers.ts';

const WEAK_ALGOS = new Set(['md2', 'md4', 'md5', 'sha1', 'sha-1', 'ripemd128', 'crc32', 'crc32b', 'crc32c', 'adler32', 'fnv132', 'fnv164', 'joaat', 'tiger128,3']);
/** Words of an input that say the digest protects a secret (`$password`, `$user->pin`, `$data['api_key']`). */
const SECRET_INPUT_WORDS = new Set([
  'pass',
  'pw',
  'pwd',
  'pin',
  'pincode',
  'passcode',
  'passphrase',
  'salt',
  'hmac',
  'signature',
  'credential',
  'credentials',
  'apikey',
  'privatekey',
]);
/** Words of a destination that say the digest is a password hash, a PIN hash or a signature. */
const SECRET_DEST_WORDS = new Set(['pass', 'pwd', 'pin', 'pincode', 'passcode', 'signature', 'sig', 'signed', 'signing', 'sign', 'hmac', 'credential', 'apikey']);
/** Stems that make a word secret wherever they appear (`newPassword`, `dbpasswd`, `clientSecret`). */
const SECRET_STEMS = ['password', 'passwd', 'secret', 'credential'];
/** Two-word names: `api_key`, `private_key`, `signing_key`, `auth_key`. */
const SECRET_PAIRS = new Set(['api key', 'private key', 'signing key', 'sign key', 'auth key', 'secret key']);
/** Random or time-derived inputs: the weakness is the randomness (its own rule), not the hash. */
const RANDOM_CALLS = new Set(['rand', 'mt_rand', 'uniqid', 'lcg_value', 'random_bytes', 'random_int', 'openssl_random_pseudo_bytes', 'microtime', 'time', 'str_shuffle']);
/** Clearly non-security uses: cache keys, ETags, file checksums, gravatar, dedup, colours, asset versions. */
const NON_SECURITY_STEMS = [
  'cache',
  'etag',
  'checksum',
  'gravatar',
  'avatar',
  'dedup',
  'color',
  'colour',
  'filename',
  'slug',
  'css',
  'asset',
  'version',
  'lookup',
  'bucket',
  'shard',
  'partition',
];
const NON_SECURITY_PAIRS = new Set(['hash key', 'file name', 'fingerprint file', 'cache id']);

/** Whether a word list names a secret: a secret word, a word containing a secret stem, or a secret two-word name. */
function namesSecret(words: readonly string[], exact: ReadonlySet<string>): boolean {
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (exact.has(w) || SECRET_STEMS.some((s) => w.includes(s))) return true;
    if (i > 0 && SECRET_PAIRS.has(`${words[i - 1]} ${w}`)) return true;
  }
  return false;
}

function nonSecurity(text: string): boolean {
  const words = nameWords(text);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (NON_SECURITY_STEMS.some((s) => w.includes(s))) return true;
    if (i > 0 && NON_SECURITY_PAIRS.has(`${words[i - 1]} ${w}`)) return true;
  }
  return false;
}

/** Whether an expression calls a random or time function (`md5(uniqid())`, `sha1(time() . $id)`). */
function derivedFromRandom(node: SyntaxNode, ctx: MatchContext): boolean {
  const stack: SyntaxNode[] = [node];
  for (let budget = 500; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    const call = ctx.call(n);
    if (call && !call.receiver && RANDOM_CALLS.has(call.name)) return true;
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return false;
}

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
  if (/^[./0-9A-Za-z]{2}$/.test(value) || value.startsWith('_') || value.startsWith('$1$'))
    return { message: 'crypt() with a DES or MD5 salt produces a weak password hash; use password_hash()' };
  return false;
}

/**
 * A call to a helper the file defines (`member_password_hash($pw, $email)` wrapping `md5(…)`) is viewed as
 * the call it wraps; the digest is reported once, inside the helper.
 */
function helperCall(call: CallView): boolean {
  if (call.node.type !== 'function_call_expression') return false;
  const written = (call.node.child('function')?.text ?? '').replace(/^.*\\/, '');
  return written !== '' && written.toLowerCase() !== call.name.toLowerCase();
}

function check(call: CallView, ctx: MatchContext): Verdict {
  if (helperCall(call)) return false;
  if (call.name === 'crypt') return weakCrypt(call, ctx);
  const algo = algorithm(call, ctx);
  if (algo === null || !WEAK_ALGOS.has(algo.toLowerCase())) return false;
  const input = call.args.find((a) => a.index === (call.name === 'hash' ? 1 : 0));
  if (!input) return false;
  const inputNode = unwrap(input.node);
  if (derivedFromRandom(inputNode, ctx)) return false;
  const dests = destinationNames(call.node, ctx).filter((d) => d !== call.name);
  const fn = ctx.fn?.name ?? '';
  if (nonSecurity(dests.join(' ')) || nonSecurity(fn)) return false;
  if (namesSecret(nameWords(inputNode.text), SECRET_INPUT_WORDS))
    return { message: `${algo.toUpperCase()} is used to hash a password or secret; it is fast and broken, so the hash can be cracked or forged` };
  if (dests.some((d) => namesSecret(nameWords(d), SECRET_DEST_WORDS)))
    return { message: `${algo.toUpperCase()} is used for a password hash or signature; it is fast and broken, so the value can be cracked or forged` };
  if (/passw(?:or)?d|login|signup|register|authenticate|sign_?in/i.test(fn) && dests.length > 0 && dests.some((d) => /hash|pass|pwd/i.test(d))) {
    return { message: `${algo.toUpperCase()} is used to hash a password; use password_hash()` };
  }
  return false;
}

export default defineRule({
  class: 'weak-hash',
  confidence: 'medium',
  languages: ['php'],
  message: 'A weak hash (MD5/SHA-1/CRC) protects a password or secret',
  remediation:
    "Hash passwords with `password_hash($password, PASSWORD_DEFAULT)` (bcrypt/Argon2) and check them with `password_verify()`; sign data with `hash_hmac('sha256', $data, $key)` and compare with `hash_equals()`. MD5/SHA-1 are fine only for non-security checksums.",
  references: [
    'https://cwe.mitre.org/data/definitions/328.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html',
    'https://www.php.net/manual/en/function.password-hash.php',
  ],
  matcher: { kind: 'call', callee: ['md5', 'sha1', 'crc32', 'hash', 'md4', 'mhash', 'crypt'], where: check },
});
