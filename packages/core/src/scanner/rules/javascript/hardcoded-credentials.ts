import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isCredentialValue, isSecretName, nameWords } from '../../secrets/credentials.ts';
import { pairKey, testFile, unwrap } from '../../lang/javascript/helpers.ts';

const KEY_WORDS = new Set(['jwt', 'signing', 'hmac', 'aes', 'encryption', 'cipher', 'privatekey', 'secretkey', 'signingkey', 'jwtsecret', 'session']);
const UI_WORDS = new Set([
  'required',
  'invalid',
  'incorrect',
  'wrong',
  'enter',
  'please',
  'must',
  'should',
  'field',
  'character',
  'characters',
  'match',
  'forgot',
  'reset',
  'confirm',
  'new',
  'current',
  'your',
  'is',
  'are',
  'least',
  'too',
  'not',
  'cannot',
  'can',
  'missing',
  'expired',
  'provided',
  'label',
  'placeholder',
]);

/** The string a node is: a literal, an interpolation-free template, or the fallback of `process.env.X || 'literal'`. */
function literal(node: SyntaxNode | null | undefined, depth = 0): string | null {
  if (!node || depth > 3) return null;
  const n = unwrap(node);
  if (n.type === 'string') {
    const raw = n.text.slice(1, -1);
    return raw;
  }
  if (n.type === 'template_string') return n.children.some((c) => c.type === 'template_substitution') ? null : n.text.slice(1, -1);
  if (n.type === 'binary_expression' && /^(?:\|\||\?\?)$/.test(n.child('operator')?.text ?? '')) {
    const left = n.child('left');
    if (left && /process\.env|config|getenv|env\./i.test(left.text)) return literal(n.child('right'), depth + 1);
  }
  return null;
}

/** A label or message rather than a value: "Password is required", "Enter your password", "o JWT". */
function prose(value: string, name = ''): boolean {
  const spaces = value.match(/ /g)?.length ?? 0;
  if (
    spaces >= 2 ||
    (spaces >= 1 &&
      value
        .toLowerCase()
        .split(/[^a-z]+/)
        .some((w) => UI_WORDS.has(w)))
  )
    return true;
  // A translation names the thing itself: `jwt: "o JWT"`, `password: "Passwort"`-like labels with the key's word.
  const valueWords = new Set(nameWords(value));
  return spaces >= 1 && nameWords(name).some((w) => w.length >= 3 && valueWords.has(w));
}

/** A pointer to a secret rather than the secret: `secretKeyRef`, `apiKeyArn`, `projects/1/secrets/db/versions/latest`. */
function reference(name: string, value: string): boolean {
  if (/(?:Ref|Reference|Arn|ARN|Uri|URI|Url|URL|Path|Id|ID|Name|File|Env|Var)$/.test(name) || /_(?:REF|ARN|URI|URL|PATH|ID|NAME|FILE|ENV|VAR)$/.test(name)) return true;
  if (/^arn:aws:|^projects\/|^(?:vault|secret|ssm|sm|azure|gcp|aws):/i.test(value)) return true;
  return !/\s/.test(value) && (value.match(/\//g)?.length ?? 0) >= 2 && !/^[a-z][a-z0-9+.-]*:\/\/[^/]*@/i.test(value);
}

function isKeyName(name: string): boolean {
  const ws = nameWords(name);
  return ws.some(
    (w, i) =>
      KEY_WORDS.has(w) ||
      (w === 'key' && i > 0 && ['secret', 'private', 'signing', 'encryption', 'crypto', 'master', 'cipher', 'session', 'jwt', 'hmac', 'aes'].includes(ws[i - 1] as string)),
  );
}

function report(at: SyntaxNode, name: string): Verdict {
  const key = isKeyName(name);
  return { node: at, cwe: key ? ['CWE-798', 'CWE-321'] : ['CWE-798'], message: key ? `Hard-coded cryptographic key or secret in "${name}"` : `Hard-coded credential in "${name}"` };
}

/** The password in a connection string: `postgres://user:pw@host/db`, `mongodb+srv://u:pw@cluster`. */
function dsnPassword(value: string): string | null {
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^:@/\s]+:([^@/\s]+)@/i.exec(value);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1] as string);
  } catch {
    return m[1] as string;
  }
}

