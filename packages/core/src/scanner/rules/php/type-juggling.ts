import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { unwrap } from '../../lang/php/helpers.ts';

/** Operands that hold a password, a hash, a token or a signature. */
const SECRETISH = /passw(?:or)?d|passwd|\bpwd|\$pass\b|hash|token|signature|\bsig\b|hmac|secret|csrf|nonce|otp|api_?key|digest|md5\(|sha1\(|crypt\(/i;

/** A call that returns a hex digest. */
const HASH_CALL = /^\\?(?:md5|sha1|md5_file|sha1_file|hash|hash_file|hash_hmac)\s*\(/i;

function isLiteralish(node: SyntaxNode, ctx: MatchContext): boolean {
  const n = unwrap(node);
  if (ctx.literalKind(n) !== null) return true;
  if (/^(?:null|true|false|\d+)$/i.test(n.text)) return true;
  // Lengths, counts and booleans compare numbers: no juggling of the secret itself.
  return /^(?:strlen|mb_strlen|count|sizeof|is_\w+|empty|isset|intval|time)\s*\(/i.test(n.text) || /^[A-Z][A-Z0-9_]*$/.test(n.text);
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  const op = node.child('operator')?.text;
  if (op !== '==' && op !== '!=' && op !== '<>') return false;
  const left = node.child('left');
  const right = node.child('right');
  if (!left || !right) return false;
  // A digest in hex compared loosely: `md5($x) == '0'` holds for every digest of the form `0e<digits>` ("magic hashes").
  if (HASH_CALL.test(unwrap(left).text) || HASH_CALL.test(unwrap(right).text)) {
    const other = HASH_CALL.test(unwrap(left).text) ? unwrap(right) : unwrap(left);
    if (/^(?:null|true|false|''|"")$/i.test(other.text)) return false;
    return { message: `Loose comparison (${op}) of a hex digest: "0e…" digests compare equal to each other and to 0; use hash_equals()` };
  }
  if (isLiteralish(left, ctx) || isLiteralish(right, ctx)) return false;
  const l = SECRETISH.test(left.text);
  const r = SECRETISH.test(right.text);
  if (!(l || r)) return false;
  // User input against a stored or expected value (or two secrets); two client values (password
  // and its confirmation) prove nothing to an attacker.
  const lt = ctx.taint(left)?.strength === 'remote';
  const rt = ctx.taint(right)?.strength === 'remote';
  if (lt && rt) return false;
  if (!(lt || rt || (l && r))) return false;
  return {
    message: `Loose comparison (${op}) of a password, hash or token: "0e…" strings and type juggling can make different values compare equal; use hash_equals() or password_verify()`,
  };
}

export default defineRule({
  class: 'type-juggling',
  confidence: 'medium',
  languages: ['php'],
  message: 'A password, hash or token is compared with == / !=, which is subject to type juggling',
  remediation: 'Compare secrets with `hash_equals($known, $given)` (constant time, strict) and passwords with `password_verify($password, $hash)`; never with `==`.',
  references: [
    'https://cwe.mitre.org/data/definitions/697.html',
    'https://www.php.net/manual/en/function.hash-equals.php',
    'https://owasp.org/www-pdf-archive/PHPMagicTricks-TypeJuggling.pdf',
  ],
  matcher: { kind: 'node', types: ['binary_expression'], where: check },
});
