import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { arrayEntries, isFalsy, isTruthy, skipSpaces, unwrap } from '../../lang/php/helpers.ts';

/** Cookie names that carry a session, an identity or a secret. */
const SENSITIVE = /sess|sid|token|auth|login|logged|remember|user|uid|member|account|jwt|key|secret|pass|csrf|xsrf|ident|admin|role/i;

function arg(call: CallView, index: number, name: string): SyntaxNode | null {
  return call.args.find((a) => a.index === index || a.name === name)?.node ?? null;
}

/** Whether the cookie is being deleted (`setcookie('x', '', time() - 3600)`): flags do not matter then. */
function deleting(call: CallView, ctx: MatchContext): boolean {
  const value = arg(call, 1, 'value');
  if (!value) return true;
  if (ctx.stringValue(value) === '' || /^(?:null|false)$/i.test(unwrap(value).text)) return true;
  const expires = arg(call, 2, 'expires_or_options') ?? arg(call, 2, 'expire');
  return expires !== null && expiresInThePast(expires.text);
}

/** `time() - 3600`: an expiry in the past deletes the cookie. */
function expiresInThePast(text: string): boolean {
  for (let i = text.indexOf('time()'); i >= 0; i = text.indexOf('time()', i + 1)) {
    const minus = skipSpaces(text, i + 6);
    if (text[minus] !== '-') continue;
    const digit = text.charCodeAt(skipSpaces(text, minus + 1));
    if (digit >= 48 && digit <= 57) return true;
  }
  return false;
}

function sensitive(call: CallView, ctx: MatchContext): boolean {
  const name = arg(call, 0, 'name');
  if (!name) return false;
  const value = ctx.stringValue(name);
  if (value === null) return true;
  return SENSITIVE.test(value);
}

function setcookie(call: CallView, ctx: MatchContext): Verdict {
  if (deleting(call, ctx) || !sensitive(call, ctx)) return false;
  const third = arg(call, 2, 'expires_or_options');
  const options = third ? arrayEntries(third) : null;
  let secure: SyntaxNode | null;
  let httponly: SyntaxNode | null;
  if (options) {
    secure = options.find((e) => e.key?.toLowerCase() === 'secure')?.value ?? null;
    httponly = options.find((e) => e.key?.toLowerCase() === 'httponly')?.value ?? null;
  } else {
    secure = arg(call, 5, 'secure');
    httponly = arg(call, 6, 'httponly');
  }
  const noSecure = !secure || isFalsy(secure, ctx);
  const noHttpOnly = !httponly || isFalsy(httponly, ctx);
  const cookie = ctx.stringValue(arg(call, 0, 'name') ?? call.node) ?? 'cookie';
  if (noSecure && noHttpOnly) return { message: `Cookie "${cookie}" is set without the Secure and HttpOnly flags`, cwe: ['CWE-614', 'CWE-1004'] };
  if (noSecure) return { message: `Cookie "${cookie}" is set without the Secure flag`, cwe: ['CWE-614'] };
  if (noHttpOnly) return { message: `Cookie "${cookie}" is set without the HttpOnly flag`, cwe: ['CWE-1004'] };
  return false;
}

/** `session_set_cookie_params($lifetime, $path, $domain, $secure, $httponly)` or its options array. */
function sessionParams(call: CallView, ctx: MatchContext): Verdict {
  const first = arg(call, 0, 'lifetime_or_options');
  const options = first ? arrayEntries(first) : null;
  let secure: SyntaxNode | null = null;
  let httponly: SyntaxNode | null = null;
  if (options) {
    secure = options.find((e) => e.key?.toLowerCase() === 'secure')?.value ?? null;
    httponly = options.find((e) => e.key?.toLowerCase() === 'httponly')?.value ?? null;
  } else {
    secure = arg(call, 3, 'secure');
    httponly = arg(call, 4, 'httponly');
  }
  const cwe: string[] = [];
  if (secure && isFalsy(secure, ctx)) cwe.push('CWE-614');
  if (httponly && isFalsy(httponly, ctx)) cwe.push('CWE-1004');
  return cwe.length > 0
    ? {
        message:
          'The session cookie is configured without ' + (cwe.length === 2 ? 'the Secure and HttpOnly flags' : cwe[0] === 'CWE-614' ? 'the Secure flag' : 'the HttpOnly flag'),
        cwe,
      }
    : false;
}

/** `ini_set('session.cookie_httponly', 0)`, `ini_set('session.cookie_secure', '0')`. */
function iniSet(call: CallView, ctx: MatchContext): Verdict {
  const key = ctx.stringValue(arg(call, 0, 'option') ?? call.node);
  const value = arg(call, 1, 'value');
  if (!key || !value || !isFalsy(value, ctx)) return false;
  if (key === 'session.cookie_httponly') return { message: 'session.cookie_httponly is turned off', cwe: ['CWE-1004'] };
  if (key === 'session.cookie_secure') return { message: 'session.cookie_secure is turned off', cwe: ['CWE-614'] };
  return false;
}

/** Laravel `cookie()`/`Cookie::make()` and Symfony `new Cookie()`/`Cookie::create()` with explicit false flags. */
function frameworkCookie(call: CallView, ctx: MatchContext): Verdict {
  const secure = arg(call, 5, 'secure');
  const httponly = arg(call, 6, 'httpOnly');
  const cwe: string[] = [];
  if (secure && isFalsy(secure, ctx)) cwe.push('CWE-614');
  if (httponly && isFalsy(httponly, ctx)) cwe.push('CWE-1004');
  if (cwe.length === 0 || !sensitive(call, ctx)) return false;
  return { message: `Cookie is created with ${cwe.length === 2 ? 'Secure and HttpOnly' : cwe[0] === 'CWE-614' ? 'Secure' : 'HttpOnly'} explicitly off`, cwe };
}

function check(call: CallView, ctx: MatchContext): Verdict {
  switch (call.name) {
    case 'setcookie':
    case 'setrawcookie':
      return setcookie(call, ctx);
    case 'session_set_cookie_params':
      return sessionParams(call, ctx);
    case 'ini_set':
      return iniSet(call, ctx);
    default:
      return frameworkCookie(call, ctx);
  }
}

export default defineRule({
  class: 'insecure-cookie',
  confidence: 'medium',
  cwe: ['CWE-614', 'CWE-1004'],
  languages: ['php'],
  message: 'A sensitive cookie is set without the Secure and/or HttpOnly flag',
  remediation:
    "Set both flags: `setcookie($name, $value, ['expires' => $t, 'path' => '/', 'secure' => true, 'httponly' => true, 'samesite' => 'Lax'])`, and `session.cookie_secure=1`, `session.cookie_httponly=1` (or `session_set_cookie_params(['secure' => true, 'httponly' => true])`).",
  references: ['https://cwe.mitre.org/data/definitions/614.html', 'https://cwe.mitre.org/data/definitions/1004.html', 'https://www.php.net/manual/en/function.setcookie.php'],
  matcher: {
    kind: 'call',
    callee: ['setcookie', 'setrawcookie', 'session_set_cookie_params', 'ini_set', 'cookie', 'Cookie.make', 'Cookie.forever', 'Cookie.create', 'Cookie', 'Cookie.queue'],
    where: check,
  },
});
