import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const WEAK_CURVES = /\b(?:SECP192R1|SECT163K1|SECT163R2|SECP112R1|SECP128R1|P-192|P192|secp192r1|prime192v1)\b/;

function numberOf(text: string | undefined): number | null {
  if (!text || !/^\d[\d_]*$/.test(text.trim())) return null;
  return Number(text.replace(/_/g, ''));
}

/** RSA / DSA / DH keys under 2048 bits and curves under 224 bits can be broken or are deprecated. */
function weakKey(call: CallView, ctx: MatchContext): Verdict {
  const path = ctx.pathText(call.callee ?? call.node) ?? '';
  if (/ec\.generate_private_key$/.test(path)) {
    const curve = call.args.find((a) => a.index === 0 || a.name === 'curve')?.node;
    return curve && WEAK_CURVES.test(curve.text) ? { node: curve, message: `The elliptic curve \`${curve.text}\` is too small (under 224 bits)` } : false;
  }
  // cryptography: generate_private_key(public_exponent, key_size); PyCryptodome: RSA.generate(bits).
  const atPosition = /(?:rsa|dsa|dh)\.generate_(?:private_key|parameters)$/.test(path) ? (/rsa\./.test(path) ? 1 : 0) : 0;
  const size = call.args.find((a) => a.name === 'key_size' || a.name === 'bits' || (a.name === null && a.index === atPosition))?.node;
  const bits = numberOf(size?.text);
  if (!size || bits === null || bits >= 2048) return false;
  // Reported at the size, the value that is wrong (a multi-line call puts it lines below the call).
  return {
    node: size.parent?.type === 'keyword_argument' ? size.parent : size,
    message: `A ${bits}-bit key is too short to resist factoring / discrete-log attacks; use at least 2048 bits (3072 for long-lived keys)`,
  };
}

export default defineRule({
  class: 'weak-key-size',
  confidence: 'high',
  languages: ['python'],
  message: 'An RSA, DSA or DH key shorter than 2048 bits (or a curve under 224 bits) is generated',
  remediation: 'Generate RSA keys with `key_size=3072` (at least 2048), prefer Ed25519 / X25519 or `ec.SECP256R1()`, and DH groups of 2048 bits or more.',
  references: [
    'https://cwe.mitre.org/data/definitions/326.html',
    'https://cryptography.io/en/latest/hazmat/primitives/asymmetric/rsa/',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'call',
    callee: [
      'cryptography.hazmat.primitives.asymmetric.{rsa,dsa,dh,ec}.{generate_private_key,generate_parameters}',
      '{Crypto,Cryptodome}.PublicKey.{RSA,DSA}.generate',
      'rsa.newkeys',
    ],
    where: weakKey,
  },
});
