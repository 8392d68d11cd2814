import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { argAt, declaredValue, hasSpread, isFalse, literalString, objectLiteral, propValue, receiverPath, unwrap } from '../../lang/javascript/helpers.ts';

/** Cookie names that carry a session, an identity or a credential. */
const SENSITIVE = /sess|auth|token|jwt|login|remember|(?:^|[_.-])sid$|^sid|identity|access|refresh|credential|passw|secret|apikey|api_key|user_?id|connect\.sid|ticket|grant/i;
/** Cookie names that clearly hold preferences or UI state. */
const HARMLESS =
  /^(?:theme|lang|language|locale|consent|cookie_?consent|tz|timezone|currency|country|region|sidebar|layout|dark_?mode|ab_?test|variant|tracking|utm\w*|_ga\w*|visited|seen\w*|banner\w*|tour\w*|flash|font\w*)$/i;
/** One word of a cookie name that holds a preference (`ui_theme`, `share-locale`). */
const HARMLESS_WORD = /^(?:theme|lang|language|locale|consent|timezone|currency|sidebar|layout|darkmode|font|fontsize|density|tour|banner|dismissed)$/i;

/** A preference cookie: the whole name, or one of its words when nothing in it is sensitive. */
function harmless(name: string): boolean {
  if (HARMLESS.test(name)) return true;
  if (SENSITIVE.test(name)) return false;
  return name.split(/[_.-]/).some((w) => HARMLESS_WORD.test(w)) || /(?:Theme|Locale|Lang|Language|Consent|Timezone|Currency|Layout)$/.test(name);
}

interface Flag {
  name: string;
  cwe: 'CWE-614' | 'CWE-1004';
  /** The `secure: false` / `httpOnly: false` pair, when the flag is disabled explicitly. */
  at: SyntaxNode | null;
}

function flagMessage(flags: Flag[], cookie: string, at?: SyntaxNode): Verdict {
  if (flags.length === 0) return false;
  const effects: string[] = [];
  if (flags.some((f) => f.cwe === 'CWE-614')) effects.push('it can be sent over plain HTTP');
  if (flags.some((f) => f.cwe === 'CWE-1004')) effects.push('scripts can read it');
  const verdict: Verdict = {
    cwe: [...new Set(flags.map((f) => f.cwe))],
    message: `Cookie ${cookie} is set ${flags.map((f) => f.name).join(' and ')}: ${effects.join(' and ')}`,
  };
  const node = at ?? flags.find((f) => f.at)?.at;
  if (node) verdict.node = node;
  return verdict;
}

/** Explicitly disabled flags (`secure: false`, `httpOnly: false`); with `missing`, absent flags too. */
function flags(opts: SyntaxNode | null, missing: { secure: boolean; httpOnly: boolean }): Flag[] {
  const out: Flag[] = [];
  const secure = propValue(opts, 'secure');
  const httpOnly = propValue(opts, 'httpOnly') ?? propValue(opts, 'httponly');
  const open = opts !== null && hasSpread(opts);
  if (secure && isFalse(secure)) out.push({ name: 'with secure: false', cwe: 'CWE-614', at: secure.parent });
  else if (!secure && missing.secure && !open) out.push({ name: 'without Secure', cwe: 'CWE-614', at: null });
  if (httpOnly && isFalse(httpOnly)) out.push({ name: 'with httpOnly: false', cwe: 'CWE-1004', at: httpOnly.parent });
  else if (!httpOnly && missing.httpOnly && !open) out.push({ name: 'without HttpOnly', cwe: 'CWE-1004', at: null });
  return out;
}

