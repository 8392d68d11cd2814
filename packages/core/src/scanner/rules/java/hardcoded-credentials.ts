import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isCredentialValue, isSecretName } from '../../secrets/credentials.ts';
import { classRef, findDeclaration, invocationParts, literalText, simpleTypeName, unwrap } from '../../lang/java/tree.ts';

const TEXT_TYPES = /^(?:String|char|byte|var|CharSequence|Object)$/;

/** The literal a value is: `"x"`, `"x".toCharArray()`, `"x".getBytes(…)`. */
function literalOf(node: SyntaxNode | null | undefined): string | null {
  if (!node) return null;
  const u = unwrap(node);
  const direct = literalText(u);
  if (direct !== null) return direct;
  if (u.type === 'method_invocation') {
    const { name, object } = invocationParts(u);
    if ((name === 'toCharArray' || name === 'getBytes') && object) return literalText(object);
  }
  return null;
}

/**
 * The literal a value certainly holds at this point of the method: a literal, or a local the walk
 * knows to hold one (`String pw = "…"; … getConnection(url, user, pw)`, also through `pw.getBytes()`).
 */
function knownText(node: SyntaxNode | null | undefined, ctx: MatchContext): string | null {
  if (!node) return null;
  const lit = literalOf(node);
  if (lit !== null) return lit;
  const u = unwrap(node);
  if (u.type === 'identifier') return ctx.stringValue(u);
  if (u.type === 'method_invocation') {
    const { name, object } = invocationParts(u);
    if ((name === 'toCharArray' || name === 'getBytes') && object?.type === 'identifier') return ctx.stringValue(object);
  }
  return null;
}

/** A literal, or a constant field holding one (for key material used through a constant); `decl` is where the constant is declared. */
function constantOf(node: SyntaxNode | null | undefined): { value: string; via: string | null; decl?: SyntaxNode } | null {
  if (!node) return null;
  const lit = literalOf(node);
  if (lit !== null) return { value: lit, via: null };
  const u = unwrap(node);
  let id: SyntaxNode | null = null;
  if (u.type === 'identifier') id = u;
  else if (u.type === 'method_invocation') {
    const { name, object } = invocationParts(u);
    if ((name === 'toCharArray' || name === 'getBytes') && object?.type === 'identifier') id = object;
  }
  if (!id) return null;
  const d = findDeclaration(id.text, id);
  if (!d || d.kind !== 'field' || !d.init) return null;
  const v = literalOf(d.init);
  return v === null ? null : { value: v, via: id.text, decl: wholeDeclaration(d.node) };
}

/** The whole declaration (with its modifiers and annotations) when it declares only this name, else the declarator. */
function wholeDeclaration(declarator: SyntaxNode): SyntaxNode {
  const decl = declarator.parent;
  return decl && decl.children.filter((c) => c.type === 'variable_declarator').length === 1 ? decl : declarator;
}

function report(name: string, value: string, node: SyntaxNode, cwe?: string[]): Verdict {
  if (!isCredentialValue(value, name)) return false;
  const out: Verdict = { node, message: `A credential is hard-coded in the source (${name})` };
  if (cwe) out.cwe = cwe;
  return out;
}

const KEY_CWE = ['CWE-321', 'CWE-798'];

function declarator(node: SyntaxNode): Verdict {
  const name = node.child('name');
  const value = node.child('value');
  if (!name || !value) return false;
  const type = node.parent?.child('type')?.text ?? 'var';
  if (!TEXT_TYPES.test(simpleTypeName(type))) return false;
  if (!isSecretName(name.text)) return false;
  const v = literalOf(value);
  return v === null ? false : report(name.text, v, wholeDeclaration(node));
}

function assignment(node: SyntaxNode): Verdict {
  const left = node.child('left');
  const right = node.child('right');
  if (!left || !right || node.child('operator')?.text !== '=') return false;
  const name = left.type === 'field_access' ? (left.child('field')?.text ?? '') : left.text;
  if (!/^\w+$/.test(name) || !isSecretName(name)) return false;
  const v = literalOf(right);
  return v === null ? false : report(name, v, node);
}

