import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { enclosingFunction } from '../../lang/go/adapter.ts';
import { boundName, enclosingStatement, identifiersIn, walk } from '../../lang/go/util.ts';

/** Uses of a digest that are not security decisions: cache keys, ETags, sharding, Gravatar URLs. */
const NON_SECURITY = /etag|cache|shard|bucket|partition|gravatar|dedup|colou?r|avatar|hashring|consistent|cachebust|websocket|acceptkey|accept_key/i;

function nonSecurityUse(call: CallView, ctx: MatchContext): boolean {
  const names = [...ctx.enclosingNames()];
  const stmt = enclosingStatement(call.node);
  if (stmt) names.push(...identifiersIn(stmt.text));
  names.push(...resultUses(call.node, 2));
  return names.some((n) => NON_SECURITY.test(n));
}

/**
 * Names around the uses of a digest bound to a local (`sum := md5.Sum(body)` … `etag := hex.EncodeToString(sum[:])`),
 * following up to `depth` locals: what the digest is for is said where it is used.
 */
function resultUses(value: SyntaxNode, depth: number): string[] {
  const name = boundName(value)?.text;
  const fn = enclosingFunction(value);
  if (!name || !fn || depth <= 0) return [];
  const out: string[] = [];
  let budget = 8;
  for (const n of walk(fn)) {
    if (n.type !== 'identifier' || n.text !== name || n.start < value.end || budget <= 0) continue;
    const stmt = enclosingStatement(n);
    if (!stmt) continue;
    budget--;
    out.push(...identifiersIn(stmt.text));
    const right = stmt.child('right') ?? stmt.child('value');
    const next = right?.type === 'expression_list' && right.namedChildren.length === 1 ? right.namedChildren[0] : right;
    if (next && next !== value) out.push(...resultUses(next, depth - 1));
  }
  return out;
}

const ALGO: Record<string, string> = { md5: 'MD5', sha1: 'SHA-1' };

function weakDigest(call: CallView, ctx: MatchContext) {
  const path = ctx.path(call.callee ?? call.node) ?? [];
  if (nonSecurityUse(call, ctx)) return false;
  const algo = path[0] === 'crypto' ? (path[1] === 'MD5' ? 'MD5' : 'SHA-1') : (ALGO[path[0] ?? ''] ?? 'a broken hash');
  return { message: `${algo} is a broken hash function: collisions can be computed, so it must not protect passwords, signatures, tokens or integrity` };
}

/** `rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA1, digest)`: a signature over a weak digest. */
function weakSignatureHash(call: CallView, ctx: MatchContext) {
  for (const a of call.args) {
    const p = ctx.path(a.node);
    if (p && p.length === 2 && p[0] === 'crypto' && (p[1] === 'MD5' || p[1] === 'SHA1' || p[1] === 'MD5SHA1')) {
      return { message: `A signature computed over ${p[1] === 'SHA1' ? 'SHA-1' : 'MD5'} can be forged with a hash collision` };
    }
  }
  return false;
}

export default defineRule({
  class: 'weak-hash',
  confidence: 'high',
  cwe: ['CWE-328', 'CWE-327'],
  languages: ['go'],
  message: 'MD5/SHA-1 is a broken hash function and must not be used for security',
  remediation: 'Use `crypto/sha256` (or SHA-3/BLAKE2) for integrity and signatures, HMAC-SHA-256 for tokens, and `golang.org/x/crypto/bcrypt`, `scrypt` or `argon2` for passwords.',
  references: [
    'https://cwe.mitre.org/data/definitions/328.html',
    'https://pkg.go.dev/crypto/md5',
    'https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'call',
    callee: ['md5.{New,Sum}', 'sha1.{New,Sum}', 'crypto.{MD5,SHA1}.New', 'rsa.{SignPKCS1v15,VerifyPKCS1v15}', '*.{Sign,Verify}'],
    where: (call, ctx) => {
      const path = ctx.path(call.callee ?? call.node) ?? [];
      if (path[0] === 'md5' || path[0] === 'sha1' || path[0] === 'crypto') return weakDigest(call, ctx);
      return weakSignatureHash(call, ctx);
    },
  },
});
