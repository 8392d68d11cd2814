import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { keyName } from '../../lang/ruby/adapter.ts';
import { isCredentialValue, isHardcodedSecret, isKeyName } from '../../secrets/credentials.ts';
import { boundValue, isTestCode } from '../../lang/ruby/predicates.ts';

/** The literal a value certainly is: `"s3cr3t"`, `"s3cr3t".freeze`, `ENV["X"] || "s3cr3t"`, `ENV.fetch("X", "s3cr3t")`. */
function literalOf(value: SyntaxNode | null, depth = 0): { text: string; node: SyntaxNode } | null {
  if (!value || depth > 4) return null;
  if (value.type === 'string') {
    if (value.children.some((c) => c.type === 'interpolation')) return null;
    let text = '';
    for (const c of value.children) if (c.type === 'string_content' || c.type === 'escape_sequence') text += c.text;
    return { text, node: value };
  }
  if (value.type === 'call') {
    const m = value.child('method')?.text;
    if ((m === 'freeze' || m === 'dup' || m === 'to_s') && !value.child('arguments')) return literalOf(value.child('receiver'), depth + 1);
    if (m === 'fetch' && value.child('receiver')?.text === 'ENV') {
      const args = value.child('arguments')?.namedChildren ?? [];
      return literalOf(args[1] ?? null, depth + 1);
    }
    return null;
  }
  if (value.type === 'binary' && /^(?:\|\||or)$/.test(value.child('operator')?.text ?? '')) return literalOf(value.child('right'), depth + 1);
  return null;
}

/** The name an assignment target stands for: `PASSWORD`, `@api_key`, `config.secret_key_base`, `ENV["DB_PASSWORD"]`. */
function targetName(left: SyntaxNode): string | null {
  switch (left.type) {
    case 'identifier':
    case 'constant':
    case 'instance_variable':
    case 'class_variable':
    case 'global_variable':
      return left.text.replace(/^[@$]+/, '');
    case 'call':
      return left.child('method')?.text ?? null;
    case 'scope_resolution':
      return left.child('name')?.text ?? null;
    case 'element_reference': {
      const key = left.namedChildren[1];
      return key ? keyName(key) : null;
    }
    default:
      return null;
  }
}

let currentCode = '';

/** Calls and setters that take a cryptographic key: what a constant passed to them holds is a key, whatever it looks like. */
const KEY_USES = ['HMAC.', 'MessageEncryptor.new', 'MessageVerifier.new', 'JWT.encode', 'JWT.decode', 'pbkdf2_hmac'];

/**
 * `LEGACY_KEY = "mk-unsub-k3y!#04"` … `cipher.key = LEGACY_KEY`: a key-named constant holding a typed
 * passphrase rather than random key material is still a hard-coded key once the file uses it as one.
 */
function usedAsKey(name: string, code: string): boolean {
  for (let i = code.indexOf(name); i >= 0; i = code.indexOf(name, i + name.length)) {
    const before = code.charCodeAt(i - 1);
    const after = code.charCodeAt(i + name.length);
    if (/[A-Za-z0-9_:@]/.test(String.fromCharCode(before)) || /[A-Za-z0-9_]/.test(String.fromCharCode(after))) continue;
    const lineStart = code.lastIndexOf('\n', i) + 1;
    const head = code.slice(lineStart, i).trimEnd();
    if (head.endsWith('.key =') || head.endsWith('.key=') || head.endsWith('.key(')) return true;
    if (head.length < 200 && KEY_USES.some((u) => head.includes(u))) return true;
  }
  return false;
}

/** Calls whose second argument is a signing key or a private key's passphrase (`JWT.encode(payload, key, 'HS256')`). */
const KEY_ARGUMENT_CALLS = /^(?:::)?(?:JWT\.(?:encode|decode)|OpenSSL::HMAC\.(?:digest|hexdigest|base64digest)|OpenSSL::PKey::(?:RSA|DSA|EC)\.new|OpenSSL::PKey\.read)$/;
/** Key export with a cipher: `key.export(cipher, passphrase)`, `key.to_pem(cipher, passphrase)`. */
const EXPORTS = new Set(['export', 'to_pem', 'private_to_pem']);

/**
 * A literal key or passphrase passed straight to the call that uses it: whatever the text, it is the
 * secret (`JWT.encode(payload, 'my-key', 'HS256')`, `OpenSSL::PKey::RSA.new(pem, 'changeit')`).
 */