/** `res.cookie(name, value, opts)` (Express), `reply.setCookie` (Fastify), `cookies().set` / `response.cookies.set` (Next.js), `ctx.cookies.set` (Koa). */
function setCookie(call: CallView, ctx: MatchContext): Verdict {
  const receiver = receiverPath(call, ctx);
  const root = receiver[0] ?? '';
  const koa = receiver[receiver.length - 1] === 'cookies' && /^(?:ctx|this|context)$/.test(root);
  const express = call.name === 'cookie' && /^(?:res|response|resp|reply)$/.test(root);
  const fastify = call.name === 'setCookie' && /^(?:reply|res|response)$/.test(root);
  const next = call.name === 'set' && (receiver[receiver.length - 1] === 'cookies()' || receiver[receiver.length - 1] === 'cookies') && !koa;
  if (!express && !fastify && !koa && !next) return false;
  const nameNode = argAt(call, 0);
  const name = nameNode ? (ctx.stringValue(nameNode) ?? (nameNode.type === 'object' ? literalString(propValue(nameNode, 'name')) : null)) : null;
  if (name !== null && harmless(name)) return false;
  // The value's name says it too: `res.cookie('impersonation', token, …)`.
  const valueText = argAt(call, 1)?.text ?? '';
  const sensitive =
    (name === null ? SENSITIVE.test(nameNode?.text ?? '') : SENSITIVE.test(name)) ||
    (/^[\w$.]{1,80}$/.test(valueText) && /(?:token|session|jwt|sid|auth)/i.test(valueText.slice(valueText.lastIndexOf('.') + 1)));
  const optsNode = nameNode?.type === 'object' ? nameNode : argAt(call, 2);
  const opts = objectLiteral(optsNode);
  if (optsNode && !opts) return false; // options built elsewhere
  // Koa sets HttpOnly by default; Next.js and Express set neither flag.
  const missing = { secure: sensitive && !koa, httpOnly: sensitive && !koa };
  let found = flags(opts, missing);
  // CSRF double-submit cookies must be readable by scripts.
  if (name !== null && /csrf|xsrf/i.test(name)) found = found.filter((f) => f.cwe !== 'CWE-1004');
  return flagMessage(found, name !== null ? `"${name}"` : 'the cookie', call.node);
}

/** The options object a call gets: an object literal, a local bound to one, or `Object.assign({…}, {…})` (its last object). */
function sessionOptions(node: SyntaxNode | null): SyntaxNode | null {
  const direct = objectLiteral(node);
  if (direct || !node) return direct;
  let n = unwrap(node);
  if (n.type === 'identifier') {
    const v = declaredValue(n);
    if (!v) return null;
    n = unwrap(v);
  }
  if (n.type !== 'call_expression' || n.child('function')?.text !== 'Object.assign') return null;
  const objects = (n.child('arguments')?.namedChildren ?? []).map((a) => objectLiteral(a));
  if (objects.some((o) => o === null)) return null;
  // The options the session sees: the cookie settings of the last object that has them.
  return [...objects].reverse().find((o) => o && propValue(o, 'cookie')) ?? objects[objects.length - 1] ?? null;
}

/** express-session `session({ cookie: { … } })` and cookie-session `cookieSession({ … })`. */
function sessionConfig(call: CallView, ctx: MatchContext): Verdict {
  const path = ctx.pathText(call.callee ?? call.node) ?? '';
  const opts = sessionOptions(argAt(call, 0));
  if (!opts) return false;
  if (path === 'express-session' || path === 'koa-session' || path === 'fastify-session' || path === '@fastify/session') {
    const given = propValue(opts, 'cookie');
    // express-session sends its cookie without Secure unless told (`cookie: { secure: true }`).
    if (!given && path === 'express-session' && !hasSpread(opts)) {
      return flagMessage([{ name: 'without Secure (express-session defaults to secure: false)', cwe: 'CWE-614', at: null }], 'of the session', call.node);
    }
    const cookie = objectLiteral(given);
    if (!cookie) return false;
    // express-session: HttpOnly by default, Secure not.
    const found = flags(cookie, { secure: path === 'express-session', httpOnly: false });
    return flagMessage(found, 'of the session', found.some((f) => f.at) ? undefined : (cookie.parent ?? cookie));
  }
  if (path === 'cookie-session' || path === 'cookieSession') return flagMessage(flags(opts, { secure: false, httpOnly: false }), 'of the session');
  return false;
}

