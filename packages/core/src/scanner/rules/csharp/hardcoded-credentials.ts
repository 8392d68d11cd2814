import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { declaratorValue, simpleName } from '../../lang/csharp/adapter.ts';
import { bindingsOf, rootOf } from '../../lang/csharp/helpers.ts';
import { isSecretName } from '../../secrets/credentials.ts';
import { isCredentialValue } from '../../secrets/credentials.ts';

const LITERALS = new Set(['string_literal', 'verbatim_string_literal', 'raw_string_literal']);
const KEY_TYPES = new Set(['SymmetricSecurityKey', 'HMACSHA256', 'HMACSHA384', 'HMACSHA512', 'HMACSHA1', 'InMemorySymmetricSecurityKey']);

/** The literal a value certainly is: a string literal, or the fallback of `config["X"] ?? "literal"`. */
function literalOf(node: SyntaxNode | null, ctx: MatchContext): { node: SyntaxNode; value: string } | null {
  if (!node) return null;
  if (LITERALS.has(node.type)) {
    const v = ctx.stringValue(node);
    return v === null ? null : { node, value: v };
  }
  if (node.type === 'binary_expression' && node.child('operator')?.text === '??') return literalOf(node.child('right'), ctx);
  return null;
}

function credential(name: string, value: SyntaxNode | null, ctx: MatchContext, at: SyntaxNode): Verdict {
  if (!isSecretName(name)) return false;
  const lit = literalOf(value, ctx);
  if (!lit || !isCredentialValue(lit.value, name)) return false;
  return { node: at, message: `Hard-coded credential in \`${name}\`: anyone with the code or the binary has it` };
}

const SERVER_KEYS = new Set(['server', 'data source', 'host', 'database', 'initial catalog', 'user id', 'uid', 'username']);
const PASSWORD_KEYS = new Set(['password', 'pwd']);

/** `Key=Value;` pairs of a connection string (keys lower-cased; a quoted value may hold `;`). */
function connectionPairs(value: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < value.length) {
    const eq = value.indexOf('=', i);
    if (eq < 0) break;
    const key = value.slice(i, eq).trim().toLowerCase();
    let j = eq + 1;
    while (j < value.length && value[j] === ' ') j++;
    let v: string;
    const quote = value[j];
    if (quote === '"' || quote === "'") {
      const close = value.indexOf(quote, j + 1);
      v = value.slice(j + 1, close < 0 ? value.length : close);
      const semi = value.indexOf(';', close < 0 ? value.length : close);
      i = semi < 0 ? value.length : semi + 1;
    } else {
      const semi = value.indexOf(';', j);
      v = value.slice(j, semi < 0 ? value.length : semi).trim();
      i = semi < 0 ? value.length : semi + 1;
    }
    if (key) out.set(key, v);
  }
  return out;
}

/** `Password=…;` / `Pwd=…` in a connection string literal. */
function connectionString(node: SyntaxNode, ctx: MatchContext): Verdict {
  const value = ctx.stringValue(node);
  if (value === null || !value.includes('=')) return false;
  const pairs = connectionPairs(value);
  if (![...pairs.keys()].some((k) => SERVER_KEYS.has(k))) return false;
  const pw = [...pairs.entries()].find(([k]) => PASSWORD_KEYS.has(k))?.[1];
  if (pw === undefined || !isCredentialValue(pw.trim(), 'password')) return false;
  return { message: 'Connection string with a hard-coded password: move it to user secrets, environment variables or a key vault' };
}

/**
 * A constant (`const` or `static readonly` field, or a local) holding a literal, used where a
 * credential goes (`new NetworkCredential(user, ServicePassword)`): reported at its declaration,
 * where the secret is written.
 */
function constantDeclaration(node: SyntaxNode | null, ctx: MatchContext): { at: SyntaxNode; value: string } | null {
  if (!node || node.type !== 'identifier') return null;
  const bindings = bindingsOf(rootOf(node)).get(node.text) ?? [];
  if (bindings.length !== 1) return null;
  const b = bindings[0] as (typeof bindings)[number];
  if (b.node.type !== 'variable_declarator' || !b.value || !LITERALS.has(b.value.type)) return null;
  const value = ctx.stringValue(b.value);
  return value === null ? null : { at: b.node, value };
}

