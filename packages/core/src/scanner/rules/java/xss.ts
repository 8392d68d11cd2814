import type { FunctionView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { annotationNames, annotationTexts, enclosingClass, enclosingMethod, findAfter, isHandlerMethod, parameterNodes, simpleTypeName, writesBody } from '../../lang/java/tree.ts';

const BODY_RETURN = /^(?:String|CharSequence|Object|ResponseEntity|Response|HttpEntity|Mono|StringBuilder)$/;

/** Spring's request-binding annotations: a method with such a parameter is a handler, whatever maps it (a meta-annotation of the application's own). */
const BINDINGS = new Set(['RequestParam', 'PathVariable', 'RequestBody', 'RequestHeader', 'CookieValue', 'MatrixVariable', 'RequestPart']);
/** Return types that are written as the response body in any controller. */
const ENTITIES = new Set(['ResponseEntity', 'HttpEntity']);

function handlerBody(fn: FunctionView): boolean {
  const m = fn.node;
  if (m.type !== 'method_declaration') return false;
  const rt = simpleTypeName(m.child('type')?.text ?? '');
  if (!BODY_RETURN.test(rt)) return false;
  if (!isHandlerMethod(m) && !parameterNodes(m).some((p) => annotationNames(p).some((a) => BINDINGS.has(a)))) return false;
  return writesBody(m) || ENTITIES.has(rt);
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
    // Sinks: the servlet model (response writers).
    sinks: [],
    returnSink: (fn) => handlerBody(fn),
    params: 'never',
    local: 'low',
    check: htmlResponse,
  },
});
