import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isCredentialValue, isKeyMaterial, isKeyName, isPlaceholder, isSecretName, nameWords, shannonEntropy } from '../../secrets/credentials.ts';
import { isTestFile } from '../../lang/python/predicates.ts';

/** Content of a plain (non-f) string literal, or null. */
function plainString(node: SyntaxNode | null): { text: string; node: SyntaxNode } | null {
  if (!node || node.type !== 'string') return null;
  if (node.children.some((c) => c.type === 'interpolation')) return null;
  let text = '';
  for (const c of node.children) if (c.type === 'string_content' || c.type === 'escape_sequence') text += c.text;
  return { text, node };
}

/**
 * The literal a value certainly falls back to: `"s3cr3t"`, `os.environ.get("X", "s3cr3t")`,
 * `os.getenv("X") or "s3cr3t"`, `config("X", default="s3cr3t")` (python-decouple / environs).
 */
function literalOf(value: SyntaxNode | null, depth = 0): { text: string; node: SyntaxNode } | null {
  if (!value || depth > 3) return null;
  const s = plainString(value);
  if (s) return s;
  if (value.type === 'parenthesized_expression') return literalOf(value.namedChildren[0] ?? null, depth + 1);
  if (value.type === 'boolean_operator' && value.child('operator')?.text === 'or') return literalOf(value.child('right'), depth + 1);
  if (value.type === 'call') {
    const fn = value.child('function')?.text ?? '';
    if (!/^(?:os\.environ\.get|os\.getenv|getenv|environ\.get|config|env|env\.str|decouple\.config|os\.environ\.setdefault)$/.test(fn)) return null;
    const args = value.child('arguments')?.namedChildren ?? [];
    const dflt =
      args.find((a) => a.type === 'keyword_argument' && a.child('name')?.text === 'default')?.child('value') ?? args.filter((a) => a.type !== 'keyword_argument')[1] ?? null;
    return literalOf(dflt, depth + 1);
  }
  return null;
}

/** The name an assignment target stands for: `PASSWORD`, `self.api_key`, `app.config["SECRET_KEY"]`. */
function targetName(left: SyntaxNode): string | null {
  switch (left.type) {
    case 'identifier':
      return left.text;
    case 'attribute':
      return left.child('attribute')?.text ?? null;
    case 'subscript':
      return plainString(left.child('subscript'))?.text ?? null;
    default:
      return null;
  }
}

const KEY_NAME = /secret_?key|signing_?key|jwt|hmac|encryption_?key|private_?key|aes|cipher/i;

