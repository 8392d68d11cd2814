import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { boundName, enclosingStatement, frameworkOf, innerFunctionText, laterCalls, span, findAfter } from '../../lang/go/util.ts';

const SETTERS = new Set(['SetCookie', 'Cookie']);

/** `http.SetCookie(w, c)`, echo `c.SetCookie(cookie)`, fiber `c.Cookie(cookie)`: the index of the cookie argument. */
function cookieArgIndex(call: SyntaxNode): number {
  return call.child('function')?.text === 'http.SetCookie' ? 1 : 0;
}

/**
 * Where to report a cookie literal: the call that sets it when the literal is written in it (all its
 * lines), or the lines from the literal to the later call given the local it is stored in.
 */
function cookieSite(literal: SyntaxNode): SyntaxNode {
  let n = literal;
  while (n.parent && (n.parent.type === 'unary_expression' || n.parent.type === 'parenthesized_expression')) n = n.parent;
  const call = n.parent?.type === 'argument_list' ? n.parent.parent : null;
  const f = call?.child('function');
  const method = f?.type === 'selector_expression' ? f.child('field')?.text : undefined;
  if (call && method && SETTERS.has(method)) return call;
  const name = boundName(literal);
  if (!name) return literal;
  const later = [...laterCalls(literal, name.text, SETTERS, 1), ...laterCalls(literal, name.text, SETTERS, 0)].filter(
    (c) => c.child('arguments')?.namedChildren[cookieArgIndex(c)]?.text === name.text,
  );
  const first = later.sort((a, b) => a.start - b.start)[0];
  return first ? span(enclosingStatement(literal) ?? literal, first) : literal;
}

/** Cookies that only carry preferences: scripts may read them and they hold nothing to steal. */
const PREFERENCE =
  /^(?:theme|lang|language|locale|tz|timezone|currency|consent|cookie_?consent|cookies_?accepted|gdpr|pref|prefs|preferences|ui|sidebar|layout|dark_?mode|font_?size|region|country|ab_?test|variant|tour|banner|dismissed|last_?visit|visited|seen)$/i;

interface Fields {
  name: SyntaxNode | null;
  value: SyntaxNode | null;
  maxAge: SyntaxNode | null;
  secure: SyntaxNode | null | undefined;
  httpOnly: SyntaxNode | null | undefined;
}

function valueNode(el: SyntaxNode): SyntaxNode | null {
  const v = el.child('value');
  return v ? (v.type === 'literal_element' ? (v.namedChildren[0] ?? v) : v) : null;
}

function fieldsOf(body: SyntaxNode): Fields {
  const out: Fields = { name: null, value: null, maxAge: null, secure: undefined, httpOnly: undefined };
  for (const el of body.namedChildren) {
    if (el.type !== 'keyed_element') continue;
    const key = el.child('key')?.text;
    if (key === 'Name') out.name = valueNode(el);
    else if (key === 'Value') out.value = valueNode(el);
    else if (key === 'MaxAge') out.maxAge = valueNode(el);
    else if (key === 'Secure') out.secure = valueNode(el);
    else if (key === 'HttpOnly' || key === 'HTTPOnly') out.httpOnly = valueNode(el);
  }
  return out;
}

/** A flag is missing when absent or literally false; an expression (`Secure: r.TLS != nil`, `cfg.Secure`) is a deliberate choice. */
function missing(flag: SyntaxNode | null | undefined): boolean {
  return flag === undefined || flag === null || flag.type === 'false';
}

/** A flag set on the cookie variable after the literal (`c.Secure = true`). */
function setLater(node: SyntaxNode, field: string): boolean {
  return findAfter(innerFunctionText(node), `.${field}`, /^[ \t]*=[ \t]*true\b/) !== null;
}

/** Words that make a cookie worth stealing whatever else its name says. */
const SENSITIVE = /sess|sid|token|auth|jwt|login|user|remember|secret|key|csrf|xsrf|id$/i;

