import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { enclosingFunction, inDevClass, isDevSettingsFile, isFalse, isSecretContext, isTestFile, keyword } from '../../lang/python/predicates.ts';
import { lastSegment } from '../../lang/python/text.ts';

/** Settings that switch a framework's session / CSRF / remember-me cookie flags off (Django, Flask, Flask-Login). */
const SETTINGS: Record<string, 'CWE-614' | 'CWE-1004'> = {
  SESSION_COOKIE_SECURE: 'CWE-614',
  CSRF_COOKIE_SECURE: 'CWE-614',
  LANGUAGE_COOKIE_SECURE: 'CWE-614',
  REMEMBER_COOKIE_SECURE: 'CWE-614',
  SESSION_COOKIE_HTTPONLY: 'CWE-1004',
  REMEMBER_COOKIE_HTTPONLY: 'CWE-1004',
};

function settingVerdict(name: string, value: SyntaxNode, node: SyntaxNode, ctx: MatchContext): Verdict {
  const cwe = SETTINGS[name];
  if (!cwe || value.type !== 'false') return false;
  if (isDevSettingsFile(ctx.filename) || inDevClass(node) || isTestFile(ctx.filename, ctx.code)) return false;
  const flag = cwe === 'CWE-614' ? 'Secure' : 'HttpOnly';
  return { message: `\`${name} = False\` sends the cookie without the ${flag} flag`, cwe: [cwe] };
}

/** The name a cookie is set under: `set_cookie("session_id", …)` / `set_cookie(key="auth")`. */
function cookieName(node: SyntaxNode | null, ctx: MatchContext): string | null {
  if (!node) return null;
  const value = ctx.stringValue(node);
  if (value !== null) return value;
  // SESSION_COOKIE_NAME, settings.AUTH_COOKIE: a constant whose name says what the cookie holds.
  return (node.type === 'identifier' || node.type === 'attribute') && /^[A-Z][A-Z0-9_]*$/.test(lastSegment(node.text)) ? node.text : null;
}

/** Whether a cookie value is a random token from the `secrets` module (`secrets.token_urlsafe(24)`, directly or through a name). */
function randomToken(node: SyntaxNode | null, ctx: MatchContext): boolean {
  if (!node) return false;
  const direct = ctx.call(node);
  const origins = direct ? [direct] : [];
  if (!direct && node.type === 'identifier') {
    // Any assignment to the name in the enclosing function: `if not visitor: visitor = secrets.token_urlsafe(24)`.
    const fn = enclosingFunction(node);
    const stack: SyntaxNode[] = fn ? [fn] : [];
    let budget = 5000;
    while (stack.length > 0 && budget-- > 0) {
      const n = stack.pop() as SyntaxNode;
      if (n.type === 'assignment' && n.child('left')?.text === node.text) {
        const c = n.child('right') ? ctx.call(n.child('right') as SyntaxNode) : null;
        if (c) origins.push(c);
      }
      for (const c of n.children) if (c.named) stack.push(c);
    }
  }
  return origins.some((c) => /^secrets\.token_(?:urlsafe|hex|bytes)$/.test(ctx.pathText(c.callee ?? c.node) ?? ''));
}

/**
 * Pyramid's `AuthTktAuthenticationPolicy` / `AuthTktCookieHelper` issue the authentication cookie;
 * `secure` and `http_only` default to off, so leaving them out is the insecure choice.
 */
function authTicket(call: CallView, ctx: MatchContext): Verdict {
  if (!/^pyramid\.authentication\./.test(ctx.pathText(call.callee ?? call.node) ?? '') && !/\bpyramid\b/.test(ctx.code)) return false;
  if (call.node.child('arguments')?.children.some((c) => c.type === 'dictionary_splat')) return false;
  const secure = keyword(call, 'secure');
  const httponly = keyword(call, 'http_only') ?? keyword(call, 'httponly');
  const cwe: string[] = [];
  const missing: string[] = [];
  if (!secure || isFalse(secure)) {
    cwe.push('CWE-614');
    missing.push('Secure');
  }
  if (!httponly || isFalse(httponly)) {
    cwe.push('CWE-1004');
    missing.push('HttpOnly');
  }
  if (cwe.length === 0) return false;
  const off = [secure, httponly].find((f) => f && isFalse(f));
  return {
    ...(off ? { node: off.parent ?? off } : {}),
    message: `The authentication ticket cookie is issued without the ${missing.join(' and ')} flag${missing.length > 1 ? 's' : ''}`,
    cwe,
  };
}

