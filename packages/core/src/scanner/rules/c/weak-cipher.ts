import type { CallView } from '../../engine/adapter.ts';
import { earlierCallIn, positional, stringValueOf } from '../../lang/c/analysis.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const CALLS = [
  'DES_set_key', 'DES_set_key_checked', 'DES_set_key_unchecked', 'DES_key_sched', 'DES_ecb_encrypt', 'DES_ncbc_encrypt', 'DES_cbc_encrypt',
  'DES_ede3_cbc_encrypt', 'DES_ecb3_encrypt', 'DES_string_to_key', 'DES_crypt', 'DES_fcrypt',
  'EVP_des_ecb', 'EVP_des_cbc', 'EVP_des_cfb', 'EVP_des_cfb64', 'EVP_des_ofb', 'EVP_des_ede', 'EVP_des_ede_cbc', 'EVP_des_ede_ecb', 'EVP_des_ede3',
  'EVP_des_ede3_cbc', 'EVP_des_ede3_ecb', 'EVP_des_ede3_cfb', 'EVP_des_ede3_ofb', 'EVP_desx_cbc', 'EVP_rc4', 'EVP_rc4_40', 'EVP_rc4_hmac_md5',
  'EVP_rc2_cbc', 'EVP_rc2_ecb', 'EVP_rc2_40_cbc', 'EVP_rc2_64_cbc', 'EVP_rc2_cfb', 'EVP_rc2_ofb', 'EVP_bf_cbc', 'EVP_bf_ecb', 'EVP_bf_cfb', 'EVP_bf_ofb',
  'EVP_cast5_cbc', 'EVP_cast5_ecb', 'EVP_idea_cbc', 'EVP_idea_ecb', 'EVP_aes_128_ecb', 'EVP_aes_192_ecb', 'EVP_aes_256_ecb', 'EVP_camellia_128_ecb',
  'EVP_camellia_192_ecb', 'EVP_camellia_256_ecb', 'EVP_aria_128_ecb', 'EVP_aria_256_ecb', 'EVP_sm4_ecb', 'EVP_seed_ecb',
  'RC4_set_key', 'RC4', 'BF_set_key', 'BF_ecb_encrypt', 'RC2_set_key', 'AES_ecb_encrypt',
  'mbedtls_des_setkey_enc', 'mbedtls_des_setkey_dec', 'mbedtls_des_crypt_ecb', 'mbedtls_des_crypt_cbc', 'mbedtls_des3_set3key_enc', 'mbedtls_des3_crypt_cbc',
  'mbedtls_arc4_setup', 'mbedtls_arc4_crypt', 'mbedtls_aes_crypt_ecb', 'mbedtls_blowfish_setkey', 'wc_Des_SetKey', 'wc_Des3_SetKey', 'wc_Arc4SetKey',
];
const DIRECT = new Set(CALLS);
const BY_NAME = ['EVP_get_cipherbyname', 'EVP_CIPHER_fetch', 'CryptDeriveKey', 'CryptGenKey', 'CryptImportKey', 'mbedtls_cipher_info_from_type', 'gcry_cipher_open'];
const WEAK_NAME = /^(?:des|des-.*|des3|desx.*|rc4.*|rc2.*|bf.*|blowfish.*|cast5?.*|idea.*|.*-ecb|seed.*)$/i;
const WEAK_CONSTANT = /\b(?:CALG_(?:DES|3DES|3DES_112|RC2|RC4)|MBEDTLS_CIPHER_(?:DES_\w+|AES_\d+_ECB|ARC4_128|BLOWFISH_\w+|CAMELLIA_\d+_ECB)|GCRY_CIPHER_(?:DES|3DES|ARCFOUR|BLOWFISH|CAST5|IDEA|RFC2268_\w+)|GCRY_CIPHER_MODE_ECB)\b/;

function weakCipher(call: CallView, ctx: MatchContext): Verdict {
  if (BY_NAME.includes(call.name)) {
    const hit = positional(call).some((a) => {
      const s = stringValueOf(ctx, a);
      return (s !== null && WEAK_NAME.test(s)) || WEAK_CONSTANT.test(a.text);
    });
    if (!hit) return false;
  }
  // DES_set_key_checked(…) then DES_ecb_encrypt(…): one finding for the whole use.
  if (DIRECT.has(call.name) && earlierCallIn(call.node, DIRECT)) return false;
  const text = call.node.text;
  const what = /ecb/i.test(text) && !/des|rc2|bf_|idea|cast/i.test(text) ? 'ECB mode, which leaks patterns of the plaintext,' : /rc4|arc4|ARCFOUR/i.test(text) ? 'RC4, a broken stream cipher,' : 'a broken or obsolete cipher (DES, 3DES, RC2, Blowfish, CAST5, IDEA)';
  return { message: `This encrypts with ${what.replace(/,$/, '')}` };
}

export default defineRule({
  id: 'c.weak-cipher',
  title: 'Weak cipher or mode (DES, RC4, ECB)',
  severity: 'medium',
  confidence: 'high',
  cwe: ['CWE-327'],
  owasp: ['A02:2021'],
  languages: ['c', 'cpp'],
  message: 'A broken cipher or an insecure mode is used',
  remediation: 'Use an authenticated cipher: AES-GCM (`EVP_aes_256_gcm()`) or ChaCha20-Poly1305 (`EVP_chacha20_poly1305()`), with a fresh random IV/nonce per message.',
  references: ['https://cwe.mitre.org/data/definitions/327.html', 'https://www.openssl.org/docs/man3.0/man3/EVP_EncryptInit.html'],
  matcher: { kind: 'call', callee: [...CALLS, ...BY_NAME], where: weakCipher },
});
