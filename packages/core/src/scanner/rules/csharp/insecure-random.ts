import { defineRule, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { simpleName } from '../../lang/csharp/adapter.ts';
import { nameWords } from '../../secrets/credentials.ts';
import { typesOf } from '../../lang/csharp/helpers.ts';

const SECRET_WORDS = new Set([
  'token',
  'tokens',
  'password',
  'passwords',
  'passwd',
  'pwd',
  'otp',
  'totp',
  'hotp',
  'secret',
  'secrets',
  'salt',
  'nonce',
  'apikey',
  'session',
  'sessionid',
  'sid',
  'csrf',
  'xsrf',
  'captcha',
  'verification',
  'passcode',
  'pin',
  'credential',
  'credentials',
  'activation',
  'recovery',
  'mfa',
  '2fa',
  'twofactor',
  'iv',
  'cipher',
  'encryption',
  'signing',
]);
const KEY_QUALIFIERS = new Set(['api', 'secret', 'access', 'private', 'encryption', 'signing', 'session', 'aes', 'hmac', 'crypto', 'license', 'auth']);
const CODE_QUALIFIERS = new Set([
  'verification',
  'verify',
  'confirm',
  'confirmation',
  'reset',
  'auth',
  'otp',
  'activation',
  'recovery',
  'sms',
  'email',
  'login',
  'security',
  'access',
  'invite',
  'invitation',
  'one',
  'mfa',
  'backup',
]);

/** Whether names around a use of Random say the value is a secret (token, password, OTP, salt, key, session id, reset code…). */
export function secretContext(names: readonly string[]): boolean {
  for (const name of names) {
    const words = nameWords(name);
    for (let i = 0; i < words.length; i++) {
      const w = words[i] as string;
      const prev = i > 0 ? (words[i - 1] as string) : '';
      if (SECRET_WORDS.has(w)) return true;
      if ((w === 'key' || w === 'keys') && KEY_QUALIFIERS.has(prev)) return true;
      if ((w === 'code' || w === 'codes') && CODE_QUALIFIERS.has(prev)) return true;
      if (/^(?:reset|otp|token|password|secret|salt|nonce)/.test(w) && w.length > 4) return true;
    }
  }
  return false;
}

const RANDOM = new Set(['Random']);
const NON_SECRET = /test|sample|fake|dummy|mock|noise|jitter|shuffle|color|colour|delay|backoff|payload|fill|benchmark|seed/i;
/** Variable names that say nothing about the purpose: decide by the method (`GenerateOtp() { var code = rnd.Next(…) }`). */
const GENERIC_NAMES =
  /^(?:i|j|k|n|r|c|ch|s|str|sb|idx|index|pos|position|num|number|value|result|res|ret|rnd|rand|random|next|offset|pick|choice|digit|digits|len|length|code|codes|chars|buffer|buf|bytes|data|output|builder)$/i;

/**
 * The names that say what a random value is for: the variable it is stored in; when it is
 * returned or used inline, or stored in a variable whose name says nothing, the method generating it.
 */
/** `codes[i]` → `codes`. */
function withoutIndex(text: string): string {
  const at = text.indexOf('[');
  return at >= 0 ? text.slice(0, at) : text;
}

function namesAround(node: SyntaxNode): string[] {
  const stored: string[] = [];
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'variable_declarator') stored.push(p.child('name')?.text ?? '');
    else if (p.type === 'assignment_expression') stored.push(withoutIndex(p.child('left')?.text ?? '').replace(/^this\./, ''));
    if (/_statement$|^arrow_expression_clause$/.test(p.type)) break;
  }
  const named = stored.filter((n) => n !== '' && !GENERIC_NAMES.test(n));
  if (named.length > 0) return named;
  const method = enclosingMethodName(node);
  return method ? [method] : [];
}

function enclosingMethodName(node: SyntaxNode): string | null {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'method_declaration' || p.type === 'local_function_statement' || p.type === 'property_declaration') return p.child('name')?.text ?? null;
  }
  return null;
}

function check(node: SyntaxNode): Verdict {
  const fn = node.child('function');
  if (fn?.type !== 'member_access_expression') return false;
  const name = simpleName(fn.child('name'));
  if (!/^(?:Next|NextBytes|NextDouble|NextInt64|NextSingle|GetItems|Shuffle)$/.test(name)) return false;
  const receiver = fn.child('expression');
  if (!receiver) return false;
  const types = typesOf(receiver);
  if (![...types].some((t) => RANDOM.has(t))) return false;
  const names = namesAround(node);
  // Random bytes are keys, salts, IVs and tokens unless the names say otherwise (test data, noise).
  const bytes = name === 'NextBytes' && !names.some((n) => NON_SECRET.test(n));
  if (!bytes && !secretContext(names)) return false;
  return { message: `System.Random.${name} is predictable (not a cryptographic generator) and is used for a secret value here` };
}

export default defineRule({
  class: 'insecure-random',
  confidence: 'medium',
  languages: ['csharp'],
  message: 'System.Random is predictable and is used to generate a secret value',
  remediation:
    'Generate tokens, passwords, codes, salts and keys with `RandomNumberGenerator` (`RandomNumberGenerator.GetInt32(0, 1_000_000)`, `RandomNumberGenerator.GetBytes(32)`, `RandomNumberGenerator.GetString(chars, 16)` on .NET 8), never `System.Random` or `Random.Shared`.',
  references: [
    'https://cwe.mitre.org/data/definitions/338.html',
    'https://learn.microsoft.com/en-us/dotnet/api/system.security.cryptography.randomnumbergenerator',
    'https://learn.microsoft.com/en-us/dotnet/fundamentals/code-analysis/quality-rules/ca5394',
  ],
  matcher: { kind: 'node', types: ['invocation_expression'], where: check },
});