/** `res.setHeader('Set-Cookie', 'sid=' + id + '; Path=/')` for a session cookie without the flags. */
function rawHeader(call: CallView, ctx: MatchContext): Verdict {
  const root = receiverPath(call, ctx)[0] ?? '';
  if (!/^(?:res|response|resp|reply)$/.test(root)) return false;
  const header = literalString(argAt(call, 0));
  if (!header || header.toLowerCase() !== 'set-cookie') return false;
  const value = argAt(call, 1);
  if (!value) return false;
  const text = value.text;
  const m = /^[`'"[\s]*([\w.-]+)=/.exec(text);
  if (!m || !SENSITIVE.test(m[1] as string)) return false;
  const out: Flag[] = [];
  if (!/;\s{0,8}Secure\b/i.test(text)) out.push({ name: 'without Secure', cwe: 'CWE-614', at: null });
  if (!/;\s{0,8}HttpOnly\b/i.test(text)) out.push({ name: 'without HttpOnly', cwe: 'CWE-1004', at: null });
  return flagMessage(out, `"${m[1]}"`, call.node);
}

/** `cookie.serialize('sid', id, { httpOnly: true })` (the `cookie` package): neither flag is on by default. */
function serialized(call: CallView, ctx: MatchContext): Verdict {
  const nameNode = argAt(call, 0);
  const name = nameNode ? ctx.stringValue(nameNode) : null;
  if (name !== null && harmless(name)) return false;
  const valueText = argAt(call, 1)?.text ?? '';
  const sensitive =
    name !== null ? SENSITIVE.test(name) : /^[\w$.]{1,80}$/.test(valueText) && /(?:token|session|jwt|sid|auth)/i.test(valueText.slice(valueText.lastIndexOf('.') + 1));
  const optsNode = argAt(call, 2);
  const opts = objectLiteral(optsNode);
  if (optsNode && !opts) return false; // options built elsewhere
  let found = flags(opts, { secure: sensitive, httpOnly: sensitive });
  if (name !== null && /csrf|xsrf/i.test(name)) found = found.filter((f) => f.cwe !== 'CWE-1004');
  return flagMessage(found, name !== null ? `"${name}"` : 'the cookie', call.node);
}

function check(call: CallView, ctx: MatchContext): Verdict {
  const path = ctx.pathText(call.callee ?? call.node) ?? '';
  if (path === 'cookie.serialize' || path === 'cookie.default.serialize') return serialized(call, ctx);
  if (call.name === 'cookie' || call.name === 'setCookie') return setCookie(call, ctx);
  if (call.name === 'set' && call.receiver) return setCookie(call, ctx) || rawHeader(call, ctx);
  if (call.name === 'setHeader' || call.name === 'header' || call.name === 'set' || call.name === 'append') return rawHeader(call, ctx);
  return sessionConfig(call, ctx);
}

export default defineRule({
  class: 'insecure-cookie',
  confidence: 'medium',
  cwe: ['CWE-614', 'CWE-1004'],
  languages: ['javascript', 'typescript'],
  message: 'A session or authentication cookie is set without the Secure or HttpOnly flag',
  remediation:
    'Set `httpOnly: true`, `secure: true` and `sameSite: "lax"` (or "strict") on session and authentication cookies: `res.cookie("session", id, { httpOnly: true, secure: true, sameSite: "lax" })`, and `cookie: { secure: true, httpOnly: true }` in express-session (with `app.set("trust proxy", 1)` behind a proxy).',
  references: [
    'https://cwe.mitre.org/data/definitions/614.html',
    'https://cwe.mitre.org/data/definitions/1004.html',
    'https://expressjs.com/en/advanced/best-practice-security.html#use-cookies-securely',
    'https://cheatsheetseries.owasp.org/cheatsheets/Session_Management_Cheat_Sheet.html#cookies',
  ],
  matcher: {
    kind: 'call',
    callee: [
      'cookie.serialize',
      'cookie.default.serialize',
      '*.cookie',
      '*.setCookie',
      '*.set',
      '*.setHeader',
      '*.header',
      '*.append',
      'express-session',
      'cookie-session',
      'cookieSession',
      'koa-session',
    ],
    where: check,
  },
});
