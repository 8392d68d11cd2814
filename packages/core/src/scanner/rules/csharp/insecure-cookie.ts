import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { declaratorValue, simpleName } from '../../lang/csharp/adapter.ts';
import { assignedName, bindingsOf, boundLocal, initializerValues, laterUses, propertyValues, rootOf, scopeOf, span, statementOf } from '../../lang/csharp/helpers.ts';

/** Cookie names that carry a session, an identity or a credential. */
const SENSITIVE = /sess|auth|token|jwt|login|remember|sid$|^sid|identity|access|refresh|csrf|xsrf|antiforgery|credential|passw|secret|apikey|api_key|\.aspnet|user_?id|user_?name/i;
/** Cookie values that are a session, a token or a credential, by the name of what is stored (`sessionId`, `jwt`). */
const SENSITIVE_VALUE = /sess|token|jwt|sid$|^sid|auth|secret|credential|passw|ticket/i;
const COOKIE_TYPES = /^(?:HttpCookie|CookieOptions|CookieBuilder|Cookie)$/;

function sensitiveName(node: SyntaxNode | null, ctx: MatchContext): boolean {
  if (!node) return false;
  const v = ctx.stringValue(node);
  if (v !== null) return SENSITIVE.test(v);
  return SENSITIVE.test(node.text);
}

/** Whether a flag is set to true somewhere for this cookie (initializer or a later `cookie.Secure = true`). */
function flagState(creation: SyntaxNode, flag: string): 'true' | 'false' | 'unset' {
  const values: SyntaxNode[] = [];
  const init = initializerValues(creation).get(flag);
  if (init) values.push(init);
  const name = assignedName(creation);
  if (name) values.push(...propertyValues(scopeOf(creation), name, flag));
  if (values.length === 0) return 'unset';
  if (values.some((v) => v.text === 'false')) return 'false';
  return 'true';
}

function missing(creation: SyntaxNode): string[] {
  const out: string[] = [];
  if (flagState(creation, 'Secure') === 'unset') out.push('Secure');
  if (flagState(creation, 'HttpOnly') === 'unset') out.push('HttpOnly');
  return out;
}

/** `Append(name, value, …)`'s name and value (the expressions, without `name:` labels). */
function appendArgs(invocation: SyntaxNode): (SyntaxNode | null)[] {
  return (invocation.child('arguments')?.namedChildren ?? []).filter((a) => a.type === 'argument').map((a) => a.namedChildren[a.namedChildren.length - 1] ?? null);
}

/** A value that carries a session or a credential: named for one (`sessionId`, `token`), never a literal. */
function sensitiveValue(node: SyntaxNode | null, ctx: MatchContext): boolean {
  if (!node || ctx.stringValue(node) !== null) return false;
  return SENSITIVE_VALUE.test(node.text);
}

/**
 * `Response.Cookies.Append("theme", "dark", new CookieOptions { HttpOnly = false })`: a cookie made
 * readable (or sent) on purpose whose value is a constant of the program and whose name is no session's.
 */
function plainCookie(creation: SyntaxNode, ctx: MatchContext): boolean {
  const sender = sentBy(creation);
  if (!sender) return false;
  const [name, value] = appendArgs(sender);
  if (!name || ctx.stringValue(name) === null || sensitiveName(name, ctx)) return false;
  return value !== null && value !== undefined && ctx.stringValue(value) !== null;
}

function verdictFor(flags: string[], what: string): Verdict {
  if (flags.length === 0) return false;
  const cwe = flags.map((f) => (f === 'Secure' ? 'CWE-614' : 'CWE-1004'));
  return {
    message:
      `${what} is set without ${flags.join(' and ')}: ${flags.includes('Secure') ? 'it is sent over plain HTTP' : ''}${flags.length === 2 ? ' and ' : ''}${flags.includes('HttpOnly') ? 'scripts can read it' : ''}`.replace(
        ': and ',
        ': ',
      ),
    cwe,
  };
}

const SETTERS = new Set(['Add', 'Set', 'Append']);

/** `Response.Cookies.Append(…)`, `HttpContext.Response.Cookies.Add(…)`: a call that sets a cookie on a response. */
function setsResponseCookie(invocation: SyntaxNode | null | undefined): boolean {
  const fn = invocation?.type === 'invocation_expression' ? invocation.child('function') : null;
  if (fn?.type !== 'member_access_expression' || !SETTERS.has(simpleName(fn.child('name')))) return false;
  const cookies = fn.child('expression');
  if (cookies?.type !== 'member_access_expression' || simpleName(cookies.child('name')) !== 'Cookies') return false;
  const owner = simpleName(cookies.child('expression')).toLowerCase();
  return owner.startsWith('response') || owner.endsWith('response') || owner === 'resp' || owner === 'res';
}

/**
 * The call that sets a cookie (or its options) on the response: the call the creation is an
 * argument of, or a later call of the method given the local it is stored in.
 */
function sentBy(creation: SyntaxNode): SyntaxNode | null {
  let n = creation;
  while (n.parent && (n.parent.type === 'parenthesized_expression' || n.parent.type === 'argument')) n = n.parent;
  if (n.parent?.type === 'argument_list' && setsResponseCookie(n.parent.parent)) return n.parent.parent;
  const name = boundLocal(creation);
  if (!name) return null;
  for (const role of [0, 2] as const) {
    const call = laterUses(creation, name, SETTERS, role).find(setsResponseCookie);
    if (call) return call;
  }
  return null;
}

