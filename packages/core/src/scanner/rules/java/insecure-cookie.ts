import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { identifierWords } from '../../lang/java/predicates.ts';
import { chainNames, chainRoot, descendants, enclosingFunction, findDeclaration, invocationParts, simpleTypeName, span, unwrap } from '../../lang/java/tree.ts';

/** Words of cookie names that only carry preferences: scripts may read them and they hold nothing to steal. */
const PREFERENCE_WORDS = new Set([
  'theme',
  'lang',
  'language',
  'locale',
  'tz',
  'timezone',
  'currency',
  'consent',
  'gdpr',
  'pref',
  'prefs',
  'preference',
  'preferences',
  'ui',
  'sidebar',
  'layout',
  'dark',
  'font',
  'region',
  'country',
  'variant',
  'tour',
  'banner',
  'dismissed',
  'visit',
  'visited',
  'seen',
]);
/** Words of cookie names that carry a session, an identity or a credential. */
const SENSITIVE_WORDS = new Set([
  'session',
  'sess',
  'sid',
  'jsessionid',
  'auth',
  'authentication',
  'token',
  'jwt',
  'login',
  'remember',
  'identity',
  'access',
  'refresh',
  'credential',
  'credentials',
  'secret',
  'password',
  'apikey',
  'key',
  'user',
  'uid',
  'account',
  'sso',
  'oauth',
  'saml',
]);

/**
 * Which flags a cookie of this name needs: none for a preference cookie (`theme`, `UI_LANG`), Secure
 * but not HttpOnly for a double-submit CSRF token (scripts must read it), both otherwise.
 */
function needs(name: string | null): { secure: boolean; httpOnly: boolean } {
  if (name === null) return { secure: true, httpOnly: true };
  const words = identifierWords(name);
  const sensitive = words.some((w) => SENSITIVE_WORDS.has(w));
  if (!sensitive && words.some((w) => PREFERENCE_WORDS.has(w))) return { secure: false, httpOnly: false };
  if (words.some((w) => w === 'csrf' || w === 'xsrf')) return { secure: true, httpOnly: false };
  return { secure: true, httpOnly: true };
}

function cookieName(creationArgs: SyntaxNode | null | undefined, ctx: MatchContext): string | null {
  const first = creationArgs?.namedChildren[0];
  return first ? ctx.stringValue(first) : null;
}

const INVOCATIONS = new Set(['method_invocation']);

interface Flags {
  secure: boolean;
  httpOnly: boolean;
  deleted: boolean;
  /** An explicit `setSecure(false)` / `setHttpOnly(false)`: where the flag is turned off. */
  disabled?: SyntaxNode;
}

/** What a method does to a cookie variable: setSecure(true), setHttpOnly(true), setMaxAge(0). */
function flagsOf(variable: string, scope: SyntaxNode, declared?: SyntaxNode): Flags {
  const flags: Flags = { secure: false, httpOnly: false, deleted: false };
  for (const inv of descendants(scope, INVOCATIONS)) {
    const { name, object, args } = invocationParts(inv);
    if (object?.type !== 'identifier' || object.text !== variable) continue;
    // Another variable of the same name (in another branch or block) is another cookie.
    if (declared && findDeclaration(variable, object)?.node !== declared) continue;
    const a = args[0]?.text ?? '';
    if (name === 'setSecure' && a !== 'false') flags.secure = true;
    if (name === 'setHttpOnly' && a !== 'false') flags.httpOnly = true;
    if ((name === 'setSecure' || name === 'setHttpOnly') && a === 'false') flags.disabled ??= inv;
    if (name === 'setMaxAge' && /^(?:0|-0)$/.test(a)) flags.deleted = true;
  }
  return flags;
}

function verdict(flags: Flags, node?: SyntaxNode, name: string | null = null): Verdict {
  const need = needs(name);
  if (!need.secure) flags.secure = true;
  if (!need.httpOnly) flags.httpOnly = true;
  if (flags.deleted || (flags.secure && flags.httpOnly)) return false;
  const cwe = [...(flags.secure ? [] : ['CWE-614']), ...(flags.httpOnly ? [] : ['CWE-1004'])];
  const missing = [...(flags.secure ? [] : ['Secure']), ...(flags.httpOnly ? [] : ['HttpOnly'])].join(' and ');
  const out: Verdict = { cwe, message: `This cookie is added to the response without the ${missing} flag` };
  if (node) out.node = node;
  return out;
}

/** `response.addCookie(c)` where `c` is a `new Cookie(…)` of this method. */
function addCookie(call: CallView, ctx: MatchContext): Verdict {
  const arg = call.args.find((a) => a.index === 0)?.node;
  if (!arg) return false;
  const u = unwrap(arg);
  if (u.type === 'object_creation_expression') {
    if (simpleTypeName(u.child('type')?.text ?? '') !== 'Cookie') return false;
    const value = u.child('arguments')?.namedChildren[1];
    if (value && (value.type === 'null_literal' || value.text === '""')) return false;
    return verdict({ secure: false, httpOnly: false, deleted: false }, undefined, cookieName(u.child('arguments'), ctx));
  }
  if (u.type !== 'identifier') return false;
  const d = findDeclaration(u.text, u);
  if (!d || d.kind !== 'local' || !d.type || (simpleTypeName(d.type) !== 'Cookie' && simpleTypeName(d.type) !== 'var')) return false;
  const init = d.init ? unwrap(d.init) : null;
  if (!init || init.type !== 'object_creation_expression' || simpleTypeName(init.child('type')?.text ?? '') !== 'Cookie') return false;
  const value = init.child('arguments')?.namedChildren[1];
  if (value && (value.type === 'null_literal' || value.text === '""')) return false;
  const scope = enclosingFunction(call.node);
  if (!scope) return false;
  // Reported where the cookie leaves (`addCookie(…)`), or from where a flag is explicitly turned off to there.
  const flags = flagsOf(u.text, scope, d.node);
  return verdict(flags, flags.disabled ? span(flags.disabled, call.node) : call.node, cookieName(init.child('arguments'), ctx));
}

