import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** OpenSSL cipher families that are broken (`des`, `des-ede3-cbc`, `rc4-40`, `bf-cbc`, …). */
const WEAK_FAMILIES = ['des-ede', 'des3', 'desx', 'rc2', 'rc4', 'blowfish', 'cast5', 'idea'];
/** Families written alone or followed by `-mode` (`des`, `des-cbc`, `bf`, `seed-ecb`; not `desktop`). */
const WEAK_STEMS = ['des', 'bf', 'seed'];

/** Whether an OpenSSL cipher name is broken or uses ECB mode (`aes-128-ecb`, `aes128ecb`, `ecb`). */
function weakCipher(raw: string): boolean {
  const name = raw.trim().toLowerCase();
  if (WEAK_FAMILIES.some((f) => name.startsWith(f))) return true;
  if (WEAK_STEMS.some((f) => name === f || name.startsWith(`${f}-`))) return true;
  if (name.endsWith('-ecb') || name === 'ecb') return true;
  // aes-?\d*-?ecb
  if (!name.startsWith('aes') || !name.endsWith('ecb')) return false;
  let i = 3;
  if (name[i] === '-') i++;
  while (i < name.length && name.charCodeAt(i) >= 48 && name.charCodeAt(i) <= 57) i++;
  if (name[i] === '-') i++;
  return name.slice(i) === 'ecb';
}
const MCRYPT_WEAK =
  /MCRYPT_(?:DES|3DES|TRIPLEDES|BLOWFISH|RC2|ARCFOUR|CAST_128|CAST_256|LOKI97|XTEA|GOST|SAFER|SERPENT|TWOFISH|WAKE|ENIGNA|RIJNDAEL_\d+)|MCRYPT_MODE_ECB|['"]ecb['"]/;

function check(call: CallView, ctx: MatchContext): Verdict {
  if (call.name.startsWith('mcrypt_') || call.name === 'mdecrypt_generic') {
    const text = call.node.text;
    return {
      message: MCRYPT_WEAK.test(text)
        ? 'The removed mcrypt extension is used with a weak cipher or ECB mode'
        : 'The deprecated mcrypt extension (removed in PHP 7.2, unmaintained) is used for encryption',
    };
  }
  if (call.isNew) return { message: `${call.name} is a weak cipher (DES/3DES/RC4/Blowfish)` };
  const method = call.args.find((a) => a.index === 1);
  if (!method) return false;
  const name = ctx.stringValue(method.node);
  if (name === null || !weakCipher(name)) return false;
  return { message: `${call.name} uses the weak cipher or mode "${name}"` };
}

export default defineRule({
  class: 'weak-cipher',
  confidence: 'high',
  cwe: ['CWE-327'],
  languages: ['php'],
  message: 'A broken cipher or ECB mode is used for encryption',
  remediation:
    "Use authenticated encryption: `sodium_crypto_secretbox()` or `openssl_encrypt($data, 'aes-256-gcm', $key, 0, $iv, $tag)` with a random IV from `random_bytes()`. Do not use DES/3DES/RC4/Blowfish, ECB mode, or the mcrypt extension.",
  references: [
    'https://cwe.mitre.org/data/definitions/327.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html',
    'https://www.php.net/manual/en/function.openssl-encrypt.php',
  ],
  matcher: {
    kind: 'call',
    callee: [
      'openssl_encrypt',
      'openssl_decrypt',
      'mcrypt_encrypt',
      'mcrypt_decrypt',
      'mcrypt_module_open',
      'mcrypt_cbc',
      'mcrypt_ecb',
      'mcrypt_cfb',
      'mcrypt_ofb',
      'mcrypt_generic',
      'mdecrypt_generic',
      'mcrypt_generic_init',
      'DES',
      'TripleDES',
      'RC4',
      'RC2',
      'Blowfish',
    ],
    where: check,
  },
});
