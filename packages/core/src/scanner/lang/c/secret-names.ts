/**
 * Whether a C identifier names a password or another secret held in clear (`password`, `user_pwd`,
 * `privateKey`, `apiKeyBuf`), and not something about one (`password_len`, `pwd_hash`,
 * `passwordPrompt`). Split into words, no regular expression over the whole name.
 */

const SECRET_WORDS = new Set(['password', 'passwd', 'pass', 'passphrase', 'pwd', 'secret', 'credential', 'credentials', 'apikey', 'privatekey', 'plaintext']);
const SECRET_PAIRS = [
  ['private', 'key'],
  ['api', 'key'],
  ['key', 'material'],
];
const NOT_SECRET = new Set([
  'len',
  'length',
  'size',
  'hash',
  'digest',
  'prompt',
  'salt',
  'policy',
  'hint',
  'file',
  'path',
  'name',
  'id',
  'count',
  'field',
  'label',
  'min',
  'max',
  'max_len',
  'expiry',
  'changed',
  'set',
  'ok',
  'valid',
  'required',
]);

/** Lower-case words of an identifier: `apiKeyBuf` → api key buf, `user_pwd` → user pwd. */
export function identifierWords(name: string): string[] {
  const out: string[] = [];
  let word = '';
  for (let i = 0; i < name.length && i < 80; i++) {
    const c = name[i] as string;
    const upper = c >= 'A' && c <= 'Z';
    if (c === '_' || (upper && word !== '' && !((word[word.length - 1] as string) >= 'A' && (word[word.length - 1] as string) <= 'Z'))) {
      if (word) out.push(word.toLowerCase());
      word = c === '_' ? '' : c;
    } else word += c;
  }
  if (word) out.push(word.toLowerCase());
  return out;
}

/** Whether a variable of this name holds a secret in clear. */
export function secretName(name: string): boolean {
  const words = identifierWords(name);
  if (words.some((w) => NOT_SECRET.has(w))) return false;
  if (words.some((w) => SECRET_WORDS.has(w))) return true;
  return SECRET_PAIRS.some(([a, b]) => words.some((w, i) => w === a && words[i + 1] === b));
}