function insecure(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'assignment') {
    const left = node.child('left');
    const right = node.child('right');
    if (!left || !right) return false;
    // SESSION_COOKIE_SECURE = False / app.config["SESSION_COOKIE_SECURE"] = False
    const name =
      left.type === 'identifier'
        ? left.text
        : left.type === 'subscript'
          ? (ctx.stringValue(left.child('subscript') ?? left) ?? '')
          : left.type === 'attribute'
            ? (left.child('attribute')?.text ?? '')
            : '';
    return settingVerdict(name, right, node, ctx);
  }
  const call = ctx.call(node);
  if (!call) return false;
  if (call.name === 'AuthTktAuthenticationPolicy' || call.name === 'AuthTktCookieHelper') return authTicket(call, ctx);
  if (call.name === 'update' || call.name === 'from_mapping' || call.name === 'dict') {
    for (const a of call.args) if (a.name && SETTINGS[a.name]) return settingVerdict(a.name, a.node, node, ctx);
    return false;
  }
  if (call.name !== 'set_cookie' && call.name !== 'set_signed_cookie' && call.name !== 'set_secure_cookie') return false;
  if (isTestFile(ctx.filename, ctx.code)) return false;
  if (!call.args.some((a) => a.index === 1 || a.name === 'value')) return false; // cookiejar.set_cookie(cookie_obj)
  const name = cookieName(call.args.find((a) => a.index === 0)?.node ?? keyword(call, 'key') ?? keyword(call, 'name'), ctx);
  if (!name) return false;
  // Tornado's signed cookies exist to carry an authenticated identity (`get_current_user`); a value made by
  // `secrets.token_*()` is a bearer identifier whatever the cookie is called.
  const signed = call.name !== 'set_cookie';
  // Flask-style `**cookie_options` may carry the flags: no judgement.
  if (call.node.child('arguments')?.children.some((c) => c.type === 'dictionary_splat')) return false;
  const secure = keyword(call, 'secure');
  const httponly = keyword(call, 'httponly') ?? keyword(call, 'http_only');
  if (!signed && !isSecretContext(name) && !randomToken(call.args.find((a) => a.index === 1 || a.name === 'value')?.node ?? null, ctx)) {
    // Any cookie: a flag turned off in so many words (`secure=False`) is reported where it is written, at low confidence.
    const off = [secure, httponly].find((f) => f && f.type === 'false');
    if (!off) return false;
    const flag = off === secure ? 'Secure' : 'HttpOnly';
    return {
      node: off.parent ?? off,
      confidence: 'low',
      message: `The \`${name.slice(0, 40)}\` cookie is set with the ${flag} flag turned off`,
      cwe: [off === secure ? 'CWE-614' : 'CWE-1004'],
    };
  }
  const csrf = /csrf|xsrf/i.test(name);
  const cwe: string[] = [];
  const missing: string[] = [];
  if (!secure || isFalse(secure)) {
    cwe.push('CWE-614');
    missing.push('Secure');
  }
  // CSRF token cookies are read by JavaScript on purpose.
  if (!csrf && (!httponly || isFalse(httponly))) {
    cwe.push('CWE-1004');
    missing.push('HttpOnly');
  }
  if (cwe.length === 0) return false;
  return { message: `The \`${name.slice(0, 40)}\` cookie is set without the ${missing.join(' and ')} flag${missing.length > 1 ? 's' : ''}`, cwe };
}

export default defineRule({
  class: 'insecure-cookie',
  confidence: 'medium',
  cwe: ['CWE-614', 'CWE-1004'],
  languages: ['python'],
  message: 'A session or authentication cookie is sent without the Secure or HttpOnly flag',
  remediation:
    'Set the flags on sensitive cookies: `response.set_cookie("session", value, secure=True, httponly=True, samesite="Lax")`; in Django settings `SESSION_COOKIE_SECURE = True`, `CSRF_COOKIE_SECURE = True`, `SESSION_COOKIE_HTTPONLY = True`; in Flask `SESSION_COOKIE_SECURE=True`.',
  references: [
    'https://cwe.mitre.org/data/definitions/614.html',
    'https://cwe.mitre.org/data/definitions/1004.html',
    'https://docs.djangoproject.com/en/stable/ref/settings/#session-cookie-secure',
    'https://flask.palletsprojects.com/en/stable/security/#set-cookie-options',
  ],
  matcher: { kind: 'node', types: ['call', 'assignment'], where: insecure },
});
