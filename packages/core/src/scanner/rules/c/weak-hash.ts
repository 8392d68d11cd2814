import type { CallView } from '../../engine/adapter.ts';
import { earlierCallIn, positional, stringValueOf } from '../../lang/c/analysis.ts';
import { descendants, enclosingFunction, functionName } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { nameWords } from '../../secrets/credentials.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const ALWAYS = [
  'MD5',
  'MD5_Init',
  'MD4',
  'MD4_Init',
  'MD2',
  'MD2_Init',
  'SHA1',
  'SHA1_Init',
  'SHA_Init',
  'EVP_md5',
  'EVP_md4',
  'EVP_md2',
  'EVP_sha1',
  'EVP_md5_sha1',
  'mbedtls_md5',
  'mbedtls_md5_ret',
  'mbedtls_md5_starts',
  'mbedtls_md5_starts_ret',
  'mbedtls_sha1',
  'mbedtls_sha1_ret',
  'mbedtls_sha1_starts',
  'mbedtls_sha1_starts_ret',
  'wc_InitMd5',
  'wc_Md5Hash',
  'wc_InitSha',
  'wc_ShaHash',
  'CC_MD5',
  'CC_MD5_Init',
  'CC_SHA1',
  'CC_SHA1_Init',
  'gcry_md_hash_buffer',
];
const DIRECT = new Set(ALWAYS);
const BY_NAME = ['EVP_get_digestbyname', 'EVP_MD_fetch', 'CryptCreateHash', 'QCryptographicHash.hash', 'gcry_md_open'];
const WEAK_NAME = /^(?:md[245]|sha-?1|sha|ssl3-md5|md5-sha1)$/i;
const WEAK_CONSTANT = /\b(?:CALG_MD[245]|CALG_SHA1?|GCRY_MD_MD[45]|GCRY_MD_SHA1|QCryptographicHash::(?:Md4|Md5|Sha1))\b/;
/** HMAC and PBKDF2 keyed with SHA-1/MD5 are not broken by collisions. */
const KEYED = /^(?:HMAC|HMAC_Init|HMAC_Init_ex|PKCS5_PBKDF2_HMAC|PKCS5_PBKDF2_HMAC_SHA1|EVP_PKEY_CTX_set_hkdf_md|HKDF)$/;

/** Digests that decide nothing about security: cache keys, ETags, de-duplication, sharding, file checksums. */
const NOT_SECURITY = /cache|etag|dedup|shard|bucket|partition|checksum|gravatar|avatar|colou?r|hashring|fingerprint_?file|content_?id|lookup/i;
/** Parts of names that say the digest protects something. */
const SECURITY_PARTS = [
  'passw',
  'pwd',
  'secret',
  'token',
  'auth',
  'sign',
  'salt',
  'hmac',
  'credential',
  'session',
  'nonce',
  'otp',
  'login',
  'cookie',
  'csrf',
  'licen',
  'verif',
  'integrity',
];

function securityName(name: string): boolean {
  const lower = name.toLowerCase();
  if (SECURITY_PARTS.some((p) => lower.includes(p))) return true;
  // `pin`, `hashManagerPin`, `pin_code` — as a word, not inside `mapping` or `shipping`.
  return nameWords(name).includes('pin');
}

/**
 * Whether the function around the digest says what it is for, and that is not security: `cache_key(url)`,
 * `fileChecksum(path)` with nothing about passwords, tokens or signatures in its names.
 */
function nonSecurityUse(at: SyntaxNode): boolean {
  const fn = enclosingFunction(at);
  const fname = functionName(fn) ?? '';
  if (!NOT_SECURITY.test(fname)) return false;
  const names = [fname, ...(fn ? descendants(fn, new Set(['identifier', 'field_identifier']), 400).map((i) => i.text) : [])];
  return !names.some(securityName);
}

function weakHash(call: CallView, ctx: MatchContext): Verdict {
  const name = call.name;
  if (nonSecurityUse(call.node)) return false;
  if (BY_NAME.includes(name) || name === 'hash') {
    const args = positional(call);
    const hit = args.some((a) => {
      const s = stringValueOf(ctx, a);
      return (s !== null && WEAK_NAME.test(s)) || WEAK_CONSTANT.test(a.text);
    });
    if (!hit) return false;
  } else if (name === 'gcry_md_hash_buffer') {
    if (!WEAK_CONSTANT.test(positional(call)[0]?.text ?? '')) return false;
  }
  // EVP_sha1() handed to HMAC()/PBKDF2.
  const list = call.node.parent;
  if (list?.type === 'argument_list' && list.parent?.type === 'call_expression') {
    const outer = list.parent.child('function')?.text ?? '';
    if (KEYED.test(outer)) return false;
  }
  if (DIRECT.has(name) && earlierCallIn(call.node, DIRECT, (c) => !KEYED.test(c.parent?.parent?.child('function')?.text ?? ''))) return false;
  const algo = /md4|MD4/.test(call.node.text) ? 'MD4' : /md2|MD2/.test(call.node.text) ? 'MD2' : /sha|SHA/i.test(call.node.text) && !/md5/i.test(call.node.text) ? 'SHA-1' : 'MD5';
  return { message: `${algo} is a broken hash: collisions can be computed, and it is far too fast for passwords` };
}

export default defineRule({
  class: 'weak-hash',
  confidence: 'high',
  cwe: ['CWE-328', 'CWE-327'],
  languages: ['c', 'cpp'],
  message: 'A broken hash algorithm is used',
  remediation: 'Use SHA-256 or better (`EVP_sha256()`, `SHA256()`); for passwords use a slow salted KDF such as `PKCS5_PBKDF2_HMAC` with many iterations, scrypt or Argon2.',
  references: ['https://cwe.mitre.org/data/definitions/328.html', 'https://www.openssl.org/docs/man3.0/man3/EVP_DigestInit.html'],
  matcher: { kind: 'call', callee: [...ALWAYS, ...BY_NAME, 'QCryptographicHash'], where: weakHash },
});