/** Spring `ResponseCookie.from(…)…build()` without `.secure(true)` / `.httpOnly(true)`. */
function responseCookie(call: CallView, ctx: MatchContext): Verdict {
  const names = chainNames(call.node);
  if (names[0] !== 'from') return false;
  // The chain's calls, innermost first: from(name, value), path(…), secure(…), httpOnly(…), maxAge(…), build().
  const steps: SyntaxNode[] = [];
  for (
    let n: SyntaxNode | null = unwrap(call.node);
    n && n.type === 'method_invocation' && steps.length < 64;
    n = n.child('object') ? unwrap(n.child('object') as SyntaxNode) : null
  )
    steps.unshift(n);
  const from = steps[0];
  if (!from || from.child('object')?.text.replace(/\s+/g, '') !== 'ResponseCookie' || chainRoot(call.node) !== from.child('object')) return false;
  const argOf = (n: SyntaxNode): SyntaxNode | null => invocationParts(n).args[0] ?? null;
  let secure = false;
  let httpOnly = false;
  for (const step of steps) {
    const { name } = invocationParts(step);
    const a = argOf(step);
    if (name === 'maxAge' && a && (a.text === '0' || a.text.replace(/\s+/g, '') === 'Duration.ZERO')) return false;
    if (name === 'secure' && a && a.type !== 'false') secure = true;
    if (name === 'httpOnly' && a && a.type !== 'false') httpOnly = true;
  }
  return verdict({ secure, httpOnly, deleted: false }, undefined, cookieName(from.child('arguments'), ctx));
}

/** JAX-RS `new NewCookie.Builder(name)…build()` without `.secure(true)` / `.httpOnly(true)`. */
function newCookieBuilder(call: CallView, ctx: MatchContext): Verdict {
  const root = chainRoot(call.node);
  if (root.type !== 'object_creation_expression') return false;
  const type = (root.child('type')?.text ?? '').replace(/\s+/g, '');
  if (type !== 'NewCookie.Builder' && !type.endsWith('.NewCookie.Builder')) return false;
  let secure = false;
  let httpOnly = false;
  for (let n: SyntaxNode | null = unwrap(call.node); n && n.type === 'method_invocation'; n = n.child('object') ? unwrap(n.child('object') as SyntaxNode) : null) {
    const { name, args } = invocationParts(n);
    const a = args[0];
    if (name === 'maxAge' && a && /^(?:0|-0)$/.test(a.text)) return false;
    if (name === 'secure' && a && a.type !== 'false') secure = true;
    if (name === 'httpOnly' && a && a.type !== 'false') httpOnly = true;
  }
  return verdict({ secure, httpOnly, deleted: false }, undefined, cookieName(root.child('arguments'), ctx));
}

/**
 * JAX-RS `new NewCookie(name, value)`, `new NewCookie(name, value, path, domain, comment, maxAge,
 * secure[, httpOnly])`, `new NewCookie(cookie, comment, maxAge, secure[, httpOnly])`.
 */
function newCookie(call: CallView, ctx: MatchContext): Verdict {
  const args = call.args.filter((a) => a.index >= 0).map((a) => a.node);
  const flag = (n: SyntaxNode | undefined): boolean => n !== undefined && n.text !== 'false';
  let flags: Flags;
  if (args.length === 2) {
    if (args[1]?.type === 'null_literal' || args[1]?.text === '""') return false;
    flags = { secure: false, httpOnly: false, deleted: false };
  } else if (args.length >= 7) flags = { secure: flag(args[6]), httpOnly: flag(args[7]), deleted: /^(?:0|-0)$/.test(args[5]?.text ?? '') };
  else if (args.length === 4 || args.length === 5) flags = { secure: flag(args[3]), httpOnly: flag(args[4]), deleted: /^(?:0|-0)$/.test(args[2]?.text ?? '') };
  else return false;
  return verdict(flags, undefined, args.length === 2 || args.length >= 7 ? cookieName(call.node.child('arguments'), ctx) : null);
}

export default defineRule({
  class: 'insecure-cookie',
  confidence: 'medium',
  cwe: ['CWE-614', 'CWE-1004'],
  languages: ['java'],
  message: 'This cookie is added to the response without the Secure and HttpOnly flags',
  remediation:
    'Call `cookie.setSecure(true)` and `cookie.setHttpOnly(true)` before `response.addCookie(cookie)` (or `ResponseCookie.from(name, value).secure(true).httpOnly(true).sameSite("Lax")`), and set `server.servlet.session.cookie.secure/http-only` for the session cookie.',
  references: [
    'https://cwe.mitre.org/data/definitions/614.html',
    'https://cwe.mitre.org/data/definitions/1004.html',
    'https://owasp.org/www-community/controls/SecureCookieAttribute',
  ],
  matcher: {
    kind: 'call',
    callee: ['*.addCookie', '*.build', 'NewCookie'],
    where: (call, ctx) => {
      if (call.name === 'addCookie') return addCookie(call, ctx);
      if (call.name === 'NewCookie') return call.isNew ? newCookie(call, ctx) : false;
      return responseCookie(call, ctx) || newCookieBuilder(call, ctx);
    },
  },
});
