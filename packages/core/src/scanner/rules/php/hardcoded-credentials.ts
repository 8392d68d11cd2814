import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isCredentialValue, isHardcodedSecret } from '../../secrets/credentials.ts';
import { literalContent } from '../../lang/php/adapter.ts';
import { unwrap } from '../../lang/php/helpers.ts';

/** Calls that take a password or key at a fixed position: `new PDO($dsn, $user, 'pw')`. */
const CREDENTIAL_ARGS: Readonly<Record<string, { index: number; what: string; key?: boolean }>> = {
  PDO: { index: 2, what: 'database password' },
  mysqli: { index: 2, what: 'database password' },
  mysqli_connect: { index: 2, what: 'database password' },
  mysqli_real_connect: { index: 3, what: 'database password' },
  real_connect: { index: 2, what: 'database password' },
  mysql_connect: { index: 2, what: 'database password' },
  mysql_pconnect: { index: 2, what: 'database password' },
  ldap_bind: { index: 2, what: 'LDAP password' },
  ftp_login: { index: 2, what: 'FTP password' },
  ssh2_auth_password: { index: 2, what: 'SSH password' },
  login: { index: 1, what: 'password' },
  hash_hmac: { index: 2, what: 'HMAC key', key: true },
  openssl_encrypt: { index: 2, what: 'encryption key', key: true },
  openssl_decrypt: { index: 2, what: 'encryption key', key: true },
  encode: { index: 1, what: 'JWT signing key', key: true },
  decode: { index: 1, what: 'JWT key', key: true },
  Key: { index: 0, what: 'JWT key', key: true },
};

/** A plain string literal (no interpolation) and its value, or null. */
function literal(node: SyntaxNode | null | undefined): string | null {
  if (!node) return null;
  const n = unwrap(node);
  if (n.type !== 'string' && n.type !== 'encapsed_string' && n.type !== 'nowdoc' && n.type !== 'heredoc') return null;
  return literalContent(n);
}

function nameOf(node: SyntaxNode): string {
  if (node.type === 'variable_name') return node.text.replace(/^\$/, '');
  if (node.type === 'member_access_expression' || node.type === 'nullsafe_member_access_expression' || node.type === 'scoped_property_access_expression') {
    return (node.child('name')?.text ?? '').replace(/^\$/, '');
  }
  if (node.type === 'subscript_expression') {
    const key = node.namedChildren[1];
    return key ? (literalContent(key) ?? '') : '';
  }
  return node.text.replace(/^\$/, '');
}

/**
 * PHP framework values that sit under secret-sounding keys without being secrets: Laravel casts
 * (`'password' => 'hashed'`), validation rules (`'password' => 'required|min:8'`), broker and guard
 * names (`'passwords' => 'users'`), column types.
 */
const NOT_A_SECRET = new Set([
  'hashed',
  'encrypted',
  'string',
  'bool',
  'boolean',
  'int',
  'integer',
  'array',
  'json',
  'object',
  'collection',
  'datetime',
  'date',
  'timestamp',
  'bcrypt',
  'argon',
  'argon2i',
  'argon2id',
  'text',
  'varchar',
  'required',
  'nullable',
  'hidden',
  'sometimes',
  'confirmed',
  'users',
  'admins',
  'web',
  'api',
  'sanctum',
  'session',
  'cookie',
  'database',
  'redis',
  'file',
  'array',
  'null',
  'none',
  'plain',
]);
const VALIDATION_RULES =
  /^(?:bail\||nullable\||sometimes\||required\b|string\||confirmed\b|min:\d|max:\d|regex:|same:|different:)|\|(?:min|max|between|size):\d|\|(?:confirmed|required|string|nullable)\b/;

