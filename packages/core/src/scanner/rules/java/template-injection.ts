import type { CallView, FunctionView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { probing, receiverIs, untrustedPrefix } from '../../lang/java/predicates.ts';
import { annotationNames, isHandlerMethod, isViewController, simpleTypeName } from '../../lang/java/tree.ts';

function velocity(call: CallView, ctx: MatchContext, _t: Taint): boolean {
  return receiverIs(call, ctx, { types: new Set(['VelocityEngine', 'Velocity', 'RuntimeInstance']), segments: new Set(['Velocity']), names: /^(?:velocity|velocityEngine|ve|engine|getVelocityEngine)$/i });
}

function thymeleaf(call: CallView, ctx: MatchContext, _t: Taint): boolean {
  return receiverIs(call, ctx, { types: new Set(['TemplateEngine', 'ITemplateEngine', 'SpringTemplateEngine', 'SpringWebFluxTemplateEngine']), names: /^(?:templateEngine|thymeleaf|thymeleafEngine|engine|springTemplateEngine)$/i });
}

function jinjava(call: CallView, ctx: MatchContext, _t: Taint): boolean {
  return receiverIs(call, ctx, { types: new Set(['Jinjava', 'Handlebars', 'PebbleEngine', 'SimpleTemplateEngine', 'GStringTemplateEngine', 'MustacheFactory', 'DefaultMustacheFactory', 'Compiler']), segments: new Set(['compiler']), names: /^(?:jinjava|jinja|handlebars|hbs|pebble|pebbleEngine|engine|templateEngine|mustache|mustacheFactory|mf|factory|compiler)$/i });
}

/** A view name that is not a redirect or forward. */
function viewName(node: SyntaxNode | null, ctx: MatchContext): boolean {
  if (!node) return false;
  const p = untrustedPrefix(node, ctx);
  return !(p.found && /^(?:redirect|forward):/.test(p.text));
}

function modelAndView(call: CallView, ctx: MatchContext, t: Taint): boolean {
  if (probing(t, ctx)) return true;
  return viewName(call.args.find((a) => a.index === 0)?.node ?? null, ctx);
}

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
    sinks: [
      { callee: ['Velocity.evaluate', '*.evaluate'], args: [3], where: velocity },
      { callee: ['Template'], args: [1] },
      { callee: ['*.putTemplate'], args: [1] },
      { callee: ['{templateEngine,thymeleaf,thymeleafEngine,springTemplateEngine,engine,htmlTemplateEngine,textTemplateEngine}.process', '*.{templateEngine,thymeleafEngine,springTemplateEngine,htmlTemplateEngine,textTemplateEngine}.process'], args: [0], where: thymeleaf },
      { callee: ['{jinjava,jinja,handlebars,hbs,pebble,pebbleEngine,engine,templateEngine,mustache,mustacheFactory,mf,factory,compiler}.{render,renderForResult,compileInline,getLiteralTemplate,createTemplate,compile}', '*.{jinjava,handlebars,pebbleEngine,pebble,mustacheFactory,templateEngine}.{render,renderForResult,compileInline,getLiteralTemplate,createTemplate,compile}', 'Mustache.compiler().compile', '*.compileInline', '*.getLiteralTemplate'], args: [0], where: jinjava },
      { callee: ['ST'], args: [0] },
      { callee: ['ModelAndView'], args: [0], where: modelAndView },
    ],
    returnSink: returnsView,
    params: 'built',
    local: 'never',
    check,
  },
});
