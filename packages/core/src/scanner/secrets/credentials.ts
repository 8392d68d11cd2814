/**
 * Shared judgement for hard-coded credentials (CWE-798): is this name one that holds a secret, and
 * is this literal a real value rather than a placeholder, a label, a lookup key or an example?
 * Every language's `hardcoded-credentials` rule calls these, so all languages agree.
 */

/** Splits `dbPassword`, `DB_PASSWORD`, `db-password`, `db.password` into lower-case words. */
export function nameWords(name: string): string[] {
  const words: string[] = [];
  let word = '';
  const isUpper = (c: number): boolean => c >= 65 && c <= 90;
  const isLower = (c: number): boolean => c >= 97 && c <= 122;
  const isDigit = (c: number): boolean => c >= 48 && c <= 57;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (!isUpper(c) && !isLower(c) && !isDigit(c)) {
      if (word) words.push(word);
      word = '';
      continue;
    }
    const prev = i > 0 ? name.charCodeAt(i - 1) : 0;
    // A word starts at an upper-case letter after a lower-case letter or digit (`dbPassword`), and
    // at the last capital of a run followed by a lower-case letter (`APIKey` → `api`, `key`).
    const camel = isUpper(c) && (isLower(prev) || isDigit(prev));
    const acronymEnd = isUpper(c) && isUpper(prev) && isLower(name.charCodeAt(i + 1));
    if ((camel || acronymEnd) && word) {
      words.push(word);
      word = '';
    }
    word += String.fromCharCode(isUpper(c) ? c + 32 : c);
  }
  if (word) words.push(word);
  return words;
}

const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'secret',
  'secrets',
  'token',
  'apikey',
  'credential',
  'credentials',
  'pw',
  'privatekey',
  'secretkey',
  'accesskey',
  'authtoken',
  'bearer',
  'jwt',
  'signingkey',
  'hmac',
  'psk',
]);
const KEY_QUALIFIERS = new Set([
  'api',
  'access',
  'secret',
  'private',
  'signing',
  'encryption',
  'master',
  'client',
  'auth',
  'app',
  'session',
  'consumer',
  'shared',
  'license',
  'webhook',
  'aes',
  'crypto',
  'cipher',
  'hmac',
  'jwt',
]);
// Words that make a secret-sounding name describe something else: a label, a URL, a policy, a length.
const NOT_SECRET_WORDS = new Set([
  'field',
  'label',
  'url',
  'uri',
  'path',
  'file',
  'filename',
  'dir',
  'name',
  'type',
  'length',
  'len',
  'min',
  'max',
  'policy',
  'pattern',
  'regex',
  'regexp',
  'header',
  'prompt',
  'placeholder',
  'hint',
  'message',
  'msg',
  'error',
  'reset',
  'forgot',
  'is',
  'has',
  'show',
  'enabled',
  'required',
  'hash',
  'hashed',
  'digest',
  'id',
  'endpoint',
  'env',
  'var',
  'column',
  'param',
  'params',
  'attr',
  'attribute',
  'input',
  'form',
  'validation',
  'validator',
  'strength',
  'expiry',
  'expires',
  'expiration',
  'ttl',
  'timeout',
  'count',
  'index',
  'prefix',
  'suffix',
  'format',
  'template',
  'route',
  'view',
  'page',
  'button',
  'text',
  'title',
  'key_name',
  'location',
  'store',
  'provider',
  'service',
  'manager',
  'class',
  'method',
  'mode',
  'scheme',
  'grant',
  'kind',
  'size',
  'bits',
  'encoding',
  'algorithm',
  'algo',
  'version',
  'rotation',
  'generator',
  'generate',
  'salt_rounds',
  'rounds',
  'cost',
  'confirm',
  'confirmation',
  'old',
  'new',
  'current',
  'change',
  'update',
  'verify',
  'check',
  'question',
  'reminder',
  'display',
  'icon',
  'css',
  'selector',
  'xpath',
  'id_token_hint',
  'storage',
  'cookie',
  'lifetime',
  'age',
  'sent',
  'used',
  'usage',
  'limit',
  'last',
  'at',
  // What handles or governs the secret, not the secret: `PASSWORD_HASHER = argon2`, `password_complexity: high`.
  'hasher',
  'hashers',
  'hashing',
  'encoder',
  'backend',
  'backends',
  'complexity',
  'history',
  'requirements',
  'rules',
  'strategy',
  'handler',
  'realm',
  // Where it is kept: `secret_ref: projects/p/secrets/db/versions/latest`, `token_arn`.
  'ref',
  'reference',
  'arn',
  // The characters a generator draws from: `TOKEN_ALPHABET`, `PASSWORD_CHARS`, `secretCharset`.
  'alphabet',
  'charset',
  'chars',
  'characters',
]);

