import type { CallView, FunctionView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { nonHtmlContentType, responseContentType } from '../../lang/java/predicates.ts';
import { annotationTexts, enclosingClass, enclosingMethod, findAfter, findDeclaration, isHandlerMethod, simpleTypeName, unwrap, writesBody } from '../../lang/java/tree.ts';

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

function writerSink(call: CallView, ctx: MatchContext, _taint: Taint): boolean {
  if (!call.receiver || !isResponseWriter(call.receiver)) return false;
  return !nonHtmlContentType(responseContentType(call.node, ctx));
}

const BODY_RETURN = /^(?:String|CharSequence|Object|ResponseEntity|Response|HttpEntity|Mono|StringBuilder)$/;

function handlerBody(fn: FunctionView): boolean {
  const m = fn.node;
  if (m.type !== 'method_declaration' || !isHandlerMethod(m) || !writesBody(m)) return false;
  const rt = m.child('type')?.text ?? '';
  return BODY_RETURN.test(simpleTypeName(rt));
}

function producesOf(method: SyntaxNode): string {
  const cls = enclosingClass(method);
  return [...annotationTexts(method), ...(cls ? annotationTexts(cls) : [])].filter((a) => /produces|@Produces/.test(a)).join(' ');
}

/** A handler's returned body is HTML: declared so, set so, or built from markup. */
function htmlResponse(taint: Taint, _ctx: MatchContext, at: SyntaxNode): boolean {
  if (at.type !== 'return_statement') return true;
  const method = enclosingMethod(at);
  if (!method) return false;
  const produces = producesOf(method);
  const returned = at.text;
  if (/html/i.test(produces) || /TEXT_HTML|text\/html/.test(returned)) return true;
  if (/json|JSON|TEXT_PLAIN|text\/plain|xml|XML/.test(produces) || /APPLICATION_JSON|application\/json|TEXT_PLAIN|text\/plain/.test(returned)) return false;
  return taint.built && findAfter(taint.text, '<', /^\s*[a-zA-Z!/]/) !== null;
}

export default defineRule({
  class: 'xss',
  confidence: 'high',
  cwe: ['CWE-79'],
  languages: ['java'],
  remediation:
    'Encode for the HTML context before writing (`Encode.forHtml(x)` from the OWASP Java Encoder, Spring `HtmlUtils.htmlEscape(x)`, `StringEscapeUtils.escapeHtml4(x)`), or render through a template engine that escapes by default (Thymeleaf `th:text`, JSP `<c:out>`). Return JSON with a JSON content type instead of building HTML strings.',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
    'https://owasp.org/www-project-java-encoder/',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.print', '*.println', '*.write', '*.append'], args: [0], where: writerSink },
      { callee: ['*.printf', '*.format'], args: 'all', where: writerSink },
    ],
    returnSink: (fn) => handlerBody(fn),
    params: 'never',
    local: 'never',
    check: htmlResponse,
  },
});
