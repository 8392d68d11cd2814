import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { importsPath, lastValue, unparen } from '../../lang/go/util.ts';
import { predictableBytes } from '../../lang/go/values.ts';

/** Block ciphers reported as broken themselves (weak-cipher): replacing the cipher is the fix, so its IV is not a second finding. */
const BROKEN = /^(?:des\.(?:NewCipher|NewTripleDESCipher)|blowfish\.(?:NewCipher|NewSaltedCipher)|cast5\.NewCipher|tea\.NewCipher|xtea\.NewCipher)$/;

function brokenBlock(call: CallView): boolean {
  const block = call.args.find((a) => a.index === 0)?.node;
  if (!block) return false;
  const b = unparen(block);
  const value = b.type === 'identifier' ? lastValue(b) : b;
  return value?.type === 'call_expression' && BROKEN.test(value.child('function')?.text ?? '');
}

/**
 * The IV of a stream or CBC encrypter, or the nonce of an AEAD `Seal`, that is a literal, a constant,
 * a zeroed buffer never filled, or a filled buffer overwritten with constants. Decryption (`Open`,
 * `NewCBCDecrypter`, `NewCFBDecrypter`) must use the IV the message came with, so it is not reported.
 */
function predictableIv(call: CallView, ctx: MatchContext): Verdict {
  const iv = call.args.find((a) => a.index === 1)?.node;
  if (!iv) return false;
  if (call.name === 'Seal') {
    // An AEAD: `gcm.Seal(dst, nonce, plaintext, data)` in a file that builds one.
    if (call.args.length !== 4 || !(importsPath(call.node, 'crypto/cipher') || importsPath(call.node, 'golang.org/x/crypto/chacha20poly1305'))) return false;
  }
  if (!predictableBytes(iv) || brokenBlock(call)) return false;
  return {
    node: call.node,
    message: `The ${call.name === 'Seal' ? 'nonce given to Seal' : `IV given to ${ctx.pathText(call.callee ?? call.node) ?? call.name}`} is hard-coded or predictable (a constant, or a buffer not filled from a random source)`,
  };
}

export default defineRule({
  class: 'predictable-iv',
  confidence: 'medium',
  cwe: ['CWE-1204'],
  languages: ['go'],
  remediation:
    'Fill the IV or nonce from `crypto/rand` for every message (`nonce := make([]byte, gcm.NonceSize()); if _, err := io.ReadFull(rand.Reader, nonce); err != nil { … }`) and prepend it to the ciphertext: `gcm.Seal(nonce, nonce, plaintext, nil)`.',
  references: ['https://cwe.mitre.org/data/definitions/1204.html', 'https://pkg.go.dev/crypto/cipher#AEAD'],
  matcher: {
    kind: 'call',
    callee: ['cipher.{NewCTR,NewOFB,NewCBCEncrypter,NewCFBEncrypter}', '*.Seal'],
    where: predictableIv,
  },
});
