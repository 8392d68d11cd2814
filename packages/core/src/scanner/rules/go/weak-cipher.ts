import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'weak-cipher',
  confidence: 'high',
  cwe: ['CWE-327'],
  languages: ['go'],
  message: 'DES, 3DES, RC4 and Blowfish are broken or have 64-bit blocks; data encrypted with them is not protected',
  remediation: 'Use AES-GCM (`aes.NewCipher` + `cipher.NewGCM`) or `golang.org/x/crypto/chacha20poly1305` with a random nonce per message.',
  references: [
    'https://cwe.mitre.org/data/definitions/327.html',
    'https://pkg.go.dev/crypto/des',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'call',
    callee: ['des.{NewCipher,NewTripleDESCipher}', 'rc4.NewCipher', 'blowfish.{NewCipher,NewSaltedCipher}', 'cast5.NewCipher', 'tea.NewCipher', 'xtea.NewCipher'],
  },
});