/** Values that name something rather than hold a secret: `nextToken`, `apiKeySource`, `$request.header.x-api-key`. */
function labelLike(value: string): boolean {
  return (
    (/^[A-Za-z]+$/.test(value) && /[a-z][A-Z]|[A-Z]{2}[a-z]/.test(value)) ||
    /^[$%{]/.test(value) ||
    /^[A-Z][a-z]+(?:-[A-Z][a-z]+)+$/.test(value) || // a header name
    /^[a-z]+:[A-Za-z]+$/.test(value) // a namespaced key
  );
}

/** Names of algorithms, not secrets: `JWT_ALG = "HS256"`, `TOKEN_ALGORITHM = "RS512"`, `hmac_digest = "sha256"`. */
function algorithmName(name: string, value: string): boolean {
  const last = nameWords(name).pop() ?? '';
  if (last === 'alg' || last === 'algs' || last === 'algorithms' || last === 'digestmod' || last === 'curve') return true;
  const v = value.trim().toLowerCase();
  if (v.length > 12) return false;
  return (
    [
      'eddsa',
      'none',
      'sha1',
      'sha224',
      'sha256',
      'sha384',
      'sha512',
      'md5',
      'blake2b',
      'blake2s',
      'aes',
      'aes-gcm',
      'aes-256-gcm',
      'chacha20',
      'bcrypt',
      'argon2',
      'scrypt',
      'pbkdf2',
    ].includes(v) ||
    (v.length === 5 && ['hs', 'rs', 'es', 'ps'].includes(v.slice(0, 2)) && ['256', '384', '512'].includes(v.slice(2)))
  );
}

/**
 * A key-named constant (`PII_KEY`, `VAULT_KEY`, `cipher_key`) holding raw key material: a bytes literal of
 * AES size or more with high entropy (`b"Tk7#pQ2!vX9@mL4$"`), or hex / base64 key text (`bytes.fromhex("6f1d…")`).
 */
function keyMaterial(name: string, lit: { text: string; node: SyntaxNode }, bytes: boolean): boolean {
  if (!isKeyName(name) || isPlaceholder(lit.text)) return false;
  // Test / example keys, and provider-format tokens (`sk_test_…`, `pk_live_…`) the secret detectors judge themselves.
  if (nameWords(name).some((w) => w === 'test' || w === 'example' || w === 'dummy' || w === 'fake' || w === 'sample')) return false;
  if (/^[a-z]{2,4}_(?:test|live)_/.test(lit.text)) return false;
  if (isKeyMaterial(lit.text)) return true;
  const v = lit.text;
  if (!bytes || v.length < 16 || v.length > 128 || v.includes(' ') || v.includes('\\')) return false;
  let classes = 0;
  if (/[a-z]/.test(v)) classes++;
  if (/[A-Z]/.test(v)) classes++;
  if (/[0-9]/.test(v)) classes++;
  if (/[^A-Za-z0-9]/.test(v)) classes++;
  return classes >= 3 && shannonEntropy(v) >= 3.5;
}

/** Whether a string node is a bytes literal (`b"…"`, `rb'…'`). */
function isBytesLiteral(node: SyntaxNode): boolean {
  const start = node.children[0]?.text ?? '';
  return start.length > 1 && start.length <= 4 && /^[rR]?[bB][rR]?["']/.test(start);
}

/** `bytes.fromhex("…")`, `base64.b64decode("…")`, `binascii.unhexlify("…")`, `"…".encode()`: key text decoded to bytes. */
function decodedKeyLiteral(value: SyntaxNode | null): { text: string; node: SyntaxNode } | null {
  if (!value || value.type !== 'call') return null;
  const fn = value.child('function');
  const args = value.child('arguments')?.namedChildren ?? [];
  if (!fn) return null;
  if (fn.type === 'attribute' && fn.child('attribute')?.text === 'encode' && args.length <= 1) return plainString(fn.child('object'));
  if (
    !/^(?:bytes\.fromhex|base64\.(?:b64decode|urlsafe_b64decode|b32decode|b16decode)|binascii\.(?:unhexlify|a2b_hex|a2b_base64)|unhexlify|b64decode|urlsafe_b64decode)$/.test(
      fn.text,
    )
  )
    return null;
  return plainString(args[0] ?? null);
}

function report(name: string, lit: { text: string; node: SyntaxNode }, assigned = false): Verdict {
  // A key like "AWS::ApiGateway::ApiKey" or "Api Key" is a label, not a variable that holds a secret.
  if (!/^[A-Za-z_][\w.-]*$/.test(name)) return false;
  if (algorithmName(name, lit.text)) return false;
  if (!isSecretName(name)) {
    if (assigned && keyMaterial(name, lit, isBytesLiteral(lit.node))) return { node: lit.node, message: `Hard-coded key in \`${name.slice(0, 60)}\``, cwe: ['CWE-798', 'CWE-321'] };
    return false;
  }
  if (!isCredentialValue(lit.text, name) || labelLike(lit.text)) return false;
  // `csrf_token = "csrfmiddlewaretoken"`, `TOKEN_PARAM = "access_token"`: a lower-case word names a field; only
  // password-like names take such a value as a (weak) password.
  if (/^[a-z_]+$/.test(lit.text) && !/passw|pwd|passphrase|(?:^|_)pass(?:$|_)/i.test(name)) return false;
  const cwe = KEY_NAME.test(name) ? ['CWE-798', 'CWE-321'] : ['CWE-798'];
  return { node: lit.node, message: `Hard-coded credential in \`${name.slice(0, 60)}\``, cwe };
}

/** Calls whose key argument is a secret: `jwt.encode(payload, "k")`, `hmac.new(b"k", …)`, `AES.new(b"k", …)`. */
const KEY_ARGS: readonly [RegExp, number, string][] = [
  [/^(?:jwt|jose\.jwt|jwt\.api_jwt)\.(?:encode|decode)$/, 1, 'key'],
  [/^hmac\.(?:new|digest|HMAC)$/, 0, 'key'],
  [/^(?:Crypto|Cryptodome)\.Cipher\.\w+\.new$/, 0, 'key'],
  [/^(?:cryptography\.fernet\.)?Fernet$/, 0, 'key'],
];

/** Calls that take a password positionally: [callee pattern, position, keyword]. */
const PASSWORD_ARGS: readonly [RegExp, number, string][] = [
  [/^\*\.login$/, 1, 'password'],
  [/^ftplib\.FTP(?:_TLS)?$/, 2, 'passwd'],
  [/^(?:requests\.auth\.)?HTTP(?:Basic|Digest|Proxy)Auth$/, 1, 'password'],
  [/^aiohttp\.BasicAuth$/, 1, 'password'],
  [/^httpx\.(?:Basic|Digest)Auth$/, 1, 'password'],
];

function hardcoded(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (isTestFile(ctx.filename, ctx.code)) return false;
  switch (node.type) {
    case 'assignment': {
      const left = node.child('left');
      const name = left ? targetName(left) : null;
      const lit = literalOf(node.child('right'));
      if (name && !lit && isKeyName(name)) {
        // VAULT_KEY = bytes.fromhex("6f1d…"): only key material counts, whatever the name's other words.
        const decoded = decodedKeyLiteral(node.child('right'));
        if (decoded && (isKeyMaterial(decoded.text) || keyMaterial(name, decoded, true)))
          return { node: decoded.node, message: `Hard-coded key in \`${name.slice(0, 60)}\``, cwe: ['CWE-798', 'CWE-321'] };
      }
      return name && lit ? report(name, lit, true) : false;
    }
    case 'keyword_argument': {
      const name = node.child('name')?.text;
      const lit = literalOf(node.child('value'));
      return name && lit ? report(name, lit) : false;
    }
    case 'pair': {
      const key = plainString(node.child('key'));
      const lit = literalOf(node.child('value'));
      return key && lit ? report(key.text, lit) : false;
    }
    case 'default_parameter':
    case 'typed_default_parameter': {
      const name = node.child('name')?.text;
      const lit = plainString(node.child('value'));
      return name && lit ? report(name, lit) : false;
    }
    case 'comparison_operator': {
      // if password == "hunter2": a fixed password check.
      const [left, right] = node.namedChildren;
      if (!left || !right || node.namedChildren.length !== 2 || !/^(?:==|!=)$/.test(node.children.find((c) => !c.named)?.text ?? '')) return false;
      const pairs: [SyntaxNode, SyntaxNode][] = [
        [left, right],
        [right, left],
      ];
      for (const [named, literal] of pairs) {
        const name =
          named.type === 'identifier'
            ? named.text
            : named.type === 'attribute'
              ? (named.child('attribute')?.text ?? '')
              : named.type === 'subscript'
                ? (plainString(named.child('subscript'))?.text ?? '')
                : '';
        const lit = plainString(literal);
        // `token == "keyword"` in a lexer, `secret == "none"`: a plain lower-case word is a label unless the name says password.
        if (name && lit && /passw|pwd|secret|token|api_?key/i.test(name) && (/passw|pwd/i.test(name) || !/^[a-z_#.-]+$/.test(lit.text))) {
          const v = report(name, lit);
          if (v) return { ...(v as object), message: `\`${name.slice(0, 40)}\` is compared with a hard-coded value` };
        }
      }
      return false;
    }
    case 'call': {
      const call = ctx.call(node);
      if (!call) return false;
      const path = ctx.pathText(call.callee ?? call.node) ?? '';
      // smtp.login("user", "p4ss"), ftplib.FTP(host, "user", "p4ss"), HTTPBasicAuth("user", "p4ss")
      const pw = PASSWORD_ARGS.find(([pattern]) => pattern.test(path) || pattern.test(`*.${call.name}`));
      if (pw) {
        const lit = plainString(call.args.find((a) => a.index === pw[1] || a.name === pw[2])?.node ?? null);
        if (lit && isCredentialValue(lit.text, 'password') && !labelLike(lit.text))
          return { node: lit.node, message: `\`${call.node.text.split('(')[0]}\` is called with a hard-coded password`, cwe: ['CWE-798'] };
      }
      // requests.get(url, auth=("user", "p4ss"))
      const auth = call.args.find((a) => a.name === 'auth')?.node;
      if (auth && auth.type === 'tuple' && auth.namedChildren.length === 2) {
        const lit = plainString(auth.namedChildren[1] ?? null);
        if (lit && isCredentialValue(lit.text, 'password') && !labelLike(lit.text))
          return { node: lit.node, message: 'HTTP basic authentication with a hard-coded password', cwe: ['CWE-798'] };
      }
      for (const [pattern, index, kw] of KEY_ARGS) {
        if (!pattern.test(path)) continue;
        const arg = call.args.find((a) => a.index === index || a.name === kw)?.node ?? null;
        const lit = plainString(arg);
        if (lit && isCredentialValue(lit.text, 'secret key') && lit.text.length >= 6) {
          return { node: lit.node, message: `\`${call.node.text.split('(')[0]}\` uses a hard-coded key`, cwe: ['CWE-798', 'CWE-321'] };
        }
      }
      return false;
    }
    default:
      return false;
  }
}

export default defineRule({
  class: 'hardcoded-credentials',
  confidence: 'medium',
  cwe: ['CWE-798'],
  languages: ['python'],
  message: 'A password, secret key or token is written in the source code',
  remediation:
    'Read secrets from the environment or a secret store without a literal fallback (`SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]`, `psycopg2.connect(password=os.environ["DB_PASSWORD"])`), sign JWTs with a key loaded at start-up, and rotate every value that was committed.',
  references: [
    'https://cwe.mitre.org/data/definitions/798.html',
    'https://cwe.mitre.org/data/definitions/321.html',
    'https://docs.djangoproject.com/en/stable/ref/settings/#secret-key',
    'https://cheatsheetseries.owasp.org/cheatsheets/Secrets_Management_Cheat_Sheet.html',
  ],
  matcher: { kind: 'node', types: ['assignment', 'keyword_argument', 'pair', 'default_parameter', 'typed_default_parameter', 'comparison_operator', 'call'], where: hardcoded },
});