function invocation(node: SyntaxNode, ctx: MatchContext): Verdict {
  const { name, object, args } = invocationParts(node);
  // DriverManager.getConnection(url, user, "password")
  if (name === 'getConnection' && classRef(object) === 'DriverManager' && args.length === 3) {
    // `String dbPassword = "…"` is reported where it is written.
    if (args[2] && unwrap(args[2]).type === 'identifier' && isSecretName(unwrap(args[2]).text)) return false;
    const v = knownText(args[2], ctx);
    return v === null ? false : report('dbPassword', v, node, ['CWE-259', 'CWE-798']);
  }
  // dataSource.setPassword("…"), config.setClientSecret("…")
  if (/^set[A-Z]\w*$/.test(name) && args.length === 1 && isSecretName(name.slice(3))) {
    const v = literalOf(args[0]);
    return v === null ? false : report(name.slice(3), v, node);
  }
  // props.put("mail.smtp.password", "…"), System.setProperty("db.password", "…")
  if (/^(?:put|setProperty|addProperty|set|add|with|option)$/.test(name) && args.length === 2) {
    const key = args[0] ? ctx.stringValue(args[0]) : null;
    const v = literalOf(args[1]);
    if (key === null || v === null || !isSecretName(key.replace(/[^\w]+/g, '_'))) return false;
    return report(key, v, node);
  }
  // JWT signing with a literal secret: Algorithm.HMAC256("…"), Jwts…signWith(HS256, "…"), setSigningKey("…"), Keys.hmacShaKeyFor("…".getBytes())
  if (
    (/^HMAC(?:256|384|512)$/.test(name) && classRef(object) === 'Algorithm') ||
    name === 'signWith' ||
    name === 'setSigningKey' ||
    name === 'verifyWith' ||
    (name === 'hmacShaKeyFor' && classRef(object) === 'Keys')
  ) {
    for (const a of args) {
      const c = constantOf(a);
      if (c) {
        // A constant is reported where it is written (once, however often it is used).
        const r = report('signingKey', c.value, c.decl ?? node, KEY_CWE);
        if (r) return { ...(r as object), message: c.decl ? 'A hard-coded secret, declared here, signs or verifies tokens' : 'A hard-coded secret signs or verifies tokens here' };
      }
    }
  }
  return false;
}

function creation(node: SyntaxNode, ctx: MatchContext): Verdict {
  const type = simpleTypeName(node.child('type')?.text ?? '');
  const args = node.child('arguments')?.namedChildren ?? [];
  if ((type === 'PasswordAuthentication' || type === 'UsernamePasswordCredentials' || type === 'BasicAWSCredentials' || type === 'NTCredentials') && args.length >= 2) {
    const v = literalOf(args[1]);
    return v === null ? false : report('accountPassword', v, node);
  }
  if (type === 'SecretKeySpec' || type === 'PBEKeySpec' || type === 'DESKeySpec' || type === 'DESedeKeySpec') {
    const known =
      constantOf(args[0]) ??
      (() => {
        const v = knownText(args[0], ctx);
        return v === null ? null : { value: v, via: null };
      })();
    const c: { value: string; via: string | null; decl?: SyntaxNode } | null = known;
    if (!c || c.value.length < 8) return false;
    // A constant is reported where it is written: its declaration (once, however often it is used).
    const r = report(type === 'PBEKeySpec' ? 'password' : 'secretKey', c.value, c.decl ?? node, type === 'PBEKeySpec' ? undefined : KEY_CWE);
    if (!r) return false;
    const what = type === 'PBEKeySpec' ? 'A hard-coded password derives a key' : 'A hard-coded cryptographic key';
    return { ...(r as object), message: c.decl ? `${what}: it is declared here and used by new ${type}(…)` : `${what} is used here` };
  }
  return false;
}

export default defineRule({
  class: 'hardcoded-credentials',
  confidence: 'medium',
  cwe: ['CWE-798'],
  languages: ['java'],
  message: 'A credential is hard-coded in the source',
  remediation:
    'Read secrets from the environment or a secret manager at run time (`System.getenv("DB_PASSWORD")`, Spring `@Value("${db.password}")` backed by Vault/KMS), keep them out of version control, and rotate any secret that was committed.',
  references: [
    'https://cwe.mitre.org/data/definitions/798.html',
    'https://cwe.mitre.org/data/definitions/321.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Secrets_Management_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'node',
    types: ['variable_declarator', 'assignment_expression', 'method_invocation', 'object_creation_expression'],
    where: (node, ctx) => {
      switch (node.type) {
        case 'variable_declarator':
          return declarator(node);
        case 'assignment_expression':
          return assignment(node);
        case 'method_invocation':
          return invocation(node, ctx);
        default:
          return creation(node, ctx);
      }
    },
  },
});
