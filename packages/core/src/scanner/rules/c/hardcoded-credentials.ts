import { declaratorShape, callArgs, calledName, findDeclaration, stringLiteralValue, unwrap } from '../../lang/c/syntax.ts';
import { isCredentialValue, isSecretName, nameWords } from '../../secrets/credentials.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const STRING_TYPES = new Set(['string_literal', 'concatenated_string', 'raw_string_literal']);

/** The literal text of a node when it is a string literal (through casts, parentheses, `std::string("…")`, `{"…"}`, `("…")`). */
function literal(node: SyntaxNode | null | undefined, depth = 0): string | null {
  if (!node || depth > 8) return null;
  const v = unwrap(node);
  if (STRING_TYPES.has(v.type)) return stringLiteralValue(v);
  if (v.type === 'call_expression' && /^(?:std::)?(?:string|wstring|string_view)$/.test(v.child('function')?.text ?? '')) return literal(callArgs(v)[0], depth + 1);
  if (v.type === 'argument_list' || v.type === 'initializer_list') {
    const items = v.namedChildren.filter((c) => c.type !== 'comment');
    return items.length === 1 ? literal(items[0], depth + 1) : null;
  }
  return null;
}

const BYTE_ELEMENT = /^(?:const\s+)?(?:unsigned\s+char|char|signed\s+char|(?:std::)?u?int8_t|uint8|u8|BYTE|UCHAR|guchar|guint8|(?:std::)?byte)$/;
const TEST_NAME = /test|example|sample|dummy|vector|kat|fixture|mock/i;

/**
 * Whether an initializer spells out key bytes: `{ 0x3a, 0x91, … }` or `{'p', 'o', 's', …}` with at
 * least 8 constant elements that are not all alike (`{0}`, a zeroed buffer, is no key).
 */
function keyBytes(init: SyntaxNode | null): boolean {
  if (!init || init.type !== 'initializer_list') return false;
  const items = init.namedChildren.filter((c) => c.type !== 'comment');
  if (items.length < 8 || items.length > 512) return false;
  if (!items.every((c) => c.type === 'number_literal' || c.type === 'char_literal')) return false;
  return new Set(items.map((c) => c.text.toLowerCase())).size >= Math.min(6, Math.ceil(items.length / 2));
}

/** `static const unsigned char aes_key[16] = { … };`: a key-named byte array with its bytes in the source. */
function byteKeyDeclaration(node: SyntaxNode, name: string): boolean {
  const owner = node.parent;
  const type = owner?.child('type')?.text ?? '';
  const qualified = owner
    ? owner.children
        .filter((c) => c.type === 'type_qualifier')
        .map((c) => c.text)
        .join(' ')
    : '';
  return BYTE_ELEMENT.test(`${qualified.includes('const') ? 'const ' : ''}${type}`.replace(/\s+/g, ' ')) && !TEST_NAME.test(name) && keyBytes(node.child('value'));
}

/** A name's last word-ish part: `cfg.db_password` → `db_password`, `opts->apiKey` → `apiKey`, `keys[0]` → `keys`. */
function lastName(node: SyntaxNode): string {
  let text = unwrap(node).text.replace(/\s+/g, '');
  const bracket = text.indexOf('[');
  if (bracket >= 0) text = text.slice(0, bracket);
  let cut = 0;
  for (const sep of ['->', '.', '::']) {
    const i = text.lastIndexOf(sep);
    if (i >= 0 && i + sep.length > cut) cut = i + sep.length;
  }
  return text.slice(cut);
}

/** The variable behind a key argument: `key`, `(const unsigned char *)key`, `key.data()`, `key.c_str()`. */
function keyVariable(arg: SyntaxNode): SyntaxNode | null {
  const v = unwrap(arg);
  if (v.type === 'identifier') return v;
  if (v.type === 'call_expression') {
    const fn = v.child('function');
    if (fn?.type === 'field_expression' && /^(?:data|c_str)$/.test(fn.child('field')?.text ?? '') && callArgs(v).length === 0) {
      const object = fn.child('argument');
      return object && unwrap(object).type === 'identifier' ? unwrap(object) : null;
    }
  }
  return null;
}

