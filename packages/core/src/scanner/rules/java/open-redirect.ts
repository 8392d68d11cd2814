import type { CallView, FunctionView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { probing, receiverSegments, redirectIsFixed, untrustedPrefix } from '../../lang/java/predicates.ts';
import { isHandlerMethod } from '../../lang/java/tree.ts';

function argAt(call: CallView, i: number): SyntaxNode | null {
  return call.args.find((a) => a.index === i)?.node ?? null;
}

function offSite(node: SyntaxNode | null, ctx: MatchContext, t: Taint): boolean {
  if (probing(t, ctx)) return true;
  return node !== null && !redirectIsFixed(untrustedPrefix(node, ctx));
}

function target0(call: CallView, ctx: MatchContext, t: Taint): boolean {
  return offSite(argAt(call, 0), ctx, t);
}

/** `new ModelAndView("redirect:" + url)`: only a redirect view name. */
function redirectView(call: CallView, ctx: MatchContext, t: Taint): boolean {
  const a = argAt(call, 0);
  if (!a) return false;
  if (probing(t, ctx)) return true;
  const p = untrustedPrefix(a, ctx);
  return p.found && /^redirect:/.test(p.text) && !redirectIsFixed(p);
}

/** `response.setHeader("Location", url)`, `headers.add(HttpHeaders.LOCATION, url)`. */
function locationHeader(call: CallView, ctx: MatchContext, t: Taint): boolean {
  const name = argAt(call, 0);
  if (!name) return false;
  const v = ctx.stringValue(name);
  const isLocation = v !== null ? /^location$/i.test(v) : /(?:^|\.)LOCATION$/.test(name.text);
  return isLocation && offSite(argAt(call, 1), ctx, t);
}

function locationBuilder(call: CallView, ctx: MatchContext, t: Taint): boolean {
  const segs = receiverSegments(call, ctx);
  if (!segs.some((s) => /^(?:ResponseEntity|status|found|seeOther|temporaryRedirect|Response|headers|HttpHeaders|ok|created|noContent)$/.test(s)) && !/header/i.test(segs[segs.length - 1] ?? '')) return false;
  return target0(call, ctx, t);
}

function returnsRedirect(fn: FunctionView): boolean {
  return fn.node.type === 'method_declaration' && isHandlerMethod(fn.node);
}

function check(_taint: Taint, ctx: MatchContext, at: SyntaxNode): boolean {
  if (at.type !== 'return_statement') return true;
  const value = at.namedChildren[0];
  if (!value) return false;
  const p = untrustedPrefix(value, ctx);
  return p.found && /^redirect:/.test(p.text) && !redirectIsFixed(p);
}

export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['java'],
  remediation:
    'Redirect only to relative paths on this site or to an allow-list of destinations: map a client-supplied key to a fixed URL, or accept the value only if it starts with a single `/` (not `//` or `/\\`) and has no scheme.',
  references: [
    'https://cwe.mitre.org/data/definitions/601.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.sendRedirect', 'RedirectView', 'Response.{seeOther,temporaryRedirect}'], args: [0], where: target0 },
      { callee: ['ModelAndView'], args: [0], where: redirectView },
      { callee: ['*.setHeader', '*.addHeader', '*.header', '*.add', '*.set'], args: [1], where: locationHeader },
      { callee: ['*.location', '*.setLocation'], args: [0], where: locationBuilder },
    ],
    returnSink: returnsRedirect,
    params: 'never',
    local: 'never',
    check,
  },
});
