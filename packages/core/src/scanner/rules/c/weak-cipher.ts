import type { CallView } from '../../engine/adapter.ts';
import { earlierCallIn, positional, stringValueOf } from '../../lang/c/analysis.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const CALLS = [
  'DES_set_key',
  'DES_set_key_checked',
  'DES_set_key_unchecked',
  'DES_key_sched',
  'DES_ecb_encrypt',
  'DES_ncbc_encrypt',
  'DES_cbc_encrypt',
  'DES_ede3_cbc_encrypt',
  'DES_ecb3_encrypt',
  'DES_string_to_key',
  'DES_crypt',
  'DES_fcrypt',
  'EVP_des_ecb',
  'EVP_des_cbc',
  'EVP_des_cfb',
  'EVP_des_cfb64',
  'EVP_des_ofb',
  'EVP_des_ede',
  'EVP_des_ede_cbc',
  'EVP_des_ede_ecb',
  'EVP_des_ede3',
  'EVP_des_ede3_cbc',
  'EVP_des_ede3_ecb',
  'EVP_des_ede3_cfb',
  'EVP_des_ede3_ofb',
  'EVP_desx_cbc',
  'EVP_rc4',
  'EVP_rc4_40',
  'EVP_rc4_hmac_md5',
  'EVP_rc2_cbc',
  'EVP_rc2_ecb',
  'EVP_rc2_40_cbc',
  'EVP_rc2_64_cbc',
  'EVP_rc2_cfb',
  'EVP_rc2_ofb',
  'EVP_bf_cbc',
  'EVP_bf_ecb',
  'EVP_bf_cfb',
  'EVP_bf_ofb',
  'EVP_cast5_cbc',
  'EVP_cast5_ecb',
  'EVP_idea_cbc',
  'EVP_idea_ecb',
  'EVP_aes_128_ecb',
  'EVP_aes_192_ecb',
  'EVP_aes_256_ecb',
  'EVP_camellia_128_ecb',
  'EVP_camellia_192_ecb',
  'EVP_camellia_256_ecb',
  'EVP_aria_128_ecb',
  'EVP_aria_256_ecb',
  'EVP_sm4_ecb',
  'EVP_seed_ecb',
  'RC4_set_key',
  'RC4',
  'BF_set_key',
  'BF_ecb_encrypt',
  'RC2_set_key',
  'AES_ecb_encrypt',
  'mbedtls_des_setkey_enc',
  'mbedtls_des_setkey_dec',
  'mbedtls_des_crypt_ecb',
  'mbedtls_des_crypt_cbc',
  'mbedtls_des3_set3key_enc',
  'mbedtls_des3_crypt_cbc',
  'mbedtls_arc4_setup',
  'mbedtls_arc4_crypt',
  'mbedtls_aes_crypt_ecb',
  'mbedtls_blowfish_setkey',
  'wc_Des_SetKey',
  'wc_Des3_SetKey',
  'wc_Arc4SetKey',
];
const DIRECT = new Set(CALLS);
const BY_NAME = ['EVP_get_cipherbyname', 'EVP_CIPHER_fetch', 'CryptDeriveKey', 'CryptGenKey', 'CryptImportKey', 'mbedtls_cipher_info_from_type', 'gcry_cipher_open'];
const WEAK_PREFIXES = ['des-', 'desx', 'rc4', 'rc2', 'bf', 'blowfish', 'cast', 'idea', 'seed'];

/** An OpenSSL cipher name of a broken cipher or ECB mode: `des`, `des-ede3-cbc`, `rc4`, `bf-cbc`, `aes-128-ecb`. */
function weakName(name: string): boolean {
  const s = name.toLowerCase();
  return s === 'des' || s === 'des3' || s.endsWith('-ecb') || WEAK_PREFIXES.some((p) => s.startsWith(p));
}

const WEAK_CONSTANTS = new Set([
  'CALG_DES',
  'CALG_3DES',
  'CALG_3DES_112',
  'CALG_RC2',
  'CALG_RC4',
  'MBEDTLS_CIPHER_ARC4_128',
  'GCRY_CIPHER_DES',
  'GCRY_CIPHER_3DES',
  'GCRY_CIPHER_ARCFOUR',
  'GCRY_CIPHER_BLOWFISH',
  'GCRY_CIPHER_CAST5',
  'GCRY_CIPHER_IDEA',
  'GCRY_CIPHER_MODE_ECB',
]);

/** A Windows CryptoAPI, mbed TLS or libgcrypt constant of a broken cipher or ECB mode. */
function weakConstant(id: string): boolean {
  if (WEAK_CONSTANTS.has(id)) return true;
  if (id.startsWith('MBEDTLS_CIPHER_DES_') || id.startsWith('MBEDTLS_CIPHER_BLOWFISH_') || id.startsWith('GCRY_CIPHER_RFC2268_')) return true;
  return (id.startsWith('MBEDTLS_CIPHER_AES_') || id.startsWith('MBEDTLS_CIPHER_CAMELLIA_')) && id.endsWith('_ECB');
}

/** The identifiers in a text (linear scan). */
function identifiers(text: string): string[] {
  const out: string[] = [];
  let word = '';
  for (let i = 0; i <= text.length && i < 4000; i++) {
    const c = text[i] ?? ' ';
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c === '_') word += c;
    else {
      if (word) out.push(word);
      word = '';
    }
  }
  return out;
}

function weakCipher(call: CallView, ctx: MatchContext): Verdict {
  if (BY_NAME.includes(call.name)) {
    const hit = positional(call).some((a) => {
      const s = stringValueOf(ctx, a);
      return (s !== null && weakName(s)) || identifiers(a.text).some(weakConstant);
    });
    if (!hit) return false;
  }
  // DES_set_key_checked(…) then DES_ecb_encrypt(…): one finding for the whole use.
  if (DIRECT.has(call.name) && earlierCallIn(call.node, DIRECT)) return false;
  const text = call.node.text;
  const what =
    /ecb/i.test(text) && !/des|rc2|bf_|idea|cast/i.test(text)
      ? 'ECB mode, which leaks patterns of the plaintext,'
      : /rc4|arc4|ARCFOUR/i.test(text)
        ? 'RC4, a broken stream cipher,'
        : 'a broken or obsolete cipher (DES, 3DES, RC2, Blowfish, CAST5, IDEA)';
  return { message: `This encrypts with ${what.replace(/,$/, '')}` };
}

export default defineRule({
  class: 'weak-cipher',
  confidence: 'high',
  cwe: ['CWE-327'],
  languages: ['c', 'cpp'],
  message: 'A broken cipher or an insecure mode is used',
  remediation: 'Use an authenticated cipher: AES-GCM (`EVP_aes_256_gcm()`) or ChaCha20-Poly1305 (`EVP_chacha20_poly1305()`), with a fresh random IV/nonce per message.',
  references: ['https://cwe.mitre.org/data/definitions/327.html', 'https://www.openssl.org/docs/man3.0/man3/EVP_EncryptInit.html'],
  matcher: { kind: 'call', callee: [...CALLS, ...BY_NAME], where: weakCipher },
});