/**
 * The key of a SQLCipher `PRAGMA key = '…'` (or `rekey`) statement in a literal, or null. A plain
 * scan, no regular expression.
 */
function pragmaKey(text: string): string | null {
  if (text.indexOf('PRAGMA') < 0 && text.indexOf('pragma') < 0 && text.indexOf('Pragma') < 0) return null;
  const lower = text.toLowerCase();
  const at = lower.indexOf('pragma');
  if (at < 0) return null;
  let i = at + 6;
  const skip = (): void => {
    while (i < lower.length && (lower[i] === ' ' || lower[i] === '\t')) i++;
  };
  skip();
  if (lower.startsWith('rekey', i)) i += 5;
  else if (lower.startsWith('key', i)) i += 3;
  else return null;
  skip();
  if (lower[i] !== '=') return null;
  i++;
  skip();
  const quote = text[i];
  if (quote !== "'" && quote !== '"') return null;
  const end = text.indexOf(quote, i + 1);
  return end > i + 1 ? text.slice(i + 1, end) : null;
}

/** Credential arguments of connection and login APIs: position, and what it holds. */
const CREDENTIAL_ARGS: Record<string, [number, string]> = {
  mysql_real_connect: [3, 'password'],
  PQsetdbLogin: [6, 'password'],
  sqlite3_key: [1, 'encryption key'],
  sqlite3_key_v2: [2, 'encryption key'],
  ldap_simple_bind_s: [2, 'password'],
  ldap_simple_bind: [2, 'password'],
  ldap_bind_s: [2, 'password'],
  SQLConnect: [5, 'password'],
  SQLConnectA: [5, 'password'],
  LogonUser: [2, 'password'],
  LogonUserA: [2, 'password'],
  LogonUserW: [2, 'password'],
  mosquitto_username_pw_set: [2, 'password'],
  ssh_userauth_password: [2, 'password'],
  libssh2_userauth_password: [2, 'password'],
  AES_set_encrypt_key: [0, 'encryption key'],
  AES_set_decrypt_key: [0, 'encryption key'],
  EVP_EncryptInit_ex: [3, 'encryption key'],
  EVP_DecryptInit_ex: [3, 'encryption key'],
  EVP_CipherInit_ex: [3, 'encryption key'],
  EVP_EncryptInit: [2, 'encryption key'],
  EVP_DecryptInit: [2, 'encryption key'],
  HMAC: [1, 'HMAC key'],
  mbedtls_aes_setkey_enc: [1, 'encryption key'],
  mbedtls_aes_setkey_dec: [1, 'encryption key'],
  DES_string_to_key: [0, 'DES key'],
};

/** The thing compared with a literal: `input_password`, `entered_pin`, `user->passwd` (leading words like "input" do not matter here). */
function secretSubject(name: string): boolean {
  if (isSecretName(name)) return true;
  const words = nameWords(name);
  const last = words[words.length - 1];
  return last !== undefined && words.length > 1 && isSecretName(last);
}

/** The value of `password=…` / `pwd=…` in a connection string (`host=db user=app password=s3cret`), or null. Linear scan. */
function connectionPassword(conn: string): string | null {
  const lower = conn.toLowerCase();
  for (const key of ['password', 'pwd']) {
    let from = 0;
    for (let n = 0; n < 16; n++) {
      const at = lower.indexOf(key, from);
      if (at < 0) break;
      from = at + key.length;
      const before = lower[at - 1];
      if (before !== undefined && before !== ' ' && before !== ';' && before !== '\t') continue;
      let i = at + key.length;
      while (lower[i] === ' ') i++;
      if (lower[i] !== '=') continue;
      i++;
      while (lower[i] === ' ') i++;
      if (lower[i] === "'") i++;
      let end = i;
      while (end < conn.length && conn[end] !== ' ' && conn[end] !== ';' && conn[end] !== "'" && conn[end] !== '\t') end++;
      if (end > i) return conn.slice(i, end);
    }
  }
  return null;
}

function credentialValue(value: string, name: string): boolean {
  return isCredentialValue(value, name);
}

