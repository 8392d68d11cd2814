import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { contextNames, identifierWords } from '../../lang/java/predicates.ts';
import { classRef, descendants, enclosingMethod, invocationParts } from '../../lang/java/tree.ts';

const WEAK = /^(?:MD2|MD4|MD5|SHA|SHA1|SHA-1|SHA_1)$/i;
/** Names that say the digest is not used for security (HTTP caching, bucketing, Gravatar URLs). */
const NON_SECURITY = new Set(['etag', 'cache', 'caching', 'gravatar', 'avatar', 'identicon', 'shard', 'partition', 'bucket', 'dedup', 'dedupe', 'deduplicate', 'cachekey']);
/** `contentHash`, `fileDigest`: a fingerprint of stored content (de-duplication, change detection), as the other languages treat it. */
const CONTENT = new Set(['content', 'file', 'blob', 'chunk']);
const DIGEST = new Set(['hash', 'digest', 'md5', 'sha1', 'fingerprint']);

/** The algorithm name an argument certainly holds: a literal, a constant, or a constant like `MessageDigestAlgorithms.MD5`. */
function algorithm(node: SyntaxNode | null, ctx: MatchContext): string | null {
  if (!node) return null;
  const v = ctx.stringValue(node);
  if (v !== null) return v;
  const last = node.text.slice(node.text.lastIndexOf('.') + 1);
  return /^[A-Z][A-Z0-9_]*$/.test(last) ? last.replace(/_/g, '-') : null;
}

const INVOCATIONS = new Set(['method_invocation']);

function nonSecurityNames(node: SyntaxNode): boolean {
  return contextNames(node).some((n) => {
    const ws = identifierWords(n);
    if (ws.some((w) => NON_SECURITY.has(w))) return true;
    for (let i = 1; i < ws.length; i++) if (DIGEST.has(ws[i] as string) && CONTENT.has(ws[i - 1] as string)) return true;
    return false;
  });
}

/**
 * A private helper (`private static String md5Hex(String v)`) says nothing by its own name: its
 * callers do. It is a non-security use when it is called in this file and every call is one
 * (`String dedupeKey = md5Hex(…)`, a call inside `importGravatar`).
 */
function helperOnlyForNonSecurity(node: SyntaxNode): boolean {
  const method = enclosingMethod(node);
  if (!method || method.type !== 'method_declaration') return false;
  const modifiers = method.namedChildren.find((c) => c.type === 'modifiers')?.text ?? '';
  if (!/\bprivate\b/.test(modifiers)) return false;
  const name = method.child('name')?.text;
  if (!name) return false;
  let root = method;
  while (root.parent) root = root.parent;
  const calls = descendants(root, INVOCATIONS).filter((inv) => {
    const p = invocationParts(inv);
    return p.name === name && (p.object === null || p.object.type === 'this') && enclosingMethod(inv) !== method;
  });
  return calls.length > 0 && calls.every(nonSecurityNames);
}

function nonSecurityUse(call: CallView): boolean {
  return nonSecurityNames(call.node) || helperOnlyForNonSecurity(call.node);
}

function weakDigest(call: CallView, ctx: MatchContext): Verdict {
  const alg = algorithm(ctx.arg(call, 0), ctx);
  if (alg === null || !WEAK.test(alg)) return false;
  return !nonSecurityUse(call);
}

function weakHelper(call: CallView): Verdict {
  return !nonSecurityUse(call);
}

function weakEncoder(call: CallView, ctx: MatchContext): Verdict {
  if (call.name === 'MessageDigestPasswordEncoder') {
    const alg = algorithm(ctx.arg(call, 0), ctx);
    return alg !== null && WEAK.test(alg) ? { cwe: ['CWE-328', 'CWE-916'] } : false;
  }
  return { cwe: call.name === 'getInstance' ? ['CWE-256', 'CWE-916'] : ['CWE-328', 'CWE-916'] };
}

export default defineRule({
  class: 'weak-hash',
  confidence: 'high',
  cwe: ['CWE-328', 'CWE-327'],
  languages: ['java'],
  message: 'MD5/SHA-1 (or another broken digest) is used here; it is unsafe for passwords, signatures, tokens and integrity checks',
  remediation:
    'Use SHA-256 or better (`MessageDigest.getInstance("SHA-256")`, `DigestUtils.sha256Hex`) for integrity, HMAC-SHA-256 for message authentication, and a password hash (`BCryptPasswordEncoder`, Argon2, PBKDF2) for passwords.',
  references: [
    'https://cwe.mitre.org/data/definitions/328.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'call',
    callee: [
      'MessageDigest.getInstance',
      'DigestUtils.{md2,md2Hex,md5,md5Hex,sha,shaHex,sha1,sha1Hex,getMd2Digest,getMd5Digest,getShaDigest,getSha1Digest}',
      'Hashing.{md5,sha1}',
      'DigestUtils.md5DigestAsHex',
      'Md5PasswordEncoder',
      'ShaPasswordEncoder',
      'LdapShaPasswordEncoder',
      'MessageDigestPasswordEncoder',
      'NoOpPasswordEncoder.getInstance',
      'Md5Crypt.{md5Crypt,apr1Crypt}',
    ],
    where: (call, ctx) => {
      if (call.name === 'getInstance' && classRef(call.receiver) === 'MessageDigest') return weakDigest(call, ctx);
      if (/PasswordEncoder$/.test(call.name) || (call.name === 'getInstance' && classRef(call.receiver) === 'NoOpPasswordEncoder')) return weakEncoder(call, ctx);
      return weakHelper(call);
    },
  },
});