// A name that asks a yes/no question holds a flag, not a secret: `isPasswordSet`, `useTokenAuth`.
const FLAG_PREFIXES = new Set(['is', 'has', 'show', 'use', 'enable', 'should', 'can', 'must', 'allow', 'require', 'needs']);

/**
 * Whether an identifier, key or keyword name reads like it holds a secret value. The last word
 * decides what the name is (English puts the head noun last): `password_min_length` is a length,
 * `reset_password_url` a URL, but `SERVICE_PASSWORD`, `KeyStorePassword`, `COOKIE_SECRET` and
 * `secret_key_base` are secrets whatever qualifies them.
 */
export function isSecretName(name: string): boolean {
  const words = nameWords(name);
  if (words.length === 0) return false;
  if (FLAG_PREFIXES.has(words[0] as string) && words.length > 1) return false;
  if (NOT_SECRET_WORDS.has(words[words.length - 1] as string)) return false;
  const joined = words.join('');
  if (words.some((w) => SECRET_WORDS.has(w))) return true;
  // `apiKey`, `secret_key`, `client_secret`, `private_key`: "key" only counts with a qualifier.
  const keyAt = words.lastIndexOf('key');
  if (keyAt > 0 && KEY_QUALIFIERS.has(words[keyAt - 1] as string)) return true;
  // Run-together names: `dbpassword`, `jwtsecret`, `stripeapikey` (but not `secretary`).
  return (
    words.some((w) => /(?:password|passwd|pwd|secret|token|apikey|accesskey|privatekey|secretkey)$/.test(w) || /^(?:password|passwd)/.test(w)) ||
    /apikey|accesskey|privatekey/.test(joined)
  );
}

const PLACEHOLDER_WORDS = new Set([
  'changeme',
  'change_me',
  'placeholder',
  'example',
  'sample',
  'dummy',
  'fake',
  'mock',
  'test',
  'testing',
  'todo',
  'fixme',
  'replace',
  'replaceme',
  'your',
  'yours',
  'redacted',
  'hidden',
  'xxx',
  'none',
  'null',
  'nil',
  'undefined',
  'empty',
  'default',
  'insert',
  'enter',
  'here',
  'foo',
  'bar',
  'baz',
  'abc',
  'n/a',
  'na',
  'tbd',
  'unset',
  'me',
  'key',
  'value',
  'api',
  'string',
  'goes',
  'put',
  'set',
  'add',
]);

