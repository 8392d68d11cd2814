import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { declaratorValue, simpleName } from '../../lang/csharp/adapter.ts';
import { isCredentialValue, isSecretName } from '../../secrets/credentials.ts';

const LITERALS = new Set(['string_literal', 'verbatim_string_literal', 'raw_string_literal']);

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

/** `Password=…;` / `Pwd=…` in a connection string literal. */
const CONN_PASSWORD = /(?:^|;)\s*(?:Password|Pwd|PWD|password|pwd)\s*=\s*("[^"]*"|'[^']*'|[^;]*)/;

function connectionString(node: SyntaxNode, ctx: MatchContext): Verdict {
  const value = ctx.stringValue(node);
  if (value === null || !/(?:Server|Data Source|Host|Database|Initial Catalog|User ID|Uid|Username)\s*=/i.test(value)) return false;
  const m = CONN_PASSWORD.exec(value);
  if (!m) return false;
  const pw = (m[1] as string).trim().replace(/^["']|["']$/g, '');
  if (!isCredentialValue(pw, 'password')) return false;
  return { message: 'Connection string with a hard-coded password: move it to user secrets, environment variables or a key vault' };
}

/** Literal bytes of a key: `Encoding.UTF8.GetBytes("…")`. */
function keyLiteral(node: SyntaxNode | null, ctx: MatchContext): string | null {
  if (!node || node.type !== 'invocation_expression') return null;
  if (!/GetBytes$/.test(node.child('function')?.text ?? '')) return null;
  const arg = node.child('arguments')?.namedChildren[0]?.namedChildren.slice(-1)[0] ?? null;
  if (!arg || !LITERALS.has(arg.type)) return null;
  return ctx.stringValue(arg);
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
      const name = left.type === 'member_access_expression' ? simpleName(left.child('name')) : left.type === 'element_access_expression' ? (ctx.stringValue(left.child('subscript')?.namedChildren[0]?.namedChildren[0] ?? left) ?? '') : left.text;
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
      if (type === 'NetworkCredential') {
        const pw = args[1] ?? null;
        const lit = pw && LITERALS.has(pw.type) ? ctx.stringValue(pw) : null;
        if (lit !== null && isCredentialValue(lit, 'password')) return { message: 'NetworkCredential with a hard-coded password' };
        return false;
      }
      if (/^(?:SymmetricSecurityKey|HMACSHA256|HMACSHA384|HMACSHA512|HMACSHA1|InMemorySymmetricSecurityKey)$/.test(type)) {
        const key = keyLiteral(args[0] ?? null, ctx);
        if (key !== null && isCredentialValue(key, 'secret')) return { message: `Hard-coded ${type === 'SymmetricSecurityKey' ? 'JWT signing' : 'HMAC'} key: anyone with the code can forge tokens`, cwe: ['CWE-798', 'CWE-321'] };
      }
      return false;
    }
    default:
      return false;
  }
}

export default defineRule({
  id: 'csharp.hardcoded-credentials',
  title: 'Hard-coded credentials',
  severity: 'high',
  confidence: 'medium',
  cwe: ['CWE-798'],
  owasp: ['A07:2021'],
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
    types: ['variable_declarator', 'property_declaration', 'assignment_expression', 'argument', 'binary_expression', 'string_literal', 'verbatim_string_literal', 'object_creation_expression'],
    where: check,
  },
});
