import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isCredentialValue, isSecretName as isSecretWord, nameWords } from '../../secrets/credentials.ts';
import { enclosingStatement, lastValue, unparen } from '../../lang/go/util.ts';

/** Nouns that say whose secret it is (`servicePassword`, `KeyStorePassword`, `cookieSecret`), not that it is something else. */
const OWNER_WORDS = new Set(['service', 'store', 'provider', 'manager', 'cookie', 'storage']);
/** Head nouns that name a secret value. */
const SECRET_HEADS = new Set(['password', 'passwd', 'pwd', 'passphrase', 'secret', 'token', 'credential', 'credentials', 'apikey']);

/**
 * `isSecretName`, also for names whose last word is a secret and whose other words only say whose
 * it is: `servicePassword`, `keyStorePassword`, `cookieSecret` (but not `passwordService`).
 */
function isSecretName(name: string): boolean {
  if (isSecretWord(name)) return true;
  const lower = name.toLowerCase();
  if (![...OWNER_WORDS].some((w) => lower.includes(w))) return false;
  const words = nameWords(name);
  if (words.length < 2 || !SECRET_HEADS.has(words[words.length - 1] as string)) return false;
  const kept = words.filter((w) => !OWNER_WORDS.has(w));
  return kept.length < words.length && kept.length > 0 && isSecretWord(kept.join('_'));
}

/**
 * The literal a name holds and where it is written: a local (`key := []byte("…")`) or a
 * package-level `var`/`const` of the file. Reported there, once, however often it is used.
 */
function namedLiteral(node: SyntaxNode | null | undefined): { value: string; at: SyntaxNode } | null {
  if (!node) return null;
  const n = unparen(node);
  if (n.type !== 'identifier') return null;
  const local = lastValue(n);
  if (local) {
    const v = literal(local);
    const at = enclosingStatement(local);
    return v !== null && at ? { value: v, at } : null;
  }
  let root = n;
  while (root.parent) root = root.parent;
  return packageLiterals(root).get(n.text) ?? null;
}

const literalCache = new WeakMap<SyntaxNode, Map<string, { value: string; at: SyntaxNode } | null>>();

/** Package-level `var`/`const` names of a file and the literal each holds (null: not a literal), once per file. */
function packageLiterals(root: SyntaxNode): Map<string, { value: string; at: SyntaxNode } | null> {
  let map = literalCache.get(root);
  if (map) return map;
  map = new Map();
  for (const decl of root.namedChildren) {
    if (decl.type !== 'var_declaration' && decl.type !== 'const_declaration') continue;
    const specs = decl.namedChildren.flatMap((c) => (c.type === 'var_spec_list' || c.type === 'const_spec_list' ? c.namedChildren : [c]));
    for (const spec of specs) {
      if (spec.type !== 'var_spec' && spec.type !== 'const_spec') continue;
      const names = spec.fieldChildren('name');
      const values = items(spec.child('value'));
      names.forEach((x, i) => {
        if (map!.has(x.text)) return;
        const v = values.length === names.length ? literal(values[i]) : null;
        map!.set(x.text, v !== null ? { value: v, at: spec } : null);
      });
    }
  }
  literalCache.set(root, map);
  return map;
}

const KEY_WORDS = new Set(['jwt', 'signing', 'hmac', 'aes', 'encryption', 'cipher', 'privatekey', 'secretkey', 'signingkey', 'jwtsecret']);
const KEY_QUALIFIERS = new Set(['secret', 'private', 'signing', 'encryption', 'crypto', 'master', 'cipher', 'session']);

/** The string literal an expression is, through `[]byte("…")` / `string(…)` / parentheses; null for anything else. */
function literal(node: SyntaxNode | null | undefined): string | null {
  if (!node) return null;
  let n = unparen(node);
  if (n.type === 'literal_element') n = n.namedChildren[0] ?? n;
  if (n.type === 'type_conversion_expression') {
    const operand = n.child('operand');
    return operand ? literal(operand) : null;
  }
  if (n.type === 'call_expression' && n.child('function')?.text === 'string') {
    return literal(n.child('arguments')?.namedChildren[0]);
  }
  if (n.type === 'interpreted_string_literal') {
    let out = '';
    for (const c of n.children) if (c.type === 'interpreted_string_literal_content' || c.type === 'escape_sequence') out += c.text;
    return out;
  }
  if (n.type === 'raw_string_literal') return n.text.slice(1, -1);
  return null;
}

const KV_VALUE = /^\s*=\s*('[^']*'|[^\s;]+)/;

