import type { FunctionView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { annotationTexts, enclosingClass, enclosingMethod, findAfter, isHandlerMethod, simpleTypeName, writesBody } from '../../lang/java/tree.ts';

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
    // Sinks: the servlet model (response writers).
    sinks: [],
    returnSink: (fn) => handlerBody(fn),
    params: 'never',
    local: 'low',
    check: htmlResponse,
  },
});