/** Where to report a cookie built here: over its lines up to the call that sets it, or the creation alone. */
function cookieSpan(creation: SyntaxNode): SyntaxNode {
  const sender = sentBy(creation);
  if (!sender) return creation;
  return sender.start <= creation.start && creation.end <= sender.end ? sender : span(statementOf(creation), sender);
}

/** The object creation an options argument refers to (`new CookieOptions {…}` inline, or a local bound to one). */
function optionsCreation(arg: SyntaxNode | null): SyntaxNode | null {
  if (!arg) return null;
  if (arg.type === 'object_creation_expression' || arg.type === 'implicit_object_creation_expression') return arg;
  if (arg.type === 'identifier') {
    for (const b of bindingsOf(rootOf(arg)).get(arg.text) ?? []) {
      const v = b.node.type === 'variable_declarator' ? declaratorValue(b.node) : b.value;
      if (v && (v.type === 'object_creation_expression' || v.type === 'implicit_object_creation_expression')) return v;
    }
  }
  return null;
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  switch (node.type) {
    case 'assignment_expression': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right) return false;
      const name = left.type === 'member_access_expression' ? simpleName(left.child('name')) : left.text;
      const owner =
        left.type === 'member_access_expression'
          ? (left.child('expression')?.text ?? '')
          : (node.parent?.parent?.child('type')?.text ?? node.parent?.parent?.text.slice(0, 40) ?? '');
      const cookieish = /cookie|options|opts/i.test(owner);
      if ((name === 'Secure' || name === 'HttpOnly') && right.text === 'false' && cookieish) {
        // In an initializer (`new CookieOptions { Secure = false }`): over the cookie's lines up to the call that sets it.
        const creation = node.parent?.type === 'initializer_expression' ? node.parent.parent : null;
        if (creation && plainCookie(creation, ctx)) return false;
        const at = creation && (creation.type === 'object_creation_expression' || creation.type === 'implicit_object_creation_expression') ? cookieSpan(creation) : node;
        return {
          node: at,
          message: `Cookie ${name} is disabled: ${name === 'Secure' ? 'it is sent over plain HTTP' : 'scripts can read it'}`,
          cwe: [name === 'Secure' ? 'CWE-614' : 'CWE-1004'],
        };
      }
      if ((name === 'SecurePolicy' || name === 'Secure') && /CookieSecurePolicy\.None$/.test(right.text))
        return { message: 'CookieSecurePolicy.None sends the cookie over plain HTTP', cwe: ['CWE-614'] };
      if (name === 'HttpOnly' && /HttpOnlyPolicy\.None$/.test(right.text)) return { message: 'HttpOnlyPolicy.None lets scripts read cookies', cwe: ['CWE-1004'] };
      return false;
    }
    case 'object_creation_expression': {
      // Classic ASP.NET: new HttpCookie("AuthToken", token) without Secure/HttpOnly.
      const type = simpleName(node.child('type'));
      if (type !== 'HttpCookie' && !(type === 'Cookie' && sentBy(node) !== null)) return false;
      const nameArg = node.child('arguments')?.namedChildren[0]?.namedChildren.slice(-1)[0] ?? null;
      if (!nameArg || !sensitiveName(nameArg, ctx)) return false;
      const verdict = verdictFor(missing(node), 'The cookie');
      return verdict && typeof verdict === 'object' ? { ...verdict, node: cookieSpan(node) } : false;
    }
    case 'invocation_expression': {
      // ASP.NET Core: Response.Cookies.Append(name, value[, options]).
      const fn = node.child('function');
      if (fn?.type !== 'member_access_expression' || simpleName(fn.child('name')) !== 'Append') return false;
      const cookies = fn.child('expression');
      if (cookies?.type !== 'member_access_expression' || simpleName(cookies.child('name')) !== 'Cookies') return false;
      const args = (node.child('arguments')?.namedChildren ?? []).map((a) => a.namedChildren[a.namedChildren.length - 1] ?? null);
      if (!sensitiveName(args[0] ?? null, ctx) && !sensitiveValue(args[1] ?? null, ctx)) return false;
      if (args.length < 3) return verdictFor(['Secure', 'HttpOnly'], 'The cookie');
      const creation = optionsCreation(args[2] ?? null);
      if (!creation) return false;
      return verdictFor(missing(creation), 'The cookie');
    }
    default:
      return false;
  }
}

export default defineRule({
  class: 'insecure-cookie',
  confidence: 'medium',
  cwe: ['CWE-614', 'CWE-1004'],
  languages: ['csharp'],
  message: 'A session or authentication cookie is set without the Secure or HttpOnly flag',
  remediation:
    'Set `Secure = true`, `HttpOnly = true` and `SameSite = SameSiteMode.Lax` (or Strict) on session and authentication cookies (`new CookieOptions { … }`, `HttpCookie.Secure/HttpOnly`), or enforce them globally with `app.UseCookiePolicy(new CookiePolicyOptions { Secure = CookieSecurePolicy.Always, HttpOnly = HttpOnlyPolicy.Always })`.',
  references: [
    'https://cwe.mitre.org/data/definitions/614.html',
    'https://cwe.mitre.org/data/definitions/1004.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Session_Management_Cheat_Sheet.html#cookies',
  ],
  matcher: { kind: 'node', types: ['assignment_expression', 'object_creation_expression', 'invocation_expression'], where: check },
});