function declaration(node: SyntaxNode): Verdict {
  const shape = declaratorShape(node);
  const name = shape.name?.text;
  if (name && shape.arrays.length > 0 && isSecretName(name) && byteKeyDeclaration(node, name)) {
    return { cwe: ['CWE-798', 'CWE-321'], message: `${name} holds a key whose bytes are written in the code` };
  }
  const value = literal(node.child('value'));
  if (!name || value === null || !isSecretName(name) || !credentialValue(value, name)) return false;
  return { message: `${name} is set to a hard-coded credential` };
}

function call(node: SyntaxNode, ctx: MatchContext): Verdict {
  const name = calledName(node);
  if (!name) return false;
  const args = callArgs(node);
  // SQLCipher: `sqlite3_exec(db, "PRAGMA key = 'secret';", …)`, `db.exec("PRAGMA key = '…'")`.
  for (const a of args) {
    if (a.type !== 'string_literal' && a.type !== 'raw_string_literal' && a.type !== 'concatenated_string') continue;
    const text = stringLiteralValue(a);
    const key = text.length > 12 ? pragmaKey(text) : null;
    if (key !== null && !key.startsWith("x'") && credentialValue(key, 'encryption key')) {
      return { cwe: ['CWE-798', 'CWE-321'], message: 'The database encryption key is written in the code (PRAGMA key)' };
    }
  }
  // strcpy(password, "…") / strcmp(input_password, "…") == 0: a password in the code.
  if (/^(?:strcpy|strncpy|strcat|strlcpy|wcscpy|lstrcpy|lstrcpyA|lstrcpyW)$/.test(name)) {
    const [dst, src] = args;
    // A literal, or a macro or constant holding one (`strcpy(password, DEFAULT_PASSWORD)`).
    const v = literal(src) ?? (src ? ctx.stringValue(src) : null);
    if (dst && v !== null && isSecretName(lastName(dst)) && credentialValue(v, lastName(dst))) return { message: `A hard-coded credential is copied into ${lastName(dst)}` };
    return false;
  }
  if (/^(?:strcmp|strncmp|strcasecmp|strncasecmp|wcscmp|_stricmp|lstrcmp|lstrcmpA|memcmp)$/.test(name)) {
    const [a, b] = args;
    if (!a || !b) return false;
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const v = literal(y);
      if (v !== null && secretSubject(lastName(x)) && credentialValue(v, lastName(x))) {
        return { cwe: ['CWE-798', 'CWE-259'], message: `${lastName(x)} is compared with a password written in the code` };
      }
    }
    return false;
  }
  if (name === 'PQconnectdb' || name === 'SQLDriverConnect' || name === 'SQLDriverConnectA' || name === 'mysql_options') {
    const conn = literal(args[name.startsWith('SQL') ? 2 : 0]);
    const password = conn ? connectionPassword(conn) : null;
    if (password && credentialValue(password, 'password')) return { message: 'The connection string contains a hard-coded password' };
    return false;
  }
  if (name === 'curl_easy_setopt') {
    const opt = args[1]?.text ?? '';
    const v = literal(args[2]);
    if (v === null || !/^CURLOPT_(?:PASSWORD|USERPWD|PROXYPASSWORD|PROXYUSERPWD|KEYPASSWD|XOAUTH2_BEARER|TLSAUTH_PASSWORD)$/.test(opt)) return false;
    const secret = /USERPWD$/.test(opt) ? v.slice(v.indexOf(':') + 1) : v;
    if (/USERPWD$/.test(opt) && !v.includes(':')) return false;
    return credentialValue(secret, 'password') ? { message: `${opt} is set to a hard-coded credential` } : false;
  }
  const spec = CREDENTIAL_ARGS[name];
  if (!spec) return false;
  const arg = args[spec[0]];
  if (!arg) return false;
  let v = literal(arg);
  let at: SyntaxNode = node;
  if (v === null) {
    // The key lives in a constant: `static const unsigned char key[] = "…";`, `static const std::string kKey = "…"; … kKey.data()`.
    const id = keyVariable(arg);
    if (id) {
      const d = findDeclaration(id.text, id);
      const init = d && d.kind !== 'param' ? literal(d.init) : null;
      if (init !== null && !isSecretName(id.text)) {
        v = init;
        at = d?.declarator ?? node;
      }
      // `static const unsigned char payload_key[8] = { 0x3a, … };` handed to the cipher as its key.
      if (
        init === null &&
        d &&
        d.kind !== 'param' &&
        d.arrays.length > 0 &&
        spec[1].includes('key') &&
        !isSecretName(id.text) &&
        d.declarator.type === 'init_declarator' &&
        byteKeyDeclaration(d.declarator, id.text)
      ) {
        return { node: d.declarator, cwe: ['CWE-798', 'CWE-321'], message: `${id.text} holds the ${spec[1]} passed to ${name}(), written in the code byte by byte` };
      }
    }
    if (v === null) v = ctx.stringValue(arg);
  }
  if (v === null || !credentialValue(v, spec[1])) return false;
  return { node: at, cwe: spec[1].includes('key') ? ['CWE-798', 'CWE-321'] : ['CWE-798', 'CWE-259'], message: `A hard-coded ${spec[1]} is passed to ${name}()` };
}

