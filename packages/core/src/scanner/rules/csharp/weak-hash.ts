import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { simpleName } from '../../lang/csharp/adapter.ts';
import { enclosingFunction } from '../../lang/csharp/helpers.ts';

const WEAK_TYPES = /^(?:MD5|SHA1|MD5CryptoServiceProvider|SHA1CryptoServiceProvider|SHA1Managed|SHA1Cng|MD5Cng|RIPEMD160|RIPEMD160Managed|MD4)$/;
const WEAK_NAMES = /^["'](?:MD5|SHA1|SHA-1|SHA|System\.Security\.Cryptography\.MD5|System\.Security\.Cryptography\.SHA1|MD4|RIPEMD160)["']$/i;
/** Non-security uses: Gravatar URLs (the protocol requires MD5), ETags, cache keys, deduplication, sharding. */
const NON_SECURITY = /gravatar|etag|cache|dedup|bucket|shard|partition/i;

function nonSecurityContext(node: SyntaxNode): boolean {
  const fn = enclosingFunction(node, true);
  const name = fn?.child('name')?.text ?? '';
  return NON_SECURITY.test(name);
}

function verdict(algorithm: string, node: SyntaxNode): Verdict {
  if (nonSecurityContext(node)) return false;
  const alg = algorithm
    .replace(/CryptoServiceProvider|Managed|Cng/, '')
    .replace(/^SHA$/, 'SHA1')
    .toUpperCase();
  return { message: `${alg} is a broken hash algorithm: it must not protect passwords, tokens, signatures or integrity` };
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'object_creation_expression') {
    const type = simpleName(node.child('type'));
    if (WEAK_TYPES.test(type) || /^HMAC(?:MD5|RIPEMD160)$/.test(type)) return verdict(type, node);
    return false;
  }
  const fn = node.child('function');
  if (fn?.type !== 'member_access_expression') return false;
  const owner = simpleName(fn.child('expression'));
  const name = simpleName(fn.child('name'));
  // MD5.Create(), SHA1.Create(), MD5.HashData(…), SHA1.HashDataAsync(…)
  if (/^(?:MD5|SHA1|RIPEMD160)$/.test(owner) && /^(?:Create|HashData|HashDataAsync|TryHashData)$/.test(name)) return verdict(owner, node);
  // HashAlgorithm.Create("MD5"), CryptoConfig.CreateFromName("SHA1"), FormsAuthentication.HashPasswordForStoringInConfigFile(pw, "MD5")
  if ((/^(?:HashAlgorithm|CryptoConfig|KeyedHashAlgorithm)$/.test(owner) && /^(?:Create|CreateFromName)$/.test(name)) || name === 'HashPasswordForStoringInConfigFile') {
    for (const a of node.child('arguments')?.namedChildren ?? []) {
      const v = a.namedChildren[a.namedChildren.length - 1];
      if (v && (WEAK_NAMES.test(v.text) || WEAK_NAMES.test(`"${ctx.stringValue(v) ?? ''}"`)))
        return verdict((ctx.stringValue(v) ?? v.text).replace(/["']/g, '').replace(/^.*\./, '').replace('-', ''), node);
    }
  }
  // new Rfc2898DeriveBytes(pw, salt, iterations, HashAlgorithmName.SHA1) / HashAlgorithmName.MD5 as a named algorithm
  if (name === 'Pbkdf2' || name === 'SignData' || name === 'SignHash') {
    if (/HashAlgorithmName\.(?:MD5|SHA1)\b/.test(node.child('arguments')?.text ?? '')) return verdict(/MD5/.test(node.child('arguments')?.text ?? '') ? 'MD5' : 'SHA1', node);
  }
  return false;
}

export default defineRule({
  class: 'weak-hash',
  confidence: 'high',
  cwe: ['CWE-328', 'CWE-327'],
  languages: ['csharp'],
  message: 'A broken hash algorithm (MD5 or SHA-1) is used',
  remediation:
    'Use SHA-256 or better (`SHA256.HashData(data)`) for integrity and signatures, HMAC-SHA256 for tokens, and a password hash (`PasswordHasher<T>`, `Rfc2898DeriveBytes.Pbkdf2(pw, salt, 600000, HashAlgorithmName.SHA256, 32)`, BCrypt/Argon2) for passwords.',
  references: [
    'https://cwe.mitre.org/data/definitions/328.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html',
    'https://learn.microsoft.com/en-us/dotnet/fundamentals/code-analysis/quality-rules/ca5351',
  ],
  matcher: {
    kind: 'node',
    types: ['invocation_expression', 'object_creation_expression'],
    where: check,
  },
});