/** Whether a literal is a stand-in rather than a real value: `<password>`, `${DB_PASS}`, `your-api-key`, `xxxx`, `changeme`. */
export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (v.length === 0) return true;
  if (/^[<{[(%$#@*.xX_-]/.test(v) && /[>}\])]$/.test(v)) return true; // <...>, {...}, ${...}, %(x)s-ish, [..]
  if (/\$\{|\{\{|\}\}|%\(|%s|%d|\{\}|\{0\}|#\{/.test(v)) return true; // templates and format strings
  // Deploy-time substitution tokens: `__DB_PASSWORD__`, `@@TOKEN@@`, `%API_KEY%`, `##SECRET##`.
  if (/^(__|@@?|%|##?)[A-Za-z0-9_.-]{1,64}\1$/.test(v)) return true;
  if (/^(.)\1+$/.test(v)) return true; // "xxxx", "****", "0000"
  if (/^xxx/i.test(v) || /xxx$/i.test(v) || v.includes('***') || v.includes('...')) return true;
  const lower = v.toLowerCase();
  // The JDK's documented default keystore password, printed in every keytool tutorial.
  if (lower === 'changeit') return true;
  const ws = lower.split(/[^a-z0-9/]+/).filter(Boolean);
  if (ws.length > 0 && ws.every((w) => PLACEHOLDER_WORDS.has(w) || /^\d+$/.test(w))) return true;
  if (/^(?:your|my|the)[-_ ]/.test(lower) || /[-_ ](?:here|goes[-_ ]here)$/.test(lower)) return true;
  // Instructions in place of the value: `REPLACE_WITH_PASSWORD`, `insert-your-token`, `enter_key`.
  if (/^(?:replace|insert|enter|put|add|set)[-_ ](?:with|your|the|a|an|me|real|actual|key|token|password|secret)(?:$|[-_ ])/.test(lower)) return true;
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
  if (isUiText(v, name)) return false;
  if (/^[A-Z][A-Z0-9_]*$/.test(v) && v.includes('_')) return false; // an env var / setting name
  if (/^[a-z]+(?:[._-][a-z]+)+$/.test(v) && v.length < 40 && !/\d/.test(v)) return false; // a key path like "auth.jwt.secret"
  if (/^[a-z]+(?:[._-][a-z]+)*(?:\/(?:[a-z]+(?:[._-][a-z]+)*|\d+)){2,}\/?$/.test(v)) return false; // a store path like "secret/data/prod/app"
  // A URL without an embedded password, whatever its scheme: `https://…`, `op://vault/item/field`, `vault://…`.
  if (/^(?:[A-Za-z][A-Za-z0-9+.-]{0,20}:)?\/\//.test(v) && !hasUserInfoPassword(v)) return false;
  if (isPasswordHash(v)) return false;
  if (/^\.{0,2}\/[\w./-]*$/.test(v) || /\.(?:pem|key|crt|p12|pfx|json|ya?ml|env|txt|cfg|ini|jks)$/i.test(v)) return false; // a file path
  if (/^(?:x-[\w-]+|authorization|bearer|basic|token|api-key)$/i.test(v)) return false; // header names, scheme names
  if ((v.match(/ /g)?.length ?? 0) >= 3) return false; // a sentence or label
  if (nameWords(v).join('') === nameWords(name).join('')) return false; // password = "password"
  if (/^(?:true|false|yes|no|on|off|\d+)$/i.test(v)) return false;
  // An access level (GitHub Actions `permissions: id-token: write`, a token's scope): a setting, not a secret.
  if (/^(?:read|write|none|read-all|write-all|read-write|readwrite|read-only|readonly|write-only)$/i.test(v)) return false;
  return true;
}

/**
 * Whether a name ends in the word `key` (`DATA_KEY`, `ssnKey`, `cipher_key`, `KEY`) without a word
 * that makes it a label, a path or a lookup (`key_name`, `KEY_FILE`, `cacheKeyPrefix`). Such a name
 * holds a cryptographic key only when its value is key material (see `isKeyMaterial`): `CACHE_KEY`
 * holds `"users:all"`, `SSN_KEY` holds `"b7f3e91ac24d8e06"`.
 */
export function isKeyName(name: string): boolean {
  const words = nameWords(name);
  return words.length > 0 && words[words.length - 1] === 'key' && !words.some((w) => NOT_SECRET_WORDS.has(w) || NOT_KEY_WORDS.has(w));
}

/** Keys that are public, or not cryptographic: `PUBLIC_KEY`, reCAPTCHA's `SITE_KEY`, `SORT_KEY`, `IDEMPOTENCY_KEY`. */
const NOT_KEY_WORDS = new Set([
  'public',
  'pub',
  'publishable',
  'site',
  'cache',
  'sort',
  'partition',
  'primary',
  'foreign',
  'lookup',
  'idempotency',
  'routing',
  'storage',
  'object',
  'bucket',
  'redis',
  'memcache',
  'i18n',
  'translation',
  'map',
  'dict',
  'index',
  'row',
  'group',
  'event',
  'metric',
  'label',
]);

function isHexDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

/**
 * Whether a literal is random key material rather than a word or an identifier: 16–512 characters
 * of hex mixing digits and letters, or of base64/base64url mixing upper case, lower case and digits,
 * with at least 3 bits of entropy per character.
 */
export function isKeyMaterial(value: string): boolean {
  const v = value.trim();
  if (v.length < 16 || v.length > 512) return false;
  let hex = true;
  let digits = 0;
  let upper = 0;
  let lower = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    const isDigit = c >= 48 && c <= 57;
    const isUpper = c >= 65 && c <= 90;
    const isLower = c >= 97 && c <= 122;
    const isB64 = c === 43 || c === 47 || c === 61 || c === 95 || c === 45;
    if (!isDigit && !isUpper && !isLower && !isB64) return false;
    if (!isHexDigit(c)) hex = false;
    if (isDigit) digits++;
    else if (isUpper) upper++;
    else if (isLower) lower++;
  }
  if (shannonEntropy(v) < 3) return false;
  if (hex) return digits > 0 && upper + lower > 0;
  return digits > 0 && upper > 0 && lower > 0;
}

/**
 * Whether `name = "value"` hard-codes a secret: a secret-sounding name with a real value
 * (`isSecretName` + `isCredentialValue`), or a key-named constant holding key material
 * (`SSN_KEY = "b7f3e91ac24d8e06"`).
 */
export function isHardcodedSecret(name: string, value: string): boolean {
  if (isSecretName(name)) return isCredentialValue(value, name);
  return isKeyName(name) && isKeyMaterial(value) && !isPlaceholder(value);
}

/**
 * Whether a value is a password hash in a standard format — crypt(3)/bcrypt/Apache `$2b$12$…`,
 * `$apr1$…`, `$6$…`, `$argon2id$…`, `$scrypt$…`, `$pbkdf2-sha256$…`, Django's
 * `pbkdf2_sha256$…$…`, LDAP's `{SSHA}…`. A hash is what a server stores to check a password, not a
 * credential anyone can log in with (an htpasswd file, a seeded admin user): it is not reported.
 */
export function isPasswordHash(value: string): boolean {
  const v = value.trim();
  if (v.length < 13 || v.length > 300 || v.includes(' ')) return false;
  if (/^\$(?:2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}$|apr1\$|1\$|5\$|6\$|y\$|gy\$|7\$|argon2(?:id|i|d)\$|scrypt\$|pbkdf2(?:-sha\d+)?\$|sha\d*\$)/.test(v)) return true;
  if (/^(?:pbkdf2_sha(?:1|256|512)|bcrypt_sha256|argon2|scrypt)\$[^$]+\$/.test(v)) return true;
  return /^\{(?:SSHA|SHA|SSHA256|SSHA512|SHA256|SHA512|CRYPT|MD5|SMD5|PBKDF2(?:-SHA\d+)?|ARGON2)\}\S{8,}$/i.test(v);
}

/** Whether a URL carries `:password@` (a `:` then non-blank characters without `/` up to an `@`). */
function hasUserInfoPassword(v: string): boolean {
  for (let i = v.indexOf(':'); i >= 0; i = v.indexOf(':', i + 1)) {
    let j = i + 1;
    while (j < v.length && v[j] !== '/' && v[j] !== '@' && v[j] !== ' ' && v[j] !== '\t' && v[j] !== '\n' && v[j] !== '\r') j++;
    if (j > i + 1 && v[j] === '@') return true;
  }
  return false;
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

/** "Password" (and "passphrase", "PIN") in the languages applications are translated into: UI labels, not credentials. */
const PASSWORD_IN_LANGUAGES = new Set([
  'passwort',
  'kennwort',
  'mot de passe',
  'contraseña',
  'contrasena',
  'clave',
  'senha',
  'palavra-passe',
  'palavra passe',
  'wachtwoord',
  'paswoord',
  'hasło',
  'haslo',
  'пароль',
  'parol',
  'parola',
  'parolă',
  'lösenord',
  'losenord',
  'adgangskode',
  'passord',
  'salasana',
  'heslo',
  'jelszó',
  'jelszo',
  'şifre',
  'sifre',
  'parolă',
  'kata sandi',
  'kata laluan',
  'mật khẩu',
  'mat khau',
  'κωδικός',
  'κωδικός πρόσβασης',
  'סיסמה',
  'كلمة المرور',
  'كلمة السر',
  'رمز عبور',
  'पासवर्ड',
  '密码',
  '密碼',
  'パスワード',
  '비밀번호',
  'รหัสผ่าน',
  'lozinka',
  'geslo',
  'slaptažodis',
  'parole',
  'salasõna',
  'contrasinal',
  'pasahitza',
  'contrasenya',
  'lykilorð',
  'fjalëkalimi',
  'лозинка',
  'парола',
  'գաղտնաբառ',
  'passwd',
  'passphrase',
  'code pin',
  'pin-code',
  'pincode',
  'geheimnis',
  'schlüssel',
  'clé',
  'jeton',
  'chiave',
  'segreto',
  'sleutel',
]);

/** Key words of user-interface strings: `password_label`, `LABEL_PASSWORD`, `passwordHint`, `token_expired_message`. */
const UI_TEXT_WORDS = new Set([
  'label',
  'lbl',
  'hint',
  'title',
  'placeholder',
  'prompt',
  'message',
  'msg',
  'text',
  'caption',
  'tooltip',
  'tip',
  'error',
  'errors',
  'desc',
  'description',
  'heading',
  'help',
  'button',
  'btn',
  'link',
  'note',
  'notice',
  'warning',
  'info',
  'subtitle',
  'question',
  'invalid',
  'required',
  'mismatch',
  'expired',
  'incorrect',
  'wrong',
  'forgot',
  'show',
  'hide',
  'toggle',
  'strength',
]);

/** Letters of any script (a rough test: not ASCII punctuation, digits or symbols). */
function isLetter(ch: string): boolean {
  return ch.toLowerCase() !== ch.toUpperCase() || ch.charCodeAt(0) > 0x2e7f;
}

/**
 * Whether a value under a secret-looking key is user-interface text rather than a credential: a
 * translation of "password" (`"LABEL_PASSWORD": "Passwort"`), a key named like a label or message
 * (`password_hint`, `token_expired`), or prose (several words of letters: `"Mot de passe"`,
 * `"Ihre Sitzung ist abgelaufen"`). Translation catalogues are full of these, and none is a secret.
 */
export function isUiText(value: string, key: string): boolean {
  const v = value.trim().toLowerCase();
  if (PASSWORD_IN_LANGUAGES.has(v)) return true;
  if (nameWords(key).some((w) => UI_TEXT_WORDS.has(w))) return true;
  // Prose: four or more words of letters, or two with letters outside ASCII. Shorter plain phrases
  // stay possible passphrases (`secret: 'keyboard cat'`, `SECRET_KEY = 'super secret key'` are
  // among the most copied secrets there are).
  const words = v.split(/\s+/).filter(Boolean);
  const wordy = words.every((w) => [...w].every((ch) => isLetter(ch) || ch === "'" || ch === '-' || ch === '.' || ch === ',' || ch === '?' || ch === '!' || ch === ':'));
  if (wordy && (words.length >= 4 || (words.length >= 2 && [...v].some((ch) => ch.charCodeAt(0) > 127)))) return true;
  return false;
}