/** A preference cookie, also under an application prefix or suffix (`wiki_theme`, `app-locale`, `theme_v2`). */
function preferenceCookie(name: string): boolean {
  if (PREFERENCE.test(name)) return true;
  const words = name.split(/[_.-]/);
  return words.length <= 4 && !words.some((w) => SENSITIVE.test(w)) && words.some((w) => PREFERENCE.test(w));
}

function verdict(at: SyntaxNode, cookieName: string | null, noSecure: boolean, noHttpOnly: boolean): Verdict {
  if (cookieName !== null && preferenceCookie(cookieName)) return false;
  // A double-submit CSRF token cookie is meant to be read by scripts.
  if (cookieName !== null && /csrf|xsrf/i.test(cookieName)) noHttpOnly = false;
  if (!noSecure && !noHttpOnly) return false;
  const cwe: string[] = [];
  const parts: string[] = [];
  if (noSecure) {
    cwe.push('CWE-614');
    parts.push('without Secure (it is also sent over plain HTTP)');
  }
  if (noHttpOnly) {
    cwe.push('CWE-1004');
    parts.push('without HttpOnly (scripts can read it)');
  }
  const label = cookieName !== null ? `Cookie "${cookieName}"` : 'A cookie';
  return { node: at, cwe, message: `${label} is set ${parts.join(' and ')}` };
}

function cookieLiteral(node: SyntaxNode, ctx: MatchContext): Verdict {
  const type = node.child('type')?.text ?? '';
  if (!/^(?:http\.Cookie|fiber\.Cookie|sessions\.Options|securecookie\.Options)$/.test(type)) return false;
  const body = node.child('body');
  if (!body) return false;
  const f = fieldsOf(body);
  const isOptions = type.endsWith('Options');
  // Deleting a cookie (empty value, negative MaxAge) sends nothing worth protecting.
  if (!isOptions && ((f.value && ctx.stringValue(f.value) === '') || (f.maxAge && /^-/.test(f.maxAge.text.trim())))) return false;
  const name = f.name ? ctx.stringValue(f.name) : null;
  const noSecure = missing(f.secure) && !setLater(node, 'Secure');
  const noHttpOnly = missing(f.httpOnly) && !setLater(node, 'HttpOnly') && !setLater(node, 'HTTPOnly');
  const out = verdict(node, isOptions ? null : name, noSecure, noHttpOnly);
  return out && typeof out === 'object' && !isOptions ? { ...out, node: cookieSite(node) } : out;
}

/** gin `c.SetCookie(name, value, maxAge, path, domain, secure, httpOnly)`. */
function ginSetCookie(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = ctx.call(node);
  if (!call || call.name !== 'SetCookie' || !call.receiver || frameworkOf(call.receiver) !== 'gin') return false;
  const secure = ctx.arg(call, 5);
  const httpOnly = ctx.arg(call, 6);
  if (!secure || !httpOnly) return false;
  const nameNode = ctx.arg(call, 0);
  return verdict(node, nameNode ? ctx.stringValue(nameNode) : null, secure.type === 'false', httpOnly.type === 'false');
}

export default defineRule({
  class: 'insecure-cookie',
  confidence: 'medium',
  cwe: ['CWE-614', 'CWE-1004'],
  languages: ['go'],
  message: 'A cookie is set without the Secure or HttpOnly attribute',
  remediation:
    'Set `Secure: true`, `HttpOnly: true` and `SameSite: http.SameSiteLaxMode` (or Strict) on session and authentication cookies: `http.SetCookie(w, &http.Cookie{Name: "session", Value: id, Path: "/", Secure: true, HttpOnly: true, SameSite: http.SameSiteLaxMode})`; with gin, pass `secure` and `httpOnly` as true to `c.SetCookie`.',
  references: [
    'https://cwe.mitre.org/data/definitions/614.html',
    'https://cwe.mitre.org/data/definitions/1004.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Session_Management_Cheat_Sheet.html#cookies',
  ],
  matcher: {
    kind: 'node',
    types: ['composite_literal', 'call_expression'],
    where: (node, ctx) => (node.type === 'composite_literal' ? cookieLiteral(node, ctx) : ginSetCookie(node, ctx)),
  },
});
