import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { contextNames, isFalse, isSecretContext, isTrue, keyword } from '../../lang/python/predicates.ts';
import { lastWord } from '../../lang/python/text.ts';

const WEAK = /^(?:md5|md4|md2|sha1|sha-1|sha|ripemd160|rmd160|MD5|MD4|SHA1|SHA-1)$/i;
const FAST = /^(?:sha224|sha256|sha384|sha512|sha3_256|sha3_512|blake2b|blake2s|SHA256|SHA512)$/i;
/** Words that say the digest protects something. */
const SECURITY = /passw|pwd|secret|token|auth|session|salt|sign|credential|otp|nonce|api_?key|hmac|verif|login|\bpin\b|cookie|reset|csrf|crypt|integrity|remember|private|license/i;
const PASSWORD = /passw|passwd|\bpwd\b|_pwd\b|pass_?phrase|\bpw\b/i;
/** Non-security uses: cache keys, ETags, file checksums, de-duplication, sharding, avatars. */
const NOT_SECURITY = {
  test: (text: string): boolean =>
    /gravatar|cache|etag|checksum|fingerprint|file_?hash|content_?(?:hash|md5|sha1|digest)|chunk|avatar|color|colour|bucket|shard/i.test(text) ||
    /partition|dedup|identicon|md5sum|s3|upload|filename|path|url|image|digest_of_file|lock_?id|fixture/i.test(text),
};

/** The algorithm a call uses: `hashlib.md5`, `hashlib.new("sha1")`, `hmac.new(k, m, hashlib.md5)`, `hashes.SHA1()`. */
function algorithm(call: CallView, ctx: MatchContext): string | null {
  const path = ctx.pathText(call.callee ?? call.node) ?? '';
  const bare = path.replace(/\.new$/, '');
  // The last word of the path, or the one before a (second) `.new`.
  const last = (bare.endsWith('.new') ? lastWord(bare.slice(0, -4)) : null) ?? lastWord(bare) ?? '';
  if (/^hashlib\.(?:new)$/.test(path)) return ctx.stringValue(call.args.find((a) => a.index === 0 || a.name === 'name')?.node ?? call.node);
  if (/^(?:hmac\.(?:new|digest|HMAC))$/.test(path)) {
    const digest = call.args.find((a) => a.index === 2 || a.name === 'digestmod' || a.name === 'digest')?.node ?? null;
    if (!digest) return null;
    return ctx.stringValue(digest) ?? lastWord(ctx.pathText(digest) ?? digest.text);
  }
  return last;
}

function describe(node: SyntaxNode): string {
  return node.text.replace(/\s+/g, ' ').slice(0, 60);
}

/** MD5 / SHA-1 where the names around say it protects a secret; any fast hash for a password. */
function weakForSecurity(call: CallView, ctx: MatchContext): Verdict {
  if (isFalse(keyword(call, 'usedforsecurity'))) return false;
  const algo = algorithm(call, ctx);
  if (!algo) return false;
  const path = ctx.pathText(call.callee ?? call.node) ?? '';
  const isHmac = /^hmac\./.test(path);
  const input = call.args
    .filter((a) => a.index >= 0 && !(isHmac && a.index === 2))
    .map((a) => a.node.text)
    .join(' ');
  // hashlib.md5(); h.update(password): the data is fed to the object later.
  let fed = '';
  const assigned = call.node.parent?.type === 'assignment' ? call.node.parent.child('left')?.text : null;
  if (assigned && ctx.fn) {
    for (const line of ctx.fn.node.text.split('\n')) if (line.includes(`${assigned}.update(`)) fed += ` ${line}`;
  }
  const names = [...contextNames(call.node), ctx.fn?.name ?? '', ctx.fn?.className ?? ''].filter((n) => n.length > 0);
  const around = `${input} ${fed} ${names.join(' ')}`;
  if (isHmac) {
    // HMAC-SHA1 is still a sound MAC (TOTP, webhooks); HMAC-MD5 is not.
    return /^md5$/i.test(algo) ? { message: 'HMAC-MD5 is built on a broken hash; use HMAC-SHA256' } : false;
  }
  if (WEAK.test(algo)) {
    // `usedforsecurity=True` says what the digest is for.
    if (isTrue(keyword(call, 'usedforsecurity')))
      return { message: `${algo.toUpperCase()} (\`${describe(call.node)}\`) is declared to be used for security, and it is a broken hash function` };
    if (NOT_SECURITY.test(around) && !/passw|secret|token/i.test(around)) return false;
    // A digest of fresh random bytes (`md5(uuid4().bytes)`) is an identifier: its strength is the randomness.
    if (/uuid[14]|urandom|token_bytes|token_hex|randbytes|getrandbits|random\(/.test(input) && !/passw|secret/i.test(input)) return false;
    // With nothing around that says what the digest is for, MD5 / SHA-1 are still reported (at low
    // confidence): a digest used for anything else says so with `usedforsecurity=False`.
    if (!SECURITY.test(`${input} ${fed}`) && !names.some((n) => isSecretContext(n) || SECURITY.test(n)))
      return {
        confidence: 'low',
        message: `${algo.toUpperCase()} (\`${describe(call.node)}\`) is a broken hash function: use SHA-256 or better, or pass \`usedforsecurity=False\` where the digest protects nothing`,
      };
    return { message: `${algo.toUpperCase()} (\`${describe(call.node)}\`) is a broken hash function and must not protect passwords, tokens or signatures` };
  }
  if (FAST.test(algo) && PASSWORD.test(`${input} ${fed}`) && !/hash_?file|checksum/i.test(around)) {
    return { message: `A fast ${algo.toUpperCase()} digest stores a password: use a slow, salted password hash (bcrypt, scrypt, Argon2, PBKDF2)`, cwe: ['CWE-916', 'CWE-328'] };
  }
  return false;
}

export default defineRule({
  class: 'weak-hash',
  confidence: 'medium',
  cwe: ['CWE-328', 'CWE-327'],
  languages: ['python'],
  message: 'A broken or too-fast hash protects a password, token or signature',
  remediation:
    'Hash passwords with a password KDF (`argon2-cffi`, `bcrypt.hashpw`, `hashlib.scrypt`, `hashlib.pbkdf2_hmac("sha256", pw, salt, 600_000)`, Django / Werkzeug `make_password` / `generate_password_hash`); use SHA-256 or better for tokens and signatures (`hmac.new(key, msg, hashlib.sha256)`); mark non-security digests with `usedforsecurity=False`.',
  references: [
    'https://cwe.mitre.org/data/definitions/328.html',
    'https://docs.python.org/3/library/hashlib.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'call',
    callee: [
      'hashlib.{md5,sha1,md4,new,sha224,sha256,sha384,sha512,sha3_256,sha3_512,blake2b}',
      'hmac.{new,digest,HMAC}',
      '{Crypto,Cryptodome}.Hash.{MD5,SHA1,MD4,MD2,SHA,SHA256,SHA512}.new',
      'cryptography.hazmat.primitives.hashes.{MD5,SHA1}',
    ],
    where: weakForSecurity,
  },
});