/** Words that end a name of a value that is itself a secret: `SERVICE_PASSWORD`, `adminPassword`, `clientSecret`. */
const SECRET_LAST = new Set(['password', 'passwd', 'pwd', 'passphrase', 'secret', 'apikey', 'credential', 'credentials']);
/** Words that make such a name a label, a policy or a form field instead. */
const LABEL_WORDS = new Set([
  'field',
  'label',
  'placeholder',
  'hint',
  'message',
  'msg',
  'error',
  'prompt',
  'regex',
  'regexp',
  'pattern',
  'policy',
  'length',
  'min',
  'max',
  'header',
  'param',
  'env',
  'var',
  'input',
  'form',
  'column',
  'attr',
  'attribute',
  'display',
  'icon',
  'selector',
  'new',
  'old',
  'current',
  'confirm',
  'confirmation',
  'reset',
  'forgot',
  'hash',
  'hashed',
  'digest',
  'reminder',
  'question',
  'hint',
  'change',
  'update',
  'verify',
  'validation',
  'strength',
  'rules',
  'expiry',
  'ttl',
  'name',
  'key',
  'path',
  'file',
  'url',
  'type',
]);

/** A secret-valued name the shared judgement is too cautious about (`SERVICE_PASSWORD`: "service" is usually a label word). */
function secretByLastWord(name: string): boolean {
  const ws = nameWords(name);
  const last = ws[ws.length - 1];
  return last !== undefined && SECRET_LAST.has(last) && !ws.slice(0, -1).some((w) => LABEL_WORDS.has(w));
}

/** Key material written as a literal: `Buffer.from('9c1f…', 'hex')`, a long hex or base64 string. */
function keyMaterial(value: SyntaxNode): string | null {
  const n = unwrap(value);
  if (n.type === 'call_expression' && /^(?:Buffer\.from|new\s{1,8}TextEncoder\(\)\.encode|Uint8Array\.from)$/.test(n.child('function')?.text ?? '')) {
    const first = n.child('arguments')?.namedChildren[0];
    return first ? literal(first) : null;
  }
  return null;
}

/** Option values that name a mode, not a secret: `credentials: 'include'` (fetch), `auth: 'bearer'`. */
const ENUM_VALUES = new Set([
  'include',
  'omit',
  'same-origin',
  'required',
  'optional',
  'inherit',
  'default',
  'strict',
  'lax',
  'auto',
  'manual',
  'basic',
  'bearer',
  'digest',
  'oauth',
  'oauth2',
  'jwt',
  'password',
  'none',
  'token',
  'apikey',
  'api_key',
  'secret',
  'session',
  'cookie',
  'header',
  'query',
  'body',
  'env',
  'file',
  'memory',
  'redis',
  'local',
  'remote',
  'curl',
  'http',
  'https',
]);

/** A value for a `…Key` name that is a plain short word (`clientKey: 'curl'`), not key material. */
function wordForKey(name: string, value: string): boolean {
  const ws = nameWords(name);
  return ws[ws.length - 1] === 'key' && /^[a-z]{1,10}$/.test(value);
}

/**
 * A character set rather than a secret: `'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'`,
 * the alphabet a token generator picks from. Most neighbouring characters are consecutive.
 */
function alphabet(value: string): boolean {
  if (value.length < 16) return false;
  let runs = 0;
  for (let i = 1; i < value.length; i++) if (value.charCodeAt(i) === value.charCodeAt(i - 1) + 1) runs++;
  return runs >= (value.length - 1) * 0.6;
}

function binding(at: SyntaxNode, name: string | null, value: SyntaxNode | null | undefined): Verdict {
  if (!name || !value) return false;
  // Header and vendor-extension names (`'x-api-key': …`, `"x-scalar-secret-password": …`) map to field names, not secrets.
  if (/^x-/i.test(name)) return false;
  const material = keyMaterial(value);
  if (
    material !== null &&
    /(?:key|secret|pepper)$/i.test(name) &&
    isCredentialValue(material, name) &&
    (/^[0-9a-f]{16,}$/i.test(material) || /^[A-Za-z0-9+/=_-]{16,}$/.test(material))
  ) {
    return { node: at, cwe: ['CWE-798', 'CWE-321'], message: `Hard-coded cryptographic key material in "${name}"` };
  }
  const v = literal(value);
  if (v === null) return false;
  if (ENUM_VALUES.has(v.toLowerCase()) || wordForKey(name, v) || alphabet(v)) return false;
  if ((isSecretName(name) || secretByLastWord(name)) && isCredentialValue(v, name) && !prose(v, name) && !reference(name, v)) return report(at, name);
  const pw = dsnPassword(v);
  if (pw !== null && isCredentialValue(pw, 'password')) return { node: at, cwe: ['CWE-798'], message: `The connection string in "${name}" contains a hard-coded password` };
  return false;
}

