import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { enclosingClass, enclosingFunction, findDeclaration, invocationParts, unwrap } from '../../lang/java/tree.ts';

const WEAK_ALGORITHMS =
  /^(?:DES|DESEDE|TRIPLEDES|3DES|RC2|RC4|ARCFOUR|BLOWFISH|IDEA|RC5|PBEWITHMD5ANDDES|PBEWITHSHA1ANDDESEDE|PBEWITHMD5ANDTRIPLEDES|PBEWITHSHA1ANDRC2_40|PBEWITHSHA1ANDRC4_128)$/;
const BLOCK_CIPHERS = /^(?:AES|AES_128|AES_192|AES_256|CAMELLIA|SEED|ARIA|SM4|TWOFISH|SERPENT)$/;
const WEAK_PROTOCOLS = /^(?:SSL|SSLV2|SSLV3|TLSV1|TLSV1\.1|TLS1|TLS1\.1)$/;

function transformation(node: SyntaxNode | null, ctx: MatchContext): string | null {
  if (!node) return null;
  return ctx.stringValue(node);
}

function cipher(call: CallView, ctx: MatchContext): Verdict {
  const t = transformation(ctx.arg(call, 0), ctx);
  if (t === null) return false;
  const [alg = '', mode = '', padding = ''] = t
    .toUpperCase()
    .split('/')
    .map((s) => s.trim());
  if (WEAK_ALGORITHMS.test(alg)) return { message: `Cipher.getInstance("${t}") uses the broken or 64-bit-block cipher ${alg}` };
  if (BLOCK_CIPHERS.test(alg) && (mode === '' || mode === 'ECB')) {
    return {
      message:
        mode === ''
          ? `Cipher.getInstance("${t}") defaults to ECB mode, which leaks patterns of the plaintext`
          : `Cipher.getInstance("${t}") uses ECB mode, which leaks patterns of the plaintext`,
    };
  }
  if (alg === 'RSA' && padding === 'NOPADDING') return { message: `Cipher.getInstance("${t}") uses textbook RSA without padding`, cwe: ['CWE-327', 'CWE-780'] };
  return false;
}

/** Ciphers whose keys are too short or broken whatever the caller asks for (Blowfish keys can be long enough). */
const BROKEN_KEYS = /^(?:DES|DESEDE|TRIPLEDES|3DES|RC2|RC4|ARCFOUR)$/;

/** Keys made for a broken or 64-bit-block cipher (`KeyGenerator.getInstance("DES")`). */
function keyGenerator(call: CallView, ctx: MatchContext): Verdict {
  const alg = transformation(ctx.arg(call, 0), ctx);
  if (alg === null || !BROKEN_KEYS.test(alg.toUpperCase())) return false;
  return { message: `KeyGenerator.getInstance("${alg}") makes keys for the broken cipher ${alg}` };
}

function protocol(call: CallView, ctx: MatchContext): Verdict {
  const p = transformation(ctx.arg(call, 0), ctx);
  if (p === null || !WEAK_PROTOCOLS.test(p.toUpperCase())) return false;
  return { message: `SSLContext.getInstance("${p}") allows obsolete SSL/TLS protocol versions`, cwe: ['CWE-327', 'CWE-326'] };
}

/** Bytes that are the same on every run: a literal array, `new byte[16]`, or a literal string's bytes (directly or through a constant). */
function constantBytes(node: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 3) return false;
  const u = unwrap(node);
  if (u.type === 'array_creation_expression') {
    const init = u.child('value');
    if (!init) return true; // new byte[16]: all zeros
    return init.namedChildren.every((c) => /literal$/.test(c.type) || c.type === 'unary_expression' || c.type === 'cast_expression');
  }
  if (u.type === 'array_initializer') return true;
  if (u.type === 'method_invocation') {
    const p = invocationParts(u);
    if (p.name === 'getBytes' && p.object) return ctx.stringValue(p.object) !== null || (/^[A-Z][A-Z0-9_]*$/.test(p.object.text) && constantField(p.object, ctx, depth));
    if ((p.name === 'decode' || p.name === 'decodeHex' || p.name === 'parseHexBinary' || p.name === 'parseHex') && p.args[0]) return ctx.stringValue(p.args[0]) !== null;
    return false;
  }
  if (u.type === 'identifier') {
    const d = findDeclaration(u.text, u);
    if (!d || !d.init || (d.kind !== 'field' && d.kind !== 'local')) return false;
    // An array later filled by SecureRandom.nextBytes(iv) is random.
    const scope = d.kind === 'local' ? enclosingFunction(d.node) : enclosingClass(d.node);
    if (scope && filledRandomly(scope.text, u.text)) return false;
    return constantBytes(d.init, ctx, depth + 1);
  }
  return false;
}

/** `random.nextBytes(iv)` / `nextBytes(this.iv)` somewhere in a text. */
function filledRandomly(text: string, name: string): boolean {
  for (let i = text.indexOf('nextBytes('); i >= 0; i = text.indexOf('nextBytes(', i + 1)) {
    const m = NEXT_BYTES_ARG.exec(text.slice(i + 10, i + 10 + 256));
    if (m && m[1] === name) return true;
  }
  return false;
}
const NEXT_BYTES_ARG = /^\s*(?:this\.)?([\w$]+)\s*\)/;

function constantField(node: SyntaxNode, ctx: MatchContext, depth: number): boolean {
  const d = findDeclaration(node.text, node);
  return d?.init ? ctx.stringValue(d.init) !== null || constantBytes(d.init, ctx, depth + 1) : false;
}

function staticIv(call: CallView, ctx: MatchContext): Verdict {
  const a = ctx.arg(call, call.name === 'GCMParameterSpec' ? 1 : 0);
  if (!a || !constantBytes(a, ctx)) return false;
  return { message: 'The initialization vector is a constant, so equal plaintexts encrypt to equal ciphertexts', cwe: ['CWE-329', 'CWE-1204'] };
}

export default defineRule({
  class: 'weak-cipher',
  confidence: 'high',
  cwe: ['CWE-327'],
  languages: ['java'],
  message: 'A broken cipher, an insecure mode (ECB) or an obsolete protocol is used',
  remediation:
    'Use authenticated encryption: `Cipher.getInstance("AES/GCM/NoPadding")` with a fresh random 12-byte IV from `SecureRandom` for each message (or ChaCha20-Poly1305); RSA with `RSA/ECB/OAEPWithSHA-256AndMGF1Padding`; `SSLContext.getInstance("TLSv1.3")` or `"TLS"`.',
  references: [
    'https://cwe.mitre.org/data/definitions/327.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html',
    'https://docs.oracle.com/en/java/javase/21/docs/specs/security/standard-names.html#cipher-algorithm-names',
  ],
  matcher: {
    kind: 'call',
    callee: [
      'Cipher.getInstance',
      '**.Cipher.getInstance',
      'SSLContext.getInstance',
      '**.SSLContext.getInstance',
      'KeyGenerator.getInstance',
      '**.KeyGenerator.getInstance',
      'IvParameterSpec',
      'GCMParameterSpec',
      'NullCipher',
    ],
    where: (call, ctx) => {
      if (call.name === 'IvParameterSpec' || call.name === 'GCMParameterSpec') return staticIv(call, ctx);
      if (call.name === 'NullCipher') return { message: 'NullCipher does not encrypt: the "ciphertext" is the plaintext' };
      if (call.receiver?.text.endsWith('KeyGenerator')) return keyGenerator(call, ctx);
      if (call.receiver?.text.endsWith('SSLContext')) return protocol(call, ctx);
      return cipher(call, ctx);
    },
  },
});