/** The password inside a connection string: `user:pw@tcp(…)/db`, `postgres://user:pw@host/db`, `… password=pw …`. */
export function dsnPassword(dsn: string): string | null {
  const url = /^[a-z][a-z0-9+.-]*:\/\/[^:@/\s]+:([^@/\s]+)@/i.exec(dsn);
  if (url) return decodeURIComponentSafe(url[1] as string);
  const mysql = /^[^:@/\s()]+:([^@\s]+)@(?:(?:tcp|tcp6|unix|udp)\(|\/)/.exec(dsn);
  if (mysql) return mysql[1] as string;
  // `host=db user=app password=secret`, `…;Password=secret;` (key=value connection strings).
  const lower = dsn.toLowerCase();
  for (const key of ['password', 'pwd']) {
    for (let i = lower.indexOf(key); i >= 0; i = lower.indexOf(key, i + 1)) {
      const before = i > 0 ? dsn[i - 1] : ';';
      if (before !== ';' && before !== ' ' && before !== '\t' && before !== '\n') continue;
      const kv = KV_VALUE.exec(dsn.slice(i + key.length, i + key.length + 256));
      if (kv) return (kv[1] as string).replace(/^'|'$/g, '');
    }
  }
  return null;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function report(at: SyntaxNode, name: string, key: boolean): Verdict {
  return {
    node: at,
    cwe: key ? ['CWE-798', 'CWE-321'] : ['CWE-798'],
    message: key ? `Hard-coded cryptographic key or secret in "${name}"` : `Hard-coded credential in "${name}"`,
  };
}

function isKeyName(name: string): boolean {
  const words = nameWords(name);
  return words.some((w, i) => KEY_WORDS.has(w) || (w === 'key' && i > 0 && KEY_QUALIFIERS.has(words[i - 1] as string)));
}

/** A secret-named target bound to a real literal, or any target bound to a connection string with a password. */
function binding(at: SyntaxNode, nameNode: SyntaxNode | null | undefined, value: SyntaxNode | null | undefined): Verdict {
  if (!nameNode || !value) return false;
  const n = nameNode.type === 'selector_expression' ? nameNode.child('field') : nameNode.type === 'literal_element' ? nameNode.namedChildren[0] : nameNode;
  if (!n) return false;
  const name = n.type === 'interpreted_string_literal' || n.type === 'raw_string_literal' ? (literal(n) ?? '') : n.text;
  const v = literal(value);
  if (v === null) return false;
  if (isSecretName(name) && isCredentialValue(v, name)) return report(at, name, isKeyName(name));
  const pw = dsnPassword(v);
  if (pw !== null && isCredentialValue(pw, 'password')) return { node: at, cwe: ['CWE-798'], message: `Connection string "${name}" contains a hard-coded password` };
  return false;
}

function pairs(at: SyntaxNode, names: readonly SyntaxNode[], values: readonly SyntaxNode[]): Verdict {
  for (let i = 0; i < names.length; i++) {
    const v = binding(at, names[i], values.length === names.length ? values[i] : values.length === 1 && names.length === 1 ? values[0] : undefined);
    if (v) return v;
  }
  return false;
}

function items(node: SyntaxNode | null): readonly SyntaxNode[] {
  if (!node) return [];
  return node.type === 'expression_list' ? node.namedChildren : [node];
}

const DSN_CALLS = new Set([
  'Open',
  'OpenDB',
  'Connect',
  'ConnectConfig',
  'ParseConfig',
  'ApplyURI',
  'Dial',
  'DialURL',
  'ParseURL',
  'NewConnector',
  'NewWithConfig',
  'New',
  'NewClient',
  'NewPool',
  'MustConnect',
  'Ping',
]);

const CREDENTIAL_CALLS = new Set([
  'SetBasicAuth',
  'PlainAuth',
  'SignedString',
  'New',
  'NewCipher',
  'NewTripleDESCipher',
  'NewX',
  'NewCookieStore',
  'NewFilesystemStore',
  'NewStore',
]);
/** Constructors keyed by their argument (`hmac.New(hash, key)`: the second). */
const KEYED = new Set([
  'hmac.New',
  'aes.NewCipher',
  'des.NewCipher',
  'des.NewTripleDESCipher',
  'rc4.NewCipher',
  'blowfish.NewCipher',
  'chacha20poly1305.New',
  'chacha20poly1305.NewX',
]);

function callSecret(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = ctx.call(node);
  if (!call || (!CREDENTIAL_CALLS.has(call.name) && !DSN_CALLS.has(call.name))) return false;
  const path = ctx.path(call.callee ?? node) ?? [];
  const joined = path.join('.');
  const arg = (i: number) => ctx.arg(call, i);
  if (call.name === 'SetBasicAuth') {
    const pw = literal(arg(1));
    if (pw !== null && isCredentialValue(pw, 'password')) return report(node, 'SetBasicAuth password', false);
    return false;
  }
  if (joined === 'smtp.PlainAuth') {
    const pw = literal(arg(2));
    if (pw !== null && isCredentialValue(pw, 'password')) return report(node, 'smtp.PlainAuth password', false);
    return false;
  }
  // Session stores and cookie codecs keyed with a literal: sessions.NewCookieStore([]byte("secret")).
  if (/^(?:NewCookieStore|NewFilesystemStore|NewStore)$/.test(call.name) || joined === 'securecookie.New') {
    for (const a of call.args) {
      const key = literal(a.node);
      if (key !== null && /^\[\]byte\(/.test(unparen(a.node).text) && isCredentialValue(key, 'session secret')) return report(node, `${joined || call.name} key`, true);
    }
    return false;
  }
  if (call.name === 'SignedString' || KEYED.has(joined)) {
    const keyArg = arg(call.name === 'SignedString' || joined !== 'hmac.New' ? 0 : 1);
    const what = call.name === 'SignedString' ? 'JWT signing key' : `${joined} key`;
    const key = literal(keyArg);
    if (key !== null && isCredentialValue(key, 'signing key')) return report(node, what, true);
    // A key kept in a variable or constant of the file: reported where it is written.
    const named = namedLiteral(keyArg);
    if (named && isCredentialValue(named.value, 'signing key'))
      return { ...(report(named.at, what, true) as object), message: `Hard-coded cryptographic key, used by ${call.name === 'SignedString' ? 'SignedString' : joined}` };
    return false;
  }
  if (DSN_CALLS.has(call.name)) {
    for (const a of call.args) {
      const v = literal(a.node);
      const pw = v !== null ? dsnPassword(v) : null;
      if (pw !== null && isCredentialValue(pw, 'password'))
        return { node, cwe: ['CWE-798'], message: `The connection string passed to ${joined || call.name} contains a hard-coded password` };
    }
  }
  return false;
}

/** `jwt.Parse(tok, func(t *jwt.Token) (any, error) { return []byte("secret"), nil })`. */
function keyFuncReturn(node: SyntaxNode): Verdict {
  const first = items(node.namedChildren[0] ?? null)[0];
  const v = literal(first);
  if (v === null || !first || !/^\[\]byte\(/.test(unparen(first).text)) return false;
  let fn: SyntaxNode | null = node.parent;
  while (fn && fn.type !== 'func_literal' && fn.type !== 'function_declaration' && fn.type !== 'method_declaration') fn = fn.parent;
  if (!fn || fn.type !== 'func_literal') return false;
  const call = fn.parent?.type === 'argument_list' ? fn.parent.parent : null;
  const callee = call?.child('function')?.text ?? '';
  if (!/\b(?:Parse|ParseWithClaims|ParseFromRequest|ParseFromRequestWithClaims|New|NewParser)$/.test(callee) || !/jwt/i.test(callee + fn.text.slice(0, 80))) return false;
  return isCredentialValue(v, 'jwt secret') ? report(node, 'JWT key function', true) : false;
}

/** `if password == "hunter2"`: a credential compared with a literal. */
function comparison(node: SyntaxNode): Verdict {
  const op = node.child('operator')?.text;
  if (op !== '==' && op !== '!=') return false;
  const left = node.child('left');
  const right = node.child('right');
  for (const [a, b] of [
    [left, right],
    [right, left],
  ] as const) {
    if (!a || !b) continue;
    const n = unparen(a);
    const nameNode = n.type === 'selector_expression' ? n.child('field') : n.type === 'identifier' ? n : null;
    if (!nameNode) continue;
    const v = literal(b);
    if (v !== null && isSecretName(nameNode.text) && isCredentialValue(v, nameNode.text)) return report(node, nameNode.text, isKeyName(nameNode.text));
  }
  return false;
}

function detect(node: SyntaxNode, ctx: MatchContext): Verdict {
  switch (node.type) {
    case 'const_spec':
    case 'var_spec':
      return pairs(node, node.fieldChildren('name'), items(node.child('value')));
    case 'short_var_declaration':
    case 'assignment_statement':
      if (node.type === 'assignment_statement' && node.child('operator')?.text !== '=') return false;
      return pairs(node, items(node.child('left')), items(node.child('right')));
    case 'keyed_element':
      return binding(node, node.child('key'), node.child('value'));
    case 'call_expression':
      return callSecret(node, ctx);
    case 'return_statement':
      return keyFuncReturn(node);
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
  languages: ['go'],
  message: 'A credential is hard-coded in the source',
  remediation:
    'Load secrets at run time from the environment or a secret manager (`os.Getenv("DB_PASSWORD")`, Vault, AWS/GCP Secret Manager), fail fast when they are missing, and rotate any value that was committed.',
  references: [
    'https://cwe.mitre.org/data/definitions/798.html',
    'https://cwe.mitre.org/data/definitions/321.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Secrets_Management_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'node',
    types: ['const_spec', 'var_spec', 'short_var_declaration', 'assignment_statement', 'keyed_element', 'call_expression', 'return_statement', 'binary_expression'],
    where: detect,
  },
});
