import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const BROKEN = /^(?:DES|DES3|TripleDES|ARC4|ARC2|RC4|RC2|Blowfish|CAST|CAST5|IDEA|SEED|XOR)$/;

/**
 * PyCryptodome / PyCrypto `DES.new(…)`, `ARC4.new(…)`, `AES.new(key, AES.MODE_ECB)`; cryptography
 * `algorithms.TripleDES(key)`, `algorithms.ARC4(key)`, `modes.ECB()`; pyDes.
 */
function weakCipher(call: CallView, ctx: MatchContext): Verdict {
  const path = ctx.pathText(call.callee ?? call.node) ?? '';
  const segs = path.split('.');
  if (call.name === 'new') {
    const cipher = segs[segs.length - 2] ?? '';
    if (BROKEN.test(cipher)) return { message: `${cipher} is a broken or obsolete cipher; use AES-GCM or ChaCha20-Poly1305` };
    if (cipher === 'AES' || cipher === 'Blowfish' || cipher === 'CAST' || cipher === 'DES3') {
      const mode = call.args.find((a) => a.index === 1 || a.name === 'mode')?.node;
      if (mode && /MODE_ECB$/.test(ctx.pathText(mode) ?? mode.text))
        return { message: 'ECB mode encrypts equal blocks to equal ciphertext and leaks patterns; use GCM (`AES.new(key, AES.MODE_GCM)`)' };
    }
    return false;
  }
  const name = segs[segs.length - 1] ?? '';
  if (name === 'ECB') return { message: 'ECB mode encrypts equal blocks to equal ciphertext and leaks patterns; use `modes.GCM(iv)` or AESGCM' };
  if (BROKEN.test(name)) return { message: `${name} is a broken or obsolete cipher; use AES-GCM or ChaCha20-Poly1305` };
  if (/^pyDes\.(?:des|triple_des)$/.test(path)) return { message: 'DES / 3DES (pyDes) is a broken or obsolete cipher; use AES-GCM' };
  return false;
}

export default defineRule({
  class: 'weak-cipher',
  confidence: 'high',
  cwe: ['CWE-327'],
  languages: ['python'],
  message: 'A broken cipher (DES, 3DES, RC4, Blowfish) or ECB mode is used',
  remediation:
    "Use authenticated encryption: `cryptography`'s `AESGCM(key).encrypt(nonce, data, aad)` / `Fernet`, or PyCryptodome `AES.new(key, AES.MODE_GCM)` with a fresh nonce per message.",
  references: [
    'https://cwe.mitre.org/data/definitions/327.html',
    'https://cryptography.io/en/latest/hazmat/primitives/symmetric-encryption/',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html#algorithms',
  ],
  matcher: {
    kind: 'call',
    callee: [
      '{Crypto,Cryptodome}.Cipher.{DES,DES3,ARC4,ARC2,Blowfish,CAST,XOR,AES}.new',
      'cryptography.hazmat.primitives.ciphers.algorithms.{TripleDES,ARC4,Blowfish,CAST5,IDEA,SEED}',
      'cryptography.hazmat.primitives.ciphers.modes.ECB',
      'cryptography.hazmat.decrepit.ciphers.algorithms.{TripleDES,ARC4,Blowfish,CAST5,IDEA,SEED}',
      'pyDes.{des,triple_des}',
    ],
    where: weakCipher,
  },
});
