import type { FunctionView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { viewName } from '../../lang/java/checks/templates.ts';
import { annotationNames, isHandlerMethod, isViewController, simpleTypeName } from '../../lang/java/tree.ts';

/** A Spring MVC @Controller handler returning a view name (not a @ResponseBody). */
function returnsView(fn: FunctionView): boolean {
  const m = fn.node;
  if (m.type !== 'method_declaration' || !isHandlerMethod(m) || !isViewController(m)) return false;
  if (annotationNames(m).includes('ResponseBody')) return false;
  return /^(?:String|ModelAndView)$/.test(simpleTypeName(m.child('type')?.text ?? ''));
}

function check(_taint: Taint, ctx: MatchContext, at: SyntaxNode): boolean {
  if (at.type !== 'return_statement') return true;
  return viewName(at.namedChildren[0] ?? null, ctx);
}

export default defineRule({
  class: 'template-injection',
  confidence: 'high',
  languages: ['java'],
  remediation:
    'Never build templates or view names from request data: keep templates as files, pass user data only as model variables, and map a client choice to a fixed view name through an allow-list. For Thymeleaf, do not return `"prefix/" + userInput` or `"page :: " + fragment` from a controller.',
  references: [
    'https://cwe.mitre.org/data/definitions/1336.html',
    'https://portswigger.net/research/server-side-template-injection',
    'https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/18-Testing_for_Server-side_Template_Injection',
  ],
  matcher: {
    kind: 'taint',
    // Sinks: the velocity, freemarker, thymeleaf, jinjava, stringtemplate and spring-web models (models/java).
    sinks: [],
    returnSink: returnsView,
    params: 'built',
    local: 'low',
    check,
  },
});
