/**
 * Named checks for HTTP response and session sinks (models: servlet, spring-web, jaxrs): writers
 * that go to the response, redirect targets that leave the site, response headers, session stores.
 */
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { nonHtmlContentType, probing, receiverIs, receiverSegments, redirectIsFixed, resolveLocal, responseContentType, untrustedPrefix } from '../predicates.ts';
import { annotationNames, classBases, enclosingClass, enclosingMethod, findAfter, findDeclaration, simpleTypeName, unwrap } from '../tree.ts';

// ---- response writers (xss) -----------------------------------------------------------------

const RESPONSE_NAME = /^(?:response|resp|res|httpResponse|servletResponse|httpServletResponse|getResponse)$/;
const WRITER_TYPES = /^(?:JspWriter|ServletOutputStream)$/;

/** `response.getWriter()`, `resp.getOutputStream()`, `getResponse().getWriter()`. */
function isResponseStreamCall(n: SyntaxNode): boolean {
  const u = unwrap(n);
  if (u.type !== 'method_invocation') return false;
  const name = u.child('name')?.text ?? '';
  if (name !== 'getWriter' && name !== 'getOutputStream') return false;
  const obj = u.child('object');
  if (!obj) return false;
  const o = unwrap(obj);
  const last = o.type === 'method_invocation' ? (o.child('name')?.text ?? '') : o.type === 'field_access' ? (o.child('field')?.text ?? '') : o.text;
  if (RESPONSE_NAME.test(last)) return true;
  if (o.type === 'identifier') {
    const d = findDeclaration(o.text, o);
    return d?.type ? /Response$/.test(simpleTypeName(d.type)) : false;
  }
  return false;
}

/** A writer that goes to the HTTP response: `response.getWriter()`, or a variable/`new PrintWriter(…)` made from it. */
function isResponseWriter(receiver: SyntaxNode, depth = 0): boolean {
  if (depth > 4) return false;
  const r = unwrap(receiver);
  if (isResponseStreamCall(r)) return true;
  if (r.type === 'object_creation_expression') {
    const first = r.child('arguments')?.namedChildren[0];
    return first ? isResponseWriter(first, depth + 1) : false;
  }
  if (r.type === 'identifier') {
    const d = findDeclaration(r.text, r);
    if (!d) return false;
    if (d.type && WRITER_TYPES.test(simpleTypeName(d.type))) return true;
    if (d.init) return isResponseWriter(d.init, depth + 1);
    // A `PrintWriter out` assigned later: look for `out = response.getWriter()` in the method.
    const m = enclosingMethod(r);
    if (m && d.kind === 'local') return findAfter(m.text, r.text, /^\s*=\s*\w+\.get(?:Writer|OutputStream)\(/, true) !== null;
  }
  return false;
}

/** Whether an expression is a writer or stream of the HTTP response. */
export function writesResponse(receiver: SyntaxNode): boolean {
  return isResponseWriter(receiver);
}

const WEB_BASES = new Set(['HttpServlet', 'GenericServlet', 'Servlet', 'Filter', 'HttpFilter', 'OncePerRequestFilter', 'GenericFilterBean', 'HandlerInterceptor', 'ActionSupport']);
const WEB_ANNOTATIONS = new Set(['Controller', 'RestController', 'WebServlet', 'WebFilter', 'Path', 'ControllerAdvice', 'RestControllerAdvice']);
const REQUEST_TYPES = new Set(['HttpServletRequest', 'ServletRequest', 'HttpServletResponse', 'ServletResponse', 'ServerWebExchange', 'ServerRequest']);

/** Whether code runs inside a web application's request handling: a servlet, filter, controller or resource, or a method given a request or response. */
export function inWebComponent(node: SyntaxNode): boolean {
  const method = enclosingMethod(node);
  if (method) {
    for (const p of method.child('parameters')?.namedChildren ?? []) {
      if (p.type === 'formal_parameter' && REQUEST_TYPES.has(simpleTypeName(p.child('type')?.text ?? ''))) return true;
    }
  }
  for (let c = enclosingClass(node), depth = 0; c && depth < 8; c = enclosingClass(c), depth++) {
    if (classBases(c).some((b) => WEB_BASES.has(b))) return true;
    if (c.type !== 'object_creation_expression' && annotationNames(c).some((a) => WEB_ANNOTATIONS.has(a))) return true;
  }
  return false;
}

/** `out.print(x)` on a writer of the HTTP response whose content type is not plain data. */
export function responseWriter(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  if (!call.receiver || !isResponseWriter(call.receiver)) return false;
  return !nonHtmlContentType(responseContentType(call.node, ctx));
}

// ---- redirects ------------------------------------------------------------------------------

function argAt(call: CallView, i: number): SyntaxNode | null {
  return call.args.find((a) => a.index === i)?.node ?? null;
}

function offSite(node: SyntaxNode | null, ctx: MatchContext, t: Taint): boolean {
  if (probing(t, ctx)) return true;
  return node !== null && !redirectIsFixed(untrustedPrefix(node, ctx));
}

/** The first argument is a redirect target that untrusted data can send off the site. */
export function redirectTarget(call: CallView, ctx: MatchContext, t: Taint): boolean {
  return offSite(argAt(call, 0), ctx, t);
}

/** `new ModelAndView("redirect:" + url)`: only a redirect view name. */
export function redirectView(call: CallView, ctx: MatchContext, t: Taint): boolean {
  const a = argAt(call, 0);
  if (!a) return false;
  if (probing(t, ctx)) return true;
  const p = untrustedPrefix(a, ctx);
  return p.found && /^redirect:/.test(p.text) && !redirectIsFixed(p);
}

/** `response.setHeader("Location", url)`, `headers.add(HttpHeaders.LOCATION, url)`. */
export function locationHeader(call: CallView, ctx: MatchContext, t: Taint): boolean {
  const name = argAt(call, 0);
  if (!name) return false;
  const v = ctx.stringValue(name);
  const isLocation = v !== null ? /^location$/i.test(v) : /(?:^|\.)LOCATION$/.test(name.text);
  return isLocation && offSite(argAt(call, 1), ctx, t);
}

/** `ResponseEntity.status(FOUND).location(uri)`, `headers.setLocation(uri)`. */
export function locationBuilder(call: CallView, ctx: MatchContext, t: Taint): boolean {
  const segs = receiverSegments(call, ctx);
  if (
    !segs.some((s) => /^(?:ResponseEntity|status|found|seeOther|temporaryRedirect|Response|headers|HttpHeaders|ok|created|noContent)$/.test(s)) &&
    !/header/i.test(segs[segs.length - 1] ?? '')
  )
    return false;
  return redirectTarget(call, ctx, t);
}

// ---- response headers -----------------------------------------------------------------------

const RESPONSE_TYPES = new Set(['HttpServletResponse', 'ServletResponse', 'HttpServletResponseWrapper', 'HttpHeaders', 'ServerHttpResponse', 'HttpResponse']);
const RESPONSE_NAMES = /^(?:response|resp|res|httpResponse|servletResponse|httpServletResponse|getResponse|headers|httpHeaders|responseHeaders|getHeaders)$/;

/** A call on the HTTP response (`response.addCookie(c)`, `response.sendError(404, msg)`). */
export function httpResponse(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  return receiverIs(call, ctx, { types: RESPONSE_TYPES, names: RESPONSE_NAMES });
}

/** Whether a cookie value is data as it was read (a variable, a request read, a concatenation of those), not a token or id computed from it. */
function valueAsRead(n: SyntaxNode, depth = 0): boolean {
  if (depth > 4) return false;
  const u = unwrap(n);
  if (u.type === 'identifier') return true;
  if (u.type === 'binary_expression') return [u.child('left'), u.child('right')].some((x) => x !== null && valueAsRead(x, depth + 1));
  if (u.type !== 'method_invocation') return false;
  const name = u.child('name')?.text ?? '';
  if (REQUEST_READ.test(name)) return true;
  return /^(?:trim|strip|toLowerCase|toUpperCase|toString)$/.test(name) && valueAsRead(u.child('object') ?? u, depth + 1);
}

/**
 * `response.addCookie(c)` where c was made here with untrusted data as its value, as read
 * (`new Cookie("lang", lang)`): a Set-Cookie header the data can split. A value computed from the
 * data (a token, a hash, an id looked up) is not the data.
 */
export function cookieFromData(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!httpResponse(call, ctx, taint)) return false;
  if (probing(taint, ctx)) return true;
  const arg = call.args.find((a) => a.index === 0)?.node;
  if (!arg) return false;
  const u = unwrap(arg);
  const made = u.type === 'object_creation_expression' ? u : unwrapMade(resolveLocal(u));
  if (!made || simpleTypeName(made.child('type')?.text ?? '') !== 'Cookie') return false;
  const value = made.child('arguments')?.namedChildren[1];
  return value !== undefined && ctx.taint(value) !== null && valueAsRead(value);
}

