import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { argAt, destinationNames, enclosingFunction, functionName, secretWord } from '../../lang/javascript/helpers.ts';

const WEAK_HASH = /^(?:md2|md4|md5|sha1|sha-1|md5-sha1|rsa-md5|rsa-sha1|ripemd|mdc2)$/i;
const WEAK_HMAC = /^(?:md2|md4|md5)$/i;
/** Names that say the digest is not a security control: cache keys, ETags, file fingerprints, avatars. */
const NOT_SECURITY =
  // redos-ok: matched against identifier names and short argument texts only (bounded input)
  /etag|cache|gravatar|avatar|dedup|fingerprint|uuid|shard|bucket|partition|colou?r|file_?name|asset|content_?hash|file_?hash|hash_?file|checksum_?file|cache_?key|deterministic|seed|lock_?key|placeholder|identicon|slug|short_?id|anon(?:ymi[sz]e)?|bloom/i;

/** Names that say the digest vouches for data: subresource integrity, tamper checks, a MAC. */
// redos-ok: matched against identifier names and short argument texts only (bounded input)
const INTEGRITY = /integrity|(?:^|[^a-z])sri(?:[^a-z]|$)|tamper|(?:^|[^a-z])mac(?:[^a-z]|$)|verif|sign(?:ed|ature)/i;

/** The call chain a hash call heads: `crypto.createHash('md5').update(x).digest('hex')`. */
function chainTop(node: SyntaxNode): SyntaxNode {
  let n = node;
  for (let i = 0; i < 8; i++) {
    const p = n.parent;
    if (!p) break;
    if (p.type === 'member_expression' && n.field === 'object' && p.parent?.type === 'call_expression') {
      n = p.parent;
      continue;
    }
    break;
  }
  return n;
}

/** What is hashed: the arguments of `.update(…)` in the chain, or of `md5(…)`. */
function hashedText(call: CallView, top: SyntaxNode): string {
  const texts = call.args.map((a) => a.node.text);
  const at = top.text.indexOf('.update(');
  if (at >= 0) {
    // Up to the parenthesis that closes `.update(` (the argument may hold calls: `${email.toLowerCase()}|${password}`).
    const rest = top.text.slice(at + 8, at + 208);
    let depth = 0;
    let close = -1;
    for (let i = 0; i < rest.length && close < 0; i++) {
      if (rest[i] === '(') depth++;
      else if (rest[i] === ')' && depth-- === 0) close = i;
    }
    texts.push(close >= 0 ? rest.slice(0, close) : rest);
  }
  return texts.join(' ');
}

/** `ContentMD5: digest`, `'Content-MD5': digest`: the digest (or the variable holding it) fills an MD5 checksum field. */
function protocolChecksum(top: SyntaxNode, fn: SyntaxNode | null): boolean {
  const field = (pair: SyntaxNode | null | undefined): boolean => pair?.type === 'pair' && /^['"]?content-?md5['"]?$/i.test(pair.child('key')?.text ?? '');
  if (field(top.parent)) return true;
  const decl = top.parent?.type === 'variable_declarator' ? top.parent.child('name') : null;
  if (!decl || decl.type !== 'identifier' || !fn) return false;
  const text = fn.text;
  const name = decl.text;
  for (let i = text.indexOf(name), n = 0; i >= 0 && n < 50; i = text.indexOf(name, i + name.length), n++) {
    const before = text.slice(Math.max(0, i - 24), i).replace(/\s+/g, '');
    if (/content-?md5['"]?\]?[:,=]$/i.test(before)) return true;
  }
  return false;
}

function check(call: CallView, ctx: MatchContext): Verdict {
  const path = ctx.pathText(call.callee ?? call.node) ?? call.name;
  let algorithm: string;
  let hmac = false;
  if (/(?:^|\.)createHash$/.test(path) || /(?:^|\.)createHmac$/.test(path) || /(?:^|\.)hash$/.test(path)) {
    if (!/^(?:crypto|node:crypto|webcrypto)\./.test(path) && !/^(?:createHash|createHmac)$/.test(path)) return false;
    const a = argAt(call, 0);
    const value = a ? ctx.stringValue(a) : null;
    if (value === null) return false;
    algorithm = value;
    hmac = /createHmac$/.test(path);
    if (!(hmac ? WEAK_HMAC : WEAK_HASH).test(algorithm)) return false;
  } else {
    algorithm = /sha1/i.test(path) ? 'SHA-1' : /md4/i.test(path) ? 'MD4' : 'MD5';
    if (call.args.length === 0) return false;
  }
  const top = chainTop(call.node);
  const fn = enclosingFunction(call.node);
  const names = [...destinationNames(top, ctx), fn ? (functionName(fn) ?? '') : '', hashedText(call, top)];
  const context = names.join(' ');
  if (NOT_SECURITY.test(context)) return false;
  // The digest goes into a protocol's MD5 integrity field (S3 `ContentMD5`, the `Content-MD5` header): the protocol dictates MD5.
  if (algorithm.toLowerCase() === 'md5' && protocolChecksum(top, fn)) return false;
  // Reported when the names around the digest say what it protects (a password, a token, a
  // signature, an integrity check). A digest with no such sign is an identifier (a request id, an
  // A/B bucket, a content address, a dedup key), which MD5/SHA-1 serve well.
  const secret = names.some((n) => secretWord(n));
  if (!secret && !hmac && !INTEGRITY.test(names.map((n) => n.replace(/([a-z0-9])([A-Z])/g, '$1_$2')).join(' '))) return false;
  return {
    confidence: secret || hmac ? 'high' : 'medium',
    message: `${hmac ? 'HMAC-' : ''}${algorithm.toUpperCase()} is a broken hash${secret ? ' and is used here for a secret or a credential' : ''}: use SHA-256 or better (bcrypt/scrypt/argon2 for passwords)`,
  };
}

export default defineRule({
  class: 'weak-hash',
  confidence: 'medium',
  cwe: ['CWE-328', 'CWE-327'],
  languages: ['javascript', 'typescript'],
  message: 'A broken hash algorithm (MD5/SHA-1) is used for a security purpose',
  remediation:
    'Hash passwords with bcrypt, scrypt (`crypto.scrypt`) or argon2; use SHA-256 or SHA-3 (`crypto.createHash("sha256")`) for tokens, signatures and integrity checks, and HMAC-SHA-256 for message authentication. MD5/SHA-1 are acceptable only for non-security uses such as cache keys or ETags.',
  references: [
    'https://cwe.mitre.org/data/definitions/328.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html',
    'https://nodejs.org/api/crypto.html#cryptocreatehashalgorithm-options',
  ],
  matcher: {
    kind: 'call',
    callee: [
      'crypto.createHash',
      'crypto.createHmac',
      'crypto.hash',
      'createHash',
      'createHmac',
      'md5',
      'sha1',
      'js-md5',
      'js-sha1',
      'blueimp-md5',
      'crypto-js.{MD5,SHA1}',
      'CryptoJS.{MD5,SHA1}',
      'crypto-js/md5',
      'crypto-js/sha1',
      'CryptoJS.HmacMD5',
      'crypto-js.HmacMD5',
      'js-md5.md5',
      'md5.hex',
    ],
    where: check,
  },
});
