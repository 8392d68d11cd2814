/**
 * Shared judgement for hard-coded credentials (CWE-798): is this name one that holds a secret, and
 * is this literal a real value rather than a placeholder, a label, a lookup key or an example?
 * Every language's `hardcoded-credentials` rule calls these, so all languages agree.
 */

/** Splits `dbPassword`, `DB_PASSWORD`, `db-password`, `db.password` into lower-case words. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

const SECRET_WORDS = new Set([
  'password', 'passwd', 'pwd', 'pass', 'passphrase', 'secret', 'secrets', 'token', 'apikey', 'credential', 'credentials',
  'pw', 'privatekey', 'secretkey', 'accesskey', 'authtoken', 'bearer', 'jwt', 'signingkey', 'hmac', 'psk',
]);
const KEY_QUALIFIERS = new Set(['api', 'access', 'secret', 'private', 'signing', 'encryption', 'master', 'client', 'auth', 'app', 'session', 'consumer', 'shared', 'license', 'webhook', 'aes', 'crypto', 'cipher', 'hmac', 'jwt']);
// Words that make a secret-sounding name describe something else: a label, a URL, a policy, a length.
const NOT_SECRET_WORDS = new Set([
  'field', 'label', 'url', 'uri', 'path', 'file', 'filename', 'dir', 'name', 'type', 'length', 'len', 'min', 'max', 'policy',
  'pattern', 'regex', 'regexp', 'header', 'prompt', 'placeholder', 'hint', 'message', 'msg', 'error', 'reset', 'forgot', 'is',
  'has', 'show', 'enabled', 'required', 'hash', 'hashed', 'digest', 'id', 'endpoint', 'env', 'var', 'column', 'param', 'params',
  'attr', 'attribute', 'input', 'form', 'validation', 'validator', 'strength', 'expiry', 'expires', 'expiration', 'ttl', 'timeout',
  'count', 'index', 'prefix', 'suffix', 'format', 'template', 'route', 'view', 'page', 'button', 'text', 'title', 'key_name',
  'location', 'store', 'provider', 'service', 'manager', 'class', 'method', 'mode', 'scheme', 'grant', 'kind', 'size', 'bits',
  'encoding', 'algorithm', 'algo', 'version', 'rotation', 'generator', 'generate', 'salt_rounds', 'rounds', 'cost', 'confirm',
  'confirmation', 'old', 'new', 'current', 'change', 'update', 'verify', 'check', 'question', 'reminder', 'display', 'icon', 'css',
  'selector', 'xpath', 'id_token_hint', 'storage', 'cookie', 'lifetime', 'age', 'sent', 'used', 'usage', 'limit', 'last', 'at',
]);

/** Whether an identifier, key or keyword name reads like it holds a secret value. */
export function isSecretName(name: string): boolean {
  const words = nameWords(name);
  if (words.length === 0) return false;
  if (words.some((w) => NOT_SECRET_WORDS.has(w))) return false;
  const joined = words.join('');
  if (words.some((w) => SECRET_WORDS.has(w))) return true;
  // `apiKey`, `secret_key`, `client_secret`, `private_key`: "key" only counts with a qualifier.
  const keyAt = words.lastIndexOf('key');
  if (keyAt > 0 && KEY_QUALIFIERS.has(words[keyAt - 1] as string)) return true;
  // Run-together names: `dbpassword`, `jwtsecret`, `stripeapikey` (but not `secretary`).
  return words.some((w) => /(?:password|passwd|pwd|secret|token|apikey|accesskey|privatekey|secretkey)$/.test(w) || /^(?:password|passwd)/.test(w)) || /apikey|accesskey|privatekey/.test(joined);
}

const PLACEHOLDER_WORDS = new Set([
  'changeme', 'change_me', 'placeholder', 'example', 'sample', 'dummy', 'fake', 'mock', 'test', 'testing', 'todo', 'fixme',
  'replace', 'replaceme', 'your', 'yours', 'redacted', 'hidden', 'xxx', 'none', 'null',
  'nil', 'undefined', 'empty', 'default', 'insert', 'enter', 'here', 'foo', 'bar', 'baz', 'abc', 'n/a', 'na', 'tbd', 'unset',
  'me', 'key', 'value', 'api', 'string', 'goes', 'put', 'set', 'add',
]);

/** Whether a literal is a stand-in rather than a real value: `<password>`, `${DB_PASS}`, `your-api-key`, `xxxx`, `changeme`. */
export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (v.length === 0) return true;
  if (/^[<{[(%$#@*.xX_-]/.test(v) && /[>}\])]$/.test(v)) return true; // <...>, {...}, ${...}, %(x)s-ish, [..]
  if (/\$\{|\{\{|\}\}|%\(|%s|%d|\{\}|\{0\}|#\{/.test(v)) return true; // templates and format strings
  if (/^(.)\1+$/.test(v)) return true; // "xxxx", "****", "0000"
  if (/^x{3,}|x{3,}$/i.test(v) || v.includes('***') || v.includes('...')) return true;
  const lower = v.toLowerCase();
  const ws = lower.split(/[^a-z0-9/]+/).filter(Boolean);
  if (ws.length > 0 && ws.every((w) => PLACEHOLDER_WORDS.has(w) || /^\d+$/.test(w))) return true;
  if (/^(?:your|my|the)[-_ ]/.test(lower) || /[-_ ](?:here|goes[-_ ]here)$/.test(lower)) return true;
  if (/(?:^|[-_])(?:example|placeholder|changeme|dummy|redacted)(?:$|[-_])/.test(lower)) return true;
  return false;
}

/**
 * Whether a string literal assigned to a secret-looking name is a real hard-coded credential:
 * not a placeholder, not an environment-variable or config key to look up (`"DB_PASSWORD"`), not a
 * URL path, file path, header name or sentence, and not the name itself.
 */
export function isCredentialValue(value: string, name: string): boolean {
  const v = value.trim();
  if (v.length < 4 || v.length > 512) return false;
  if (isPlaceholder(v)) return false;
  if (/^[A-Z][A-Z0-9_]*$/.test(v) && v.includes('_')) return false; // an env var / setting name
  if (/^[a-z]+(?:[._-][a-z]+)+$/.test(v) && v.length < 40 && !/\d/.test(v)) return false; // a key path like "auth.jwt.secret"
  if (/^(?:https?:)?\/\//.test(v) && !/:[^/@\s]+@/.test(v)) return false; // a URL without embedded password
  if (/^\.{0,2}\/[\w./-]*$/.test(v) || /\.(?:pem|key|crt|p12|pfx|json|ya?ml|env|txt|cfg|ini|jks)$/i.test(v)) return false; // a file path
  if (/^(?:x-[\w-]+|authorization|bearer|basic|token|api-key)$/i.test(v)) return false; // header names, scheme names
  if ((v.match(/ /g)?.length ?? 0) >= 3) return false; // a sentence or label
  if (nameWords(v).join('') === nameWords(name).join('')) return false; // password = "password"
  if (/^(?:true|false|yes|no|on|off|\d+)$/i.test(v)) return false;
  return true;
}

/** Shannon entropy of a string in bits per character. */
export function shannonEntropy(value: string): number {
  if (value.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}
