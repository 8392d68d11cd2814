import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** OpenSSL cipher names that are broken or used in ECB mode. */
const WEAK_CIPHER = /^(?:des(?:-|$)|des-ede|des3|desx|rc2|rc4|bf(?:-|$)|blowfish|cast5|idea|seed(?:-|$))|-ecb$|^aes-?\d*-?ecb$|^ecb$/i;
const MCRYPT_WEAK = /MCRYPT_(?:DES|3DES|TRIPLEDES|BLOWFISH|RC2|ARCFOUR|CAST_128|CAST_256|LOKI97|XTEA|GOST|SAFER|SERPENT|TWOFISH|WAKE|ENIGNA|RIJNDAEL_\d+)|MCRYPT_MODE_ECB|['"]ecb['"]/;

function check(call: CallView, ctx: MatchContext): Verdict {
  if (call.name.startsWith('mcrypt_')) {
    const text = call.node.text;
    return { message: MCRYPT_WEAK.test(text) ? 'The removed mcrypt extension is used with a weak cipher or ECB mode' : 'The deprecated mcrypt extension (removed in PHP 7.2, unmaintained) is used for encryption' };
  }
  if (call.isNew) return { message: `${call.name} is a weak cipher (DES/3DES/RC4/Blowfish)` };
  const method = call.args.find((a) => a.index === 1);
  if (!method) return false;
  const name = ctx.stringValue(method.node);
  if (name === null || !WEAK_CIPHER.test(name.trim())) return false;
  return { message: `${call.name} uses the weak cipher or mode "${name}"` };
}

export default defineRule({
  id: 'php.weak-cipher',
  title: 'Weak cipher or mode',
  severity: 'medium',
  confidence: 'high',
  cwe: ['CWE-327'],
  owasp: ['A02:2021'],
  languages: ['php'],
  message: 'A broken cipher or ECB mode is used for encryption',
  remediation:
    'Use authenticated encryption: `sodium_crypto_secretbox()` or `openssl_encrypt($data, \'aes-256-gcm\', $key, 0, $iv, $tag)` with a random IV from `random_bytes()`. Do not use DES/3DES/RC4/Blowfish, ECB mode, or the mcrypt extension.',
  references: [
    'https://cwe.mitre.org/data/definitions/327.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html',
    'https://www.php.net/manual/en/function.openssl-encrypt.php',
  ],
  matcher: {
    kind: 'call',
    callee: ['openssl_encrypt', 'openssl_decrypt', 'mcrypt_encrypt', 'mcrypt_decrypt', 'mcrypt_module_open', 'mcrypt_cbc', 'mcrypt_ecb', 'mcrypt_cfb', 'mcrypt_ofb', 'DES', 'TripleDES', 'RC4', 'RC2', 'Blowfish'],
    where: check,
  },
});
