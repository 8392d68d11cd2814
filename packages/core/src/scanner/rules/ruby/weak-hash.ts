import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { clockDerived, contextNames, isSecretContext } from '../../lang/ruby/predicates.ts';

const WEAK = /^(?:md5|md4|md2|sha1|sha-1|rmd160|ripemd160)$/i;
/** Parts of a name or input that say the digest protects something (case-insensitive substrings). */
const SECURITY_STEMS = [
  'passw',
  'pwd',
  'secret',
  'token',
  'auth',
  'session',
  'salt',
  'sign',
  'credential',
  'otp',
  'nonce',
  'apikey',
  'api_key',
  'hmac',
  'verif',
  'login',
  'cookie',
  'reset',
  'csrf',
  'crypt',
  'integrity',
  'remember',
  'key',
];
/** Parts that say the digest is a checksum, a cache key or an identifier for display. */
const NOT_SECURITY_STEMS = [
  'gravatar',
  'cache',
  'etag',
  'checksum',
  'fingerprint',
  'file',
  'content_md5',
  'avatar',
  'color',
  'colour',
  'bucket',
  'shard',
  'partition',
  'dedup',
  'identicon',
  'md5sum',
  's3',
  'upload',
];

function mentions(text: string, stems: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return stems.some((s) => lower.includes(s));
}

/** `pin` as a word of its own (`pin`, `user.pin`, `"#{pin}"`), not `pinned` or `spinner`. */
function mentionsPin(text: string): boolean {
  const lower = text.toLowerCase();
  for (let i = lower.indexOf('pin'); i >= 0; i = lower.indexOf('pin', i + 1)) {
    const c = lower.charCodeAt(i + 3);
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95)) return true;
  }
  return false;
}

/** Words of a method that compares digests to notice a change. */
const CHANGE_STEMS = ['stamp', 'changed', 'modified', 'version', 'revision', 'compare', 'identical', 'duplicate'];
const CHANGE_DETECTION = { test: (text: string): boolean => mentions(text, CHANGE_STEMS) };
const SECURITY = { test: (text: string): boolean => mentions(text, SECURITY_STEMS) || mentionsPin(text) };
const NOT_SECURITY = { test: (text: string): boolean => mentions(text, NOT_SECURITY_STEMS) };

function algorithm(call: CallView, ctx: MatchContext): string | null {
  const path = ctx.pathText(call.receiver ?? call.node) ?? '';
  const fromPath = /(?:^|\.)(MD5|MD4|SHA1|RMD160)$/.exec(path);
  if (fromPath) return fromPath[1] as string;
  const first = call.args.find((a) => a.index === 0)?.node;
  const name = first ? ctx.stringValue(first) : null;
  return name !== null && WEAK.test(name) ? name.toUpperCase() : null;
}

/**
 * MD5 / SHA-1 where the names around say it protects a secret (password, token, signature, session…);
 * at low confidence where nothing says what it is for, and not at all where the names say checksum,
 * cache key or ETag.
 */
function weakForSecurity(call: CallView, ctx: MatchContext): Verdict {
  if (call.name === 'file') return false;
  const algo = algorithm(call, ctx);
  if (!algo) return false;
  const first = call.args.find((a) => a.index === 0)?.node;
  // A digest of the clock used as a token: the weakness is predictability (ruby.insecure-random).
  if (first && clockDerived(first)) return false;
  const input = call.args
    .filter((a) => a.index >= 0)
    .map((a) => a.node.text)
    .join(' ');
  const names = [...contextNames(call.node), ctx.fn?.name ?? '', ctx.fn?.className ?? ''].filter((n) => n.length > 0);
  const around = `${input} ${names.join(' ')}`;
  if (NOT_SECURITY.test(around) && !/passw|secret|token/i.test(around)) return false;
  if (!SECURITY.test(input) && !names.some((n) => isSecretContext(n) || SECURITY.test(n))) {
    // Nothing around the call says what the digest is for; a method that works with files, caches,
    // ETags or change stamps uses it as a checksum. Otherwise: still a broken function where a sound
    // one costs nothing.
    const body = ctx.fn?.node.text ?? '';
    if (NOT_SECURITY.test(body) || CHANGE_DETECTION.test(body)) return false;
    return {
      confidence: 'low',
      message: `${algo} is a broken hash function: use SHA-256 or better unless this digest protects nothing (name it as a checksum or cache key then)`,
    };
  }
  return { message: `${algo} is a broken hash function and must not protect passwords, tokens or signatures` };
}

export default defineRule({
  class: 'weak-hash',
  confidence: 'medium',
  cwe: ['CWE-328', 'CWE-327'],
  languages: ['ruby'],
  message: 'MD5 / SHA-1 is used to protect a password, token or signature',
  remediation:
    'Hash passwords with bcrypt (`has_secure_password`, `BCrypt::Password.create`) or Argon2; derive tokens with `SecureRandom` and store their SHA-256 digest; sign with `OpenSSL::HMAC.hexdigest("SHA256", key, data)` or `ActiveSupport::MessageVerifier`.',
  references: [
    'https://cwe.mitre.org/data/definitions/328.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html',
    'https://docs.ruby-lang.org/en/master/Digest.html',
  ],
  matcher: {
    kind: 'call',
    callee: [
      'Digest.{MD5,SHA1,RMD160}.{hexdigest,digest,base64digest,new,file}',
      'OpenSSL.Digest.{MD5,SHA1,MD4}.{hexdigest,digest,base64digest,new}',
      'OpenSSL.Digest.{new,digest,hexdigest,base64digest}',
      'Digest.{MD5,SHA1}()',
      'OpenSSL.HMAC.{hexdigest,digest}',
    ],
    where: (call, ctx) =>
      (call.name === 'hexdigest' || call.name === 'digest') && /OpenSSL\.HMAC$/.test(ctx.pathText(call.receiver ?? call.node) ?? '') ? false : weakForSecurity(call, ctx),
  },
});