function unwrapMade(n: SyntaxNode | null): SyntaxNode | null {
  return n ? unwrap(n) : null;
}

/** A header on the response, except `Location` (an open redirect, reported as such). */
export function responseHeader(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  const name = call.args.find((a) => a.index === 0)?.node;
  if (name) {
    const v = ctx.stringValue(name);
    if ((v !== null && /^location$/i.test(v)) || /(?:^|\.)LOCATION$/.test(name.text)) return false;
  }
  if (call.name === 'header') {
    const text = call.receiver?.text ?? '';
    return /ResponseEntity|Response\.|\bok\(|status\(/.test(text);
  }
  return receiverIs(call, ctx, { types: RESPONSE_TYPES, names: RESPONSE_NAMES });
}

// ---- session attributes ---------------------------------------------------------------------

const SESSION_TYPES = new Set(['HttpSession', 'WebSession']);
const SESSION_NAMES = /^(?:session|httpSession|sess|getSession|userSession)$/;
const REQUEST_READ = /^(?:getParameter|getHeader|getParameterValues|getQueryString|getCookies|getValue)$/;

/** The stored value is request data as read (a request parameter or a handler argument), not something derived from it. */
function rawRequestValue(n: SyntaxNode, depth = 0): boolean {
  if (depth > 3) return false;
  const u = unwrap(n);
  if (u.type === 'method_invocation')
    return (
      REQUEST_READ.test(u.child('name')?.text ?? '') ||
      (/^(?:trim|strip|toLowerCase|toUpperCase)$/.test(u.child('name')?.text ?? '') && rawRequestValue(u.child('object') ?? u, depth + 1))
    );
  if (u.type === 'binary_expression') return [u.child('left'), u.child('right')].some((x) => x !== null && rawRequestValue(x, depth + 1));
  if (u.type === 'identifier') {
    const d = findDeclaration(u.text, u);
    if (d?.kind === 'param') return true;
    const init = resolveLocal(u);
    return init !== null && rawRequestValue(init, depth + 1);
  }
  return false;
}

/** `session.setAttribute(name, value)` with request data stored as read. */
export function sessionStore(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!receiverIs(call, ctx, { types: SESSION_TYPES, names: SESSION_NAMES, segments: new Set(['getSession']) })) return false;
  if (probing(taint, ctx)) return true;
  return call.args.some((a) => a.index >= 0 && a.index <= 1 && ctx.taint(a.node) !== null && rawRequestValue(a.node));
}
