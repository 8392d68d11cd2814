import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { isRouteCall } from '../../lang/ruby/adapter.ts';
import { blockOf, hostIsPinned, isSerialized, isSinatraCode, jsonByDefault, respondsNonHtml, urlLike } from '../../lang/ruby/predicates.ts';

/** `link_to name, url`: a `javascript:` URL runs script unless the link starts with a fixed path or host. */
function hrefDanger(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const urlAt = blockOf(call) ? 0 : 1;
  const url = call.args.find((a) => a.index === urlAt)?.node ?? null;
  const t = url ? ctx.taint(url) : null;
  if (!url || !t || t !== taint || !urlLike(url, ctx)) return false;
  return !hostIsPinned(url, ctx, t);
}

/**
 * Sinatra's `halt 404, "<h1>…</h1>"` (or `halt body`) ends the route with that body, sent as
 * text/html unless the route or the app says otherwise.
 */
function haltBody(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (call.receiver || !isSinatraCode(ctx.code) || jsonByDefault(ctx.code)) return false;
  const arg = call.args.find((a) => a.index >= 0 && ctx.taint(a.node) === taint);
  if (!arg || isSerialized(arg.node) || arg.node.type === 'hash') return false;
  const route = ctx.fn?.passedTo;
  if (route && isRouteCall(route) && ctx.fn?.body && respondsNonHtml(ctx.fn.body, ctx)) return false;
  return true;
}

export default defineRule({
  class: 'xss',
  confidence: 'high',
  cwe: ['CWE-79'],
  languages: ['ruby'],
  remediation:
    'Let Rails escape the value: do not call `html_safe` / `raw` on strings that contain input. Build markup with `content_tag` / `tag` helpers or `safe_join`, or pass the input through `sanitize(…)` (allow-listed tags) or `ERB::Util.html_escape` first. Only link to URLs with an http(s) scheme.',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://guides.rubyonrails.org/security.html#cross-site-scripting-xss',
    'https://api.rubyonrails.org/classes/ActionView/Helpers/OutputSafetyHelper.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.html_safe'], receiver: true, label: 'String#html_safe' },
      { callee: ['raw', '*.raw', 'safe_concat', '*.safe_concat', 'javascript_tag', '*.javascript_tag'], where: (call, ctx) => call.name !== 'raw' || !call.receiver || /(?:helpers|view_context|template)$/.test(ctx.pathText(call.receiver) ?? '') },
      { callee: ['render', '*.render', 'render_to_string'], args: [], keywords: ['text'], label: 'render text:' },
      { callee: ['link_to', '*.link_to', 'button_to'], args: [0, 1], where: hrefDanger, label: 'the href of link_to' },
      { callee: ['halt'], args: 'all', where: haltBody, label: 'halt (the response body)' },
    ],
    assignSinks: [{ target: ['res.body', 'response.body', 'self.response_body', 'response_body'], where: (target) => !/json|xml|csv|plain|javascript/i.test(target.parent?.parent?.text ?? ''), label: 'the response body' }],
    local: 'never',
    params: 'never',
  },
});