function keyArgument(node: SyntaxNode, ctx: MatchContext): { text: string; node: SyntaxNode } | null {
  const method = node.child('method')?.text ?? '';
  const receiver = node.child('receiver');
  const args = (node.child('arguments')?.namedChildren ?? []).filter((c) => c.type !== 'comment');
  if (args.length < 2) return null;
  const keyed = receiver !== null && KEY_ARGUMENT_CALLS.test(`${receiver.text}.${method}`);
  const exported = EXPORTS.has(method) && /cipher/i.test(args[0]?.text ?? '');
  if (!keyed && !exported) return null;
  const arg = args[1] as SyntaxNode;
  // A variable the code set to a literal (`pass_phrase = '…'`, `@passphrase = '…'`) is the literal.
  const lit =
    literalOf(arg) ?? (arg.type === 'identifier' || arg.type === 'instance_variable' || arg.type === 'global_variable' || arg.type === 'constant' ? constantText(arg, ctx) : null);
  return lit && lit.text.length >= 4 ? lit : null;
}

function constantText(node: SyntaxNode, ctx: MatchContext): { text: string; node: SyntaxNode } | null {
  const text = ctx.stringValue(node);
  if (text !== null) return { text, node };
  // `@passphrase = '…'` in one method, used in another: the one assignment the file makes.
  const bound = literalOf(boundValue(node, ctx));
  return bound ? { text: bound.text, node } : null;
}

function report(name: string, lit: { text: string; node: SyntaxNode }, constant = false): Verdict {
  if (isTestCode(currentCode)) return false;
  const keyUse = constant && isKeyName(name) && lit.text.length >= 8 && isCredentialValue(lit.text, 'secret_key') && usedAsKey(name, currentCode);
  if (!keyUse && !isHardcodedSecret(name, lit.text)) return false;
  return { node: lit.node, message: `Hard-coded credential in \`${name}\`` };
}

function hardcoded(node: SyntaxNode, ctx: MatchContext): Verdict {
  currentCode = ctx.code;
  if (node.type === 'assignment' || node.type === 'operator_assignment') {
    const left = node.child('left');
    const lit = literalOf(node.child('right'));
    const name = left ? targetName(left) : null;
    return name && lit ? report(name, lit, left?.type === 'constant') : false;
  }
  if (node.type === 'pair') {
    const key = node.child('key');
    const name = key ? keyName(key) : null;
    const lit = literalOf(node.child('value'));
    return name && lit ? report(name, lit) : false;
  }
  if (node.type === 'call' && node.child('method')?.text === 'fetch' && node.child('receiver')?.text === 'ENV') {
    // Only when the value is not also assigned to a secret-looking name (that assignment reports it).
    if (node.parent?.type === 'assignment' || node.parent?.type === 'pair') return false;
    const args = node.child('arguments')?.namedChildren ?? [];
    const name = args[0] ? literalOf(args[0])?.text : undefined;
    const lit = literalOf(args[1] ?? null);
    return name && lit ? report(name, lit) : false;
  }
  if (node.type === 'call') {
    const lit = keyArgument(node, ctx);
    if (lit && !isTestCode(ctx.code)) return { node: lit.node, message: `Hard-coded key or passphrase given to \`${node.child('method')?.text ?? ''}\`` };
  }
  if (node.type === 'call' && /^(?:http_basic_authenticate_with|basic_auth|digest_auth)$/.test(node.child('method')?.text ?? '')) {
    return false; // their `password:` keyword is a pair, reported above
  }
  return false;
}

export default defineRule({
  class: 'hardcoded-credentials',
  confidence: 'medium',
  cwe: ['CWE-798'],
  languages: ['ruby'],
  message: 'A password, secret or API key is written in the source code',
  remediation:
    'Read secrets from the environment or an encrypted store (`ENV.fetch("DB_PASSWORD")`, `Rails.application.credentials.dig(:aws, :secret_access_key)`), without a literal fallback, and rotate the exposed value.',
  references: [
    'https://cwe.mitre.org/data/definitions/798.html',
    'https://guides.rubyonrails.org/security.html#custom-credentials',
    'https://cheatsheetseries.owasp.org/cheatsheets/Secrets_Management_Cheat_Sheet.html',
  ],
  matcher: { kind: 'node', types: ['assignment', 'operator_assignment', 'pair', 'call'], where: hardcoded },
});