/** Literal bytes of a key: `Encoding.UTF8.GetBytes("…")`, or of a constant declared in the file (`GetBytes(SigningKey)`). */
function keyLiteral(node: SyntaxNode | null, ctx: MatchContext): { value: string; at: SyntaxNode | null } | null {
  if (!node || node.type !== 'invocation_expression') return null;
  const fn = node.child('function');
  if (fn?.type !== 'member_access_expression' || simpleName(fn.child('name')) !== 'GetBytes') return null;
  const arg = node.child('arguments')?.namedChildren[0]?.namedChildren.slice(-1)[0] ?? null;
  if (!arg) return null;
  if (LITERALS.has(arg.type)) {
    const v = ctx.stringValue(arg);
    return v === null ? null : { value: v, at: null };
  }
  const c = constantDeclaration(arg, ctx);
  return c ? { value: c.value, at: c.at } : null;
}

/** The password argument of a credential constructor: a literal (reported here) or a constant (reported where it is declared). */
function passwordArgument(arg: SyntaxNode | null, ctx: MatchContext, message: string): Verdict {
  if (!arg) return false;
  if (LITERALS.has(arg.type)) {
    const lit = ctx.stringValue(arg);
    return lit !== null && isCredentialValue(lit, 'password') ? { message } : false;
  }
  const c = constantDeclaration(arg, ctx);
  if (!c || !isCredentialValue(c.value, 'password')) return false;
  return { node: c.at, message: `${message} (through a constant)` };
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  switch (node.type) {
    case 'variable_declarator': {
      const name = node.child('name')?.text;
      return name ? credential(name, declaratorValue(node), ctx, node) : false;
    }
    case 'property_declaration': {
      const name = node.child('name')?.text;
      const value = node.child('value');
      return name && value && value.type !== 'arrow_expression_clause' ? credential(name, value, ctx, node) : false;
    }
    case 'assignment_expression': {
      const left = node.child('left');
      if (!left) return false;
      const name =
        left.type === 'member_access_expression'
          ? simpleName(left.child('name'))
          : left.type === 'element_access_expression'
            ? (ctx.stringValue(left.child('subscript')?.namedChildren[0]?.namedChildren[0] ?? left) ?? '')
            : left.text;
      return credential(name, node.child('right'), ctx, node);
    }
    case 'argument': {
      const name = node.child('name')?.text;
      if (!name) return false;
      return credential(name, node.namedChildren[node.namedChildren.length - 1] ?? null, ctx, node);
    }
    case 'binary_expression': {
      const op = node.child('operator')?.text;
      if (op !== '==' && op !== '!=') return false;
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right) return false;
      const [subject, value] = LITERALS.has(right.type) ? [left, right] : [right, left];
      const name = subject.type === 'member_access_expression' ? simpleName(subject.child('name')) : subject.text;
      if (!/^[A-Za-z_][\w]*$/.test(name)) return false;
      const verdict = credential(name, value, ctx, node);
      return verdict ? { ...(verdict as object), message: `Comparison with a hard-coded credential in \`${name}\`` } : false;
    }
    case 'string_literal':
    case 'verbatim_string_literal':
      return connectionString(node, ctx);
    case 'object_creation_expression': {
      const type = simpleName(node.child('type'));
      const args = (node.child('arguments')?.namedChildren ?? []).map((a) => a.namedChildren[a.namedChildren.length - 1] ?? null);
      if (type === 'NetworkCredential') return passwordArgument(args[1] ?? null, ctx, 'NetworkCredential with a hard-coded password');
      // new DirectoryEntry(path, user, password[, authType])
      if (type === 'DirectoryEntry' && args.length >= 3) return passwordArgument(args[2] ?? null, ctx, 'DirectoryEntry bound with a hard-coded password');
      if (KEY_TYPES.has(type)) {
        const key = keyLiteral(args[0] ?? null, ctx);
        if (key !== null && isCredentialValue(key.value, 'secret')) {
          const out: Verdict = {
            message: `Hard-coded ${type === 'SymmetricSecurityKey' ? 'JWT signing' : 'HMAC'} key: anyone with the code can forge tokens`,
            cwe: ['CWE-798', 'CWE-321'],
          };
          if (key.at) out.node = key.at;
          return out;
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
  languages: ['csharp'],
  message: 'A password, key or token is hard-coded in the source',
  remediation:
    'Load secrets at run time from configuration backed by user secrets, environment variables or a vault (`builder.Configuration["Jwt:Key"]`, Azure Key Vault, AWS Secrets Manager), keep them out of source control, and rotate the exposed value.',
  references: [
    'https://cwe.mitre.org/data/definitions/798.html',
    'https://cwe.mitre.org/data/definitions/321.html',
    'https://learn.microsoft.com/en-us/aspnet/core/security/app-secrets',
  ],
  matcher: {
    kind: 'node',
    types: [
      'variable_declarator',
      'property_declaration',
      'assignment_expression',
      'argument',
      'binary_expression',
      'string_literal',
      'verbatim_string_literal',
      'object_creation_expression',
    ],
    where: check,
  },
});
