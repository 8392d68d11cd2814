/**
 * Named checks for template sinks (models: velocity, thymeleaf, jinjava…, spring-web): which
 * receivers are template engines, and which view names are templates rather than redirects.
 */
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { probing, receiverIs, untrustedPrefix } from '../predicates.ts';

/** A Velocity engine (`Velocity.evaluate(ctx, out, tag, template)`). */
export function velocity(call: CallView, ctx: MatchContext, _t: Taint): boolean {
  return receiverIs(call, ctx, {
    types: new Set(['VelocityEngine', 'Velocity', 'RuntimeInstance']),
    segments: new Set(['Velocity']),
    names: /^(?:velocity|velocityEngine|ve|engine|getVelocityEngine)$/i,
  });
}

/** A Thymeleaf template engine (`process(template, ctx)`). */
export function thymeleaf(call: CallView, ctx: MatchContext, _t: Taint): boolean {
  return receiverIs(call, ctx, {
    types: new Set(['TemplateEngine', 'ITemplateEngine', 'SpringTemplateEngine', 'SpringWebFluxTemplateEngine']),
    names: /^(?:templateEngine|thymeleaf|thymeleafEngine|engine|springTemplateEngine)$/i,
  });
}

/** Jinjava, Handlebars, Pebble, Groovy templates, Mustache: engines that compile a template string. */
export function jinjava(call: CallView, ctx: MatchContext, _t: Taint): boolean {
  return receiverIs(call, ctx, {
    types: new Set(['Jinjava', 'Handlebars', 'PebbleEngine', 'SimpleTemplateEngine', 'GStringTemplateEngine', 'MustacheFactory', 'DefaultMustacheFactory', 'Compiler']),
    segments: new Set(['compiler']),
    names: /^(?:jinjava|jinja|handlebars|hbs|pebble|pebbleEngine|engine|templateEngine|mustache|mustacheFactory|mf|factory|compiler)$/i,
  });
}

/** A view name that is not a redirect or forward. */
export function viewName(node: SyntaxNode | null, ctx: MatchContext): boolean {
  if (!node) return false;
  const p = untrustedPrefix(node, ctx);
  return !(p.found && /^(?:redirect|forward):/.test(p.text));
}

/** `new ModelAndView(name)` with a view name (not a redirect or forward). */
export function modelAndView(call: CallView, ctx: MatchContext, t: Taint): boolean {
  if (probing(t, ctx)) return true;
  return viewName(call.args.find((a) => a.index === 0)?.node ?? null, ctx);
}