function credential(name: string, raw: string | null, at: SyntaxNode): Verdict {
  // Laravel writes its encryption key (APP_KEY, `'key' => …` in config/app.php) as `base64:<key>`.
  const value = raw !== null && raw.startsWith('base64:') ? raw.slice(7) : raw;
  if (value === null || !isHardcodedSecret(name, value)) return false;
  // Plural keys name a collection or a broker (`'passwords' => 'users'`, `'tokens' => 'table'`), not a secret.
  if (/(?:passwords|tokens|secrets|credentials|keys)$/i.test(name)) return false;
  if (NOT_A_SECRET.has(value.trim().toLowerCase()) || VALIDATION_RULES.test(value)) return false;
  return { node: at, message: `Hard-coded credential in "${name}"` };
}

function callCredential(call: CallView, ctx: MatchContext): Verdict {
  if (call.name === 'define') {
    const key = call.args.find((a) => a.index === 0);
    const value = call.args.find((a) => a.index === 1);
    const name = key ? ctx.stringValue(key.node) : null;
    return name ? credential(name, literal(value?.node), call.node) : false;
  }
  const spec = CREDENTIAL_ARGS[call.name];
  if (!spec) return false;
  if ((call.name === 'encode' || call.name === 'decode') && !/^JWT$/.test(ctx.pathText(call.receiver ?? call.node)?.split('.')[0] ?? '')) return false;
  if (call.name === 'Key' && !call.isNew) return false;
  if ((call.name === 'mysqli' || call.name === 'PDO') && !call.isNew) return false;
  if (call.name === 'login' && !/ftp|ssh|sftp|imap|smtp|mail/i.test(ctx.pathText(call.receiver ?? call.node) ?? '')) return false;
  const arg = call.args.find((a) => a.index === spec.index);
  const value = literal(arg?.node);
  if (value === null || !isCredentialValue(value, spec.key ? 'secret_key' : 'password')) return false;
  return { message: `Hard-coded ${spec.what} passed to ${call.name}`, cwe: spec.key ? ['CWE-798', 'CWE-321'] : ['CWE-798'] };
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  switch (node.type) {
    case 'assignment_expression': {
      const left = node.child('left');
      if (!left) return false;
      return credential(nameOf(left), literal(node.child('right')), node);
    }
    case 'const_element': {
      const kids = node.namedChildren;
      const name = kids[0];
      return name ? credential(name.text, literal(kids[kids.length - 1]), node) : false;
    }
    case 'property_element':
    case 'static_variable_declaration': {
      const name = node.child('name') ?? node.namedChildren[0];
      const value = node.child('default_value') ?? node.child('value') ?? (node.namedChildren.length > 1 ? node.namedChildren[node.namedChildren.length - 1] : null);
      return name ? credential(name.text.replace(/^\$/, ''), literal(value), node) : false;
    }
    case 'array_element_initializer': {
      const kids = node.namedChildren.filter((c) => c.type !== 'comment');
      if (kids.length < 2) return false;
      const key = literal(kids[0]);
      return key !== null ? credential(key, literal(kids[kids.length - 1]), node) : false;
    }
    case 'simple_parameter': {
      // function connect($password = 'hunter2')
      const name = node.child('name');
      return name ? credential(name.text.replace(/^\$/, ''), literal(node.child('default_value')), node) : false;
    }
    default: {
      const call = ctx.call(node);
      return call ? callCredential(call, ctx) : false;
    }
  }
}

export default defineRule({
  class: 'hardcoded-credentials',
  confidence: 'medium',
  cwe: ['CWE-798'],
  languages: ['php'],
  message: 'A password, key or token is hard-coded in the source',
  remediation:
    "Load secrets from the environment or a secret store at run time (`getenv('DB_PASSWORD')`, Laravel `env()`/`config()`, Symfony `%env(DB_PASSWORD)%`, a `.env` file kept out of version control), and rotate the exposed value.",
  references: ['https://cwe.mitre.org/data/definitions/798.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Secrets_Management_Cheat_Sheet.html'],
  matcher: {
    kind: 'node',
    types: [
      'assignment_expression',
      'const_element',
      'property_element',
      'static_variable_declaration',
      'array_element_initializer',
      'simple_parameter',
      'function_call_expression',
      'object_creation_expression',
      'member_call_expression',
      'scoped_call_expression',
    ],
    where: check,
  },
});