function hardcoded(node: SyntaxNode, ctx: MatchContext): Verdict {
  switch (node.type) {
    case 'init_declarator':
      return declaration(node);
    case 'assignment_expression': {
      const left = node.child('left');
      const v = literal(node.child('right'));
      if (!left || v === null || node.child('operator')?.text !== '=') return false;
      const name = lastName(left);
      return isSecretName(name) && credentialValue(v, name) ? { message: `${name} is set to a hard-coded credential` } : false;
    }
    case 'initializer_pair': {
      const field = node.child('designator')?.text.replace(/^[.[]/, '').replace(/\]$/, '') ?? '';
      const v = literal(node.child('value'));
      return field && v !== null && isSecretName(field) && credentialValue(v, field) ? { message: `${field} is set to a hard-coded credential` } : false;
    }
    case 'preproc_def': {
      const name = node.child('name')?.text ?? '';
      const raw = node.child('value')?.text.trim() ?? '';
      const m = /^(?:L|u8)?"((?:[^"\\]|\\.)*)"$/.exec(raw);
      if (!m || !isSecretName(name) || !credentialValue(m[1] as string, name)) return false;
      return { message: `The macro ${name} holds a hard-coded credential` };
    }
    case 'binary_expression': {
      // C++: `if (password == "admin123")`
      if (!/^(?:==|!=)$/.test(node.child('operator')?.text ?? '')) return false;
      const l = node.child('left');
      const r = node.child('right');
      if (!l || !r) return false;
      for (const [x, y] of [
        [l, r],
        [r, l],
      ] as const) {
        const v = literal(y);
        if (v !== null && secretSubject(lastName(x)) && credentialValue(v, lastName(x)))
          return { cwe: ['CWE-798', 'CWE-259'], message: `${lastName(x)} is compared with a password written in the code` };
      }
      return false;
    }
    case 'call_expression':
      return call(node, ctx);
    case 'field_declaration': {
      // A class constant: `static constexpr const char *kApiToken = "…";`
      const name = declaratorShape(node.child('declarator')).name?.text;
      const v = literal(node.child('default_value'));
      if (!name || v === null || !isSecretName(name) || !credentialValue(v, name)) return false;
      return { message: `${name} is set to a hard-coded credential` };
    }
    default:
      return false;
  }
}

export default defineRule({
  class: 'hardcoded-credentials',
  confidence: 'medium',
  cwe: ['CWE-798'],
  languages: ['c', 'cpp'],
  message: 'A credential is written in the source code',
  remediation:
    'Read secrets at run time from the environment, a configuration file outside the repository with restricted permissions, or a secret manager; compare password hashes, never a literal password.',
  references: ['https://cwe.mitre.org/data/definitions/798.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Secrets_Management_Cheat_Sheet.html'],
  matcher: {
    kind: 'node',
    types: ['init_declarator', 'assignment_expression', 'initializer_pair', 'preproc_def', 'binary_expression', 'call_expression', 'field_declaration'],
    where: hardcoded,
  },
});
