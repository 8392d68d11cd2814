import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { simpleName } from '../../lang/csharp/adapter.ts';
import { localCreation } from '../../lang/csharp/helpers.ts';

const WEAK_CIPHERS = /^(?:DES|TripleDES|RC2|DESCryptoServiceProvider|TripleDESCryptoServiceProvider|RC2CryptoServiceProvider|TripleDESCng|DESCng)$/;
const WEAK_NAMES = /^(?:DES|3DES|TripleDES|RC2|System\.Security\.Cryptography\.(?:DES|TripleDES|RC2))$/i;

function cipherName(type: string): string {
  return /RC2/.test(type) ? 'RC2' : /Triple/.test(type) ? '3DES' : 'DES';
}

/** A zero or constant IV: `aes.IV = new byte[16]`, `IV = Encoding.UTF8.GetBytes("1234567890123456")`. */
function staticIv(value: SyntaxNode | null, ctx: MatchContext): boolean {
  if (!value) return false;
  if (value.type === 'array_creation_expression' && !value.namedChildren.some((c) => c.type === 'initializer_expression')) return true;
  if ((value.type === 'array_creation_expression' || value.type === 'implicit_array_creation_expression') && value.namedChildren.some((c) => c.type === 'initializer_expression')) {
    const init = value.namedChildren.find((c) => c.type === 'initializer_expression');
    return init !== undefined && init.namedChildren.every((c) => c.type === 'integer_literal' || c.type === 'cast_expression');
  }
  if (value.type === 'invocation_expression' && /GetBytes$/.test(value.child('function')?.text ?? '')) {
    const arg = value.child('arguments')?.namedChildren[0]?.namedChildren.slice(-1)[0];
    return arg !== undefined && ctx.stringValue(arg) !== null;
  }
  return false;
}

/** Key exchange (de)formatters that use PKCS#1 v1.5 padding. */
const PKCS1_EXCHANGE = new Set(['RSAPKCS1KeyExchangeFormatter', 'RSAPKCS1KeyExchangeDeformatter']);

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  switch (node.type) {
    case 'object_creation_expression': {
      const type = simpleName(node.child('type'));
      if (WEAK_CIPHERS.test(type)) return { message: `${cipherName(type)} is a broken cipher (56/112-bit keys, 64-bit blocks): use AES-GCM` };
      return false;
    }
    case 'invocation_expression': {
      const fn = node.child('function');
      if (fn?.type !== 'member_access_expression') return false;
      const owner = simpleName(fn.child('expression'));
      const name = simpleName(fn.child('name'));
      if (/^(?:DES|TripleDES|RC2)$/.test(owner) && name === 'Create') return { message: `${cipherName(owner)} is a broken cipher (56/112-bit keys, 64-bit blocks): use AES-GCM` };
      if (/^(?:SymmetricAlgorithm|CryptoConfig)$/.test(owner) && /^(?:Create|CreateFromName)$/.test(name)) {
        const arg = node.child('arguments')?.namedChildren[0]?.namedChildren.slice(-1)[0];
        const v = arg ? ctx.stringValue(arg) : null;
        if (v !== null && WEAK_NAMES.test(v)) return { message: `${cipherName(v)} is a broken cipher: use AES-GCM` };
      }
      // RSA with PKCS#1 v1.5 encryption padding: padding-oracle decryption (Bleichenbacher).
      if (
        (/^(?:CreateKeyExchange|DecryptKeyExchange)$/.test(name) && localCreation(fn.child('expression') as SyntaxNode, PKCS1_EXCHANGE) !== null) ||
        (/^(?:Encrypt|Decrypt|TryEncrypt|TryDecrypt)$/.test(name) && /RSAEncryptionPadding\.Pkcs1\b/.test(node.child('arguments')?.text ?? ''))
      )
        return {
          message:
            'RSA encryption with PKCS#1 v1.5 padding is open to padding-oracle attacks (Bleichenbacher): use OAEP (`RSAEncryptionPadding.OaepSHA256`, `RSAOAEPKeyExchangeFormatter`)',
          cwe: ['CWE-327'],
        };
      // aes.EncryptEcb(data, padding) / DecryptEcb (.NET 6+)
      if (/^(?:EncryptEcb|DecryptEcb)$/.test(name))
        return { message: 'ECB mode encrypts equal blocks to equal ciphertext and leaks patterns: use AES-GCM or CBC with a random IV and a MAC' };
      return false;
    }
    case 'assignment_expression': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right) return false;
      const name = left.type === 'member_access_expression' ? simpleName(left.child('name')) : left.text;
      if (name === 'Mode' && /CipherMode\.ECB$/.test(right.text))
        return { message: 'ECB mode encrypts equal blocks to equal ciphertext and leaks patterns: use AES-GCM or CBC with a random IV and a MAC' };
      if (name === 'IV' && staticIv(right, ctx))
        return {
          message: 'A constant IV makes encryption deterministic: generate a random IV per message (`aes.GenerateIV()`) and store it with the ciphertext',
          cwe: ['CWE-329', 'CWE-327'],
        };
      return false;
    }
    default:
      return false;
  }
}

export default defineRule({
  class: 'weak-cipher',
  confidence: 'high',
  cwe: ['CWE-327'],
  languages: ['csharp'],
  message: 'A broken cipher or an insecure cipher mode is used',
  remediation: 'Use AES-GCM (`new AesGcm(key, tagSize)`) with a random 96-bit nonce per message, or AES-CBC with a random IV and an HMAC; never DES, 3DES, RC2 or ECB mode.',
  references: [
    'https://cwe.mitre.org/data/definitions/327.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html',
    'https://learn.microsoft.com/en-us/dotnet/fundamentals/code-analysis/quality-rules/ca5351',
  ],
  matcher: {
    kind: 'node',
    types: ['object_creation_expression', 'invocation_expression', 'assignment_expression'],
    where: check,
  },
});
