import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { argAt, declaredValue, fileFact, objectLiteral, propValue, unwrap } from '../../lang/javascript/helpers.ts';

const WEAK =
  /^(?:des|des-ede|des-ede3|des3|3des|tripledes|des-ede-cbc|des-ede3-cbc|des-cbc|des-ecb|des-cfb|des-ofb|rc2|rc2-cbc|rc2-40-cbc|rc2-64-cbc|rc4|rc4-40|rc4-hmac-md5|rc5|bf|bf-cbc|bf-ecb|bf-cfb|bf-ofb|blowfish|cast|cast5|cast5-cbc|cast5-ecb|idea|idea-cbc|idea-ecb|seed|seed-cbc|seed-ecb|des-ede3-cfb|des-ede3-ofb|des-ede-ecb|des-ede3-ecb)$/i;
const ECB = /(?:^|-)ecb$/i;

/** A constant initialisation vector: a literal, `Buffer.from('…')`, `Buffer.alloc(16)` (zeros), or a module constant bound to one. */
function staticIv(node: SyntaxNode | null, ctx: MatchContext, depth = 0): boolean {
  if (!node || depth > 3) return false;
  const n = unwrap(node);
  if (ctx.stringValue(n) !== null) return true;
  if (n.type === 'call_expression') {
    const callee = n.child('function')?.text ?? '';
    const args = n.child('arguments')?.namedChildren ?? [];
    if (/^Buffer\.alloc$/.test(callee)) return args.length >= 1 && (args.length === 1 || /^(?:0|'\\0'|"\\0")$/.test(args[1]?.text ?? '') || ctx.isConstant(args[1] as SyntaxNode));
    if (/^Buffer\.from$/.test(callee))
      return args[0] !== undefined && (ctx.stringValue(args[0]) !== null || (args[0].type === 'array' && args[0].namedChildren.every((c) => c.type === 'number')));
    return false;
  }
  if (n.type === 'identifier') {
    const v = declaredValue(n);
    return v !== null && staticIv(v, ctx, depth + 1);
  }
  return false;
}

/** Whether the file creates a cipher with this algorithm (`createCipheriv('aes-192-ecb', …)`, or through a constant). */
function encryptsWith(ctx: MatchContext, algorithm: string): boolean {
  return fileFact(ctx, `encrypts:${algorithm.toLowerCase()}`, (code) => {
    const lower = code.toLowerCase();
    for (let i = lower.indexOf('createcipher'), n = 0; i >= 0 && n < 100; i = lower.indexOf('createcipher', i + 12), n++) {
      const args = lower.slice(i, i + 120);
      if (args.includes(`'${algorithm.toLowerCase()}'`) || args.includes(`"${algorithm.toLowerCase()}"`)) return true;
    }
    return false;
  });
}

function nodeCrypto(call: CallView, ctx: MatchContext): Verdict {
  const deprecated = call.name === 'createCipher' || call.name === 'createDecipher';
  const alg = argAt(call, 0);
  const value = alg ? ctx.stringValue(alg) : null;
  if (deprecated && /^(?:crypto|node:crypto)\.|^createCipher$|^createDecipher$/.test(ctx.pathText(call.callee ?? call.node) ?? '')) {
    return {
      message: `crypto.${call.name}() is deprecated and insecure: it derives the key with a single MD5 round and uses no IV; use ${call.name}iv() with a random IV and a key from scrypt/HKDF`,
    };
  }
  if (value !== null && (WEAK.test(value) || ECB.test(value))) {
    // Decrypting with the scheme the file also encrypts with: one finding, at the encryption that produces the weak ciphertext.
    if (/^createDecipher/.test(call.name) && encryptsWith(ctx, value)) return false;
    return {
      message: `${value} is ${ECB.test(value) ? 'ECB mode, which leaks patterns of the plaintext' : 'a weak or obsolete cipher'}: use AES-256-GCM (or ChaCha20-Poly1305) with a random IV`,
    };
  }
  if (call.name === 'createCipheriv' && staticIv(argAt(call, 2), ctx) && !(value !== null && /^id-aes\d+-wrap/i.test(value))) {
    return {
      cwe: ['CWE-329', 'CWE-1204'],
      message:
        'The cipher is created with a constant IV: the same plaintext encrypts to the same ciphertext (and GCM loses its security); generate a random IV with crypto.randomBytes() for every message',
    };
  }
  return false;
}

function cryptoJs(call: CallView, ctx: MatchContext): Verdict {
  const path = ctx.pathText(call.callee ?? call.node) ?? '';
  const m = /(?:^|\.)(DES|TripleDES|RC4|RC4Drop|Rabbit|RabbitLegacy)\.(?:encrypt|decrypt)$/.exec(path);
  if (m) return { message: `CryptoJS.${m[1]} is a weak or obsolete cipher: use AES with a random IV (or the Web Crypto API with AES-GCM)` };
  const opts = objectLiteral(argAt(call, 2));
  const mode = propValue(opts, 'mode');
  if (mode && /\.ECB$/.test(mode.text)) return { message: 'CryptoJS is used in ECB mode, which leaks patterns of the plaintext: use CBC/GCM with a random IV' };
  return false;
}

function forge(call: CallView, ctx: MatchContext): Verdict {
  const alg = argAt(call, 0);
  const value = alg ? ctx.stringValue(alg) : null;
  if (value === null) return false;
  if (/^(?:DES|3DES|RC2)-/i.test(value) || ECB.test(value)) return { message: `${value} is ${ECB.test(value) ? 'ECB mode' : 'a weak cipher'}: use AES-GCM with a random IV` };
  return false;
}

function check(call: CallView, ctx: MatchContext): Verdict {
  const path = ctx.pathText(call.callee ?? call.node) ?? call.name;
  if (/^(?:crypto|node:crypto)\.(?:createCipheriv|createDecipheriv|createCipher|createDecipher)$|^(?:createCipheriv|createDecipheriv|createCipher|createDecipher)$/.test(path))
    return nodeCrypto(call, ctx);
  if (/(?:^|\.)(?:encrypt|decrypt)$/.test(path) && /^(?:CryptoJS|crypto-js|cryptojs)\b/i.test(path)) return cryptoJs(call, ctx);
  if (/^(?:forge|node-forge)\.cipher\.(?:createCipher|createDecipher)$/.test(path)) return forge(call, ctx);
  return false;
}

export default defineRule({
  class: 'weak-cipher',
  confidence: 'high',
  cwe: ['CWE-327'],
  languages: ['javascript', 'typescript'],
  message: 'A weak cipher, ECB mode or a constant IV is used',
  remediation:
    'Encrypt with AES-256-GCM (`crypto.createCipheriv("aes-256-gcm", key, iv)`) using a fresh random 12-byte IV from `crypto.randomBytes()` per message and verify the auth tag on decryption. Do not use DES/3DES/RC4/Blowfish, ECB mode, or the deprecated `crypto.createCipher()`.',
  references: [
    'https://cwe.mitre.org/data/definitions/327.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html',
    'https://nodejs.org/api/crypto.html#cryptocreatecipherivalgorithm-key-iv-options',
  ],
  matcher: {
    kind: 'call',
    callee: [
      'crypto.{createCipheriv,createDecipheriv,createCipher,createDecipher}',
      '{createCipheriv,createDecipheriv,createCipher,createDecipher}',
      '*.{encrypt,decrypt}',
      '{forge,node-forge}.cipher.{createCipher,createDecipher}',
    ],
    where: check,
  },
});
