import { declaratorShape, callArgs, calledName, findDeclaration, stringLiteralValue, unwrap } from '../../lang/c/syntax.ts';
import { isCredentialValue, isSecretName, nameWords } from '../../secrets/credentials.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const STRING_TYPES = new Set(['string_literal', 'concatenated_string', 'raw_string_literal']);

/** The literal text of a node when it is a string literal (through casts and parentheses). */
function literal(node: SyntaxNode | null | undefined, depth = 0): string | null {
  if (!node || depth > 8) return null;
  const v = unwrap(node);
  if (STRING_TYPES.has(v.type)) return stringLiteralValue(v);
  if (v.type === 'call_expression' && /^(?:std::)?(?:string|wstring)$/.test(v.child('function')?.text ?? '')) return literal(callArgs(v)[0], depth + 1);
  return null;
}

/** A name's last word-ish part: `cfg.db_password` → `db_password`, `opts->apiKey` → `apiKey`. */
function lastName(node: SyntaxNode): string {
  return unwrap(node).text.replace(/\s+/g, '').replace(/\[.*$/, '').replace(/^.*(?:->|\.|::)/, '');
}

/** Credential arguments of connection and login APIs: position, and what it holds. */
const CREDENTIAL_ARGS: Record<string, [number, string]> = {
  mysql_real_connect: [3, 'password'], PQsetdbLogin: [6, 'password'], sqlite3_key: [1, 'encryption key'], sqlite3_key_v2: [2, 'encryption key'],
  ldap_simple_bind_s: [2, 'password'], ldap_simple_bind: [2, 'password'], ldap_bind_s: [2, 'password'], SQLConnect: [5, 'password'], SQLConnectA: [5, 'password'],
  LogonUser: [2, 'password'], LogonUserA: [2, 'password'], LogonUserW: [2, 'password'], mosquitto_username_pw_set: [2, 'password'],
  ssh_userauth_password: [2, 'password'], libssh2_userauth_password: [2, 'password'], AES_set_encrypt_key: [0, 'encryption key'],
  AES_set_decrypt_key: [0, 'encryption key'], EVP_EncryptInit_ex: [3, 'encryption key'], EVP_DecryptInit_ex: [3, 'encryption key'],
  EVP_CipherInit_ex: [3, 'encryption key'], EVP_EncryptInit: [2, 'encryption key'], EVP_DecryptInit: [2, 'encryption key'], HMAC: [1, 'HMAC key'],
  mbedtls_aes_setkey_enc: [1, 'encryption key'], mbedtls_aes_setkey_dec: [1, 'encryption key'], DES_string_to_key: [0, 'DES key'],
};

/** The thing compared with a literal: `input_password`, `entered_pin`, `user->passwd` (leading words like "input" do not matter here). */
function secretSubject(name: string): boolean {
  if (isSecretName(name)) return true;
  const words = nameWords(name);
  const last = words[words.length - 1];
  return last !== undefined && words.length > 1 && isSecretName(last);
}

function credentialValue(value: string, name: string): boolean {
  return isCredentialValue(value, name);
}

function declaration(node: SyntaxNode): Verdict {
  const shape = declaratorShape(node);
  const name = shape.name?.text;
  const value = literal(node.child('value'));
  if (!name || value === null || !isSecretName(name) || !credentialValue(value, name)) return false;
  return { message: `${name} is set to a hard-coded credential` };
}

function call(node: SyntaxNode, ctx: MatchContext): Verdict {
  const name = calledName(node);
  if (!name) return false;
  const args = callArgs(node);
  // strcpy(password, "…") / strcmp(input_password, "…") == 0: a password in the code.
  if (/^(?:strcpy|strncpy|strcat|strlcpy|wcscpy|lstrcpy|lstrcpyA|lstrcpyW)$/.test(name)) {
    const [dst, src] = args;
    const v = literal(src);
    if (dst && v !== null && isSecretName(lastName(dst)) && credentialValue(v, lastName(dst))) return { message: `A hard-coded credential is copied into ${lastName(dst)}` };
    return false;
  }
  if (/^(?:strcmp|strncmp|strcasecmp|strncasecmp|wcscmp|_stricmp|lstrcmp|lstrcmpA|memcmp)$/.test(name)) {
    const [a, b] = args;
    if (!a || !b) return false;
    for (const [x, y] of [[a, b], [b, a]] as const) {
      const v = literal(y);
      if (v !== null && secretSubject(lastName(x)) && credentialValue(v, lastName(x))) {
        return { cwe: ['CWE-798', 'CWE-259'], message: `${lastName(x)} is compared with a password written in the code` };
      }
    }
    return false;
  }
  if (name === 'PQconnectdb' || name === 'SQLDriverConnect' || name === 'SQLDriverConnectA' || name === 'mysql_options') {
    const conn = literal(args[name.startsWith('SQL') ? 2 : 0]);
    const m = conn ? /(?:^|[\s;])(?:password|pwd)\s*=\s*'?([^\s;']+)/i.exec(conn) : null;
    if (m && credentialValue(m[1] as string, 'password')) return { message: 'The connection string contains a hard-coded password' };
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
    // The key lives in a constant: `static const unsigned char key[] = "…";`
    const id = unwrap(arg);
    if (id.type === 'identifier') {
      const d = findDeclaration(id.text, id);
      const init = d && d.kind !== 'param' ? literal(d.init) : null;
      if (init !== null && !isSecretName(id.text)) {
        v = init;
        at = d?.declarator ?? node;
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
      for (const [x, y] of [[l, r], [r, l]] as const) {
        const v = literal(y);
        if (v !== null && secretSubject(lastName(x)) && credentialValue(v, lastName(x))) return { cwe: ['CWE-798', 'CWE-259'], message: `${lastName(x)} is compared with a password written in the code` };
      }
      return false;
    }
    case 'call_expression':
      return call(node, ctx);
    default:
      return false;
  }
}

export default defineRule({
  id: 'c.hardcoded-credentials',
  title: 'Hard-coded credentials',
  severity: 'high',
  confidence: 'medium',
  cwe: ['CWE-798'],
  owasp: ['A07:2021'],
  languages: ['c', 'cpp'],
  message: 'A credential is written in the source code',
  remediation: 'Read secrets at run time from the environment, a configuration file outside the repository with restricted permissions, or a secret manager; compare password hashes, never a literal password.',
  references: ['https://cwe.mitre.org/data/definitions/798.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Secrets_Management_Cheat_Sheet.html'],
  matcher: { kind: 'node', types: ['init_declarator', 'assignment_expression', 'initializer_pair', 'preproc_def', 'binary_expression', 'call_expression'], where: hardcoded },
});