function nameOf(node: SyntaxNode | null): string | null {
  if (!node) return null;
  if (node.type === 'identifier' || node.type === 'property_identifier' || node.type === 'private_property_identifier') return node.text.replace(/^#/, '');
  if (node.type === 'member_expression') return node.child('property')?.text ?? null;
  if (node.type === 'subscript_expression') {
    const idx = node.child('index');
    return idx?.type === 'string' ? idx.text.slice(1, -1) : null;
  }
  return null;
}

/**
 * A connection string with a password: `mongoose.connect('mongodb://u:pw@host')`. Keys and
 * passwords passed to security APIs (`jwt.sign(p, 'secret')`) are model literals (models/javascript).
 */
function callSecret(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = ctx.call(node);
  if (!call) return false;
  const path = ctx.pathText(call.callee ?? call.node) ?? call.name;
  if (
    /^(?:mongoose\.connect|mongoose\.createConnection|mongodb\.MongoClient\.connect|MongoClient\.connect|mongodb\.MongoClient|MongoClient|redis\.createClient|ioredis|pg\.Pool|pg\.Client|Pool|Client|knex|mysql\.createConnection|mysql2\.createConnection|mysql\.createPool|mysql2\.createPool)$/.test(
      path,
    )
  ) {
    const v = literal(call.args.find((a) => a.index === 0)?.node);
    const pw = v !== null ? dsnPassword(v) : null;
    if (pw !== null && isCredentialValue(pw, 'password')) return { node, cwe: ['CWE-798'], message: `The connection string passed to ${path}() contains a hard-coded password` };
  }
  return false;
}

/** `if (password === 'hunter2')`: a credential compared with a literal. */
function comparison(node: SyntaxNode): Verdict {
  const op = node.child('operator')?.text;
  if (op !== '===' && op !== '==' && op !== '!==' && op !== '!=') return false;
  const left = node.child('left');
  const right = node.child('right');
  for (const [a, b] of [
    [left, right],
    [right, left],
  ] as const) {
    if (!a || !b) continue;
    const name = nameOf(unwrap(a));
    const v = literal(b);
    if (!name || v === null || !isSecretName(name) || !isCredentialValue(v, name) || prose(v)) continue;
    // Lexers and state machines compare "tokens" with keywords: only passwords and secrets, or random-looking values.
    if (!/pass|pwd|secret|api_?key|apikey|pin\b/i.test(name) && !(/\d/.test(v) && /[A-Za-z]/.test(v) && v.length >= 8)) continue;
    return report(node, name);
  }
  return false;
}

function detect(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (testFile(ctx)) return false;
  switch (node.type) {
    case 'variable_declarator':
      return binding(node, nameOf(node.child('name')), node.child('value'));
    case 'pair':
      return binding(node, pairKey(node), node.child('value'));
    case 'assignment_expression':
      return binding(node, nameOf(node.child('left')), node.child('right'));
    case 'public_field_definition':
    case 'field_definition':
      return binding(node, nameOf(node.child('name') ?? node.child('property')), node.child('value'));
    case 'call_expression':
    case 'new_expression':
      return callSecret(node, ctx);
    case 'binary_expression':
      return comparison(node);
    default:
      return false;
  }
}

export default defineRule({
  class: 'hardcoded-credentials',
  confidence: 'medium',
  cwe: ['CWE-798'],
  languages: ['javascript', 'typescript'],
  message: 'A credential is hard-coded in the source',
  remediation:
    'Load secrets at run time from the environment or a secret manager (`process.env.JWT_SECRET`, AWS Secrets Manager, Vault), fail fast when they are missing instead of falling back to a literal, and rotate any value that was committed.',
  references: [
    'https://cwe.mitre.org/data/definitions/798.html',
    'https://cwe.mitre.org/data/definitions/321.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Secrets_Management_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'node',
    types: ['variable_declarator', 'pair', 'assignment_expression', 'public_field_definition', 'field_definition', 'call_expression', 'new_expression', 'binary_expression'],
    where: detect,
  },
});
