/** Named checks for web responses: redirects, markup, templates and rendered files. */
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { isRouteCall } from '../adapter.ts';
import { blockOf, hostIsPinned, isFalse, isSerialized, isSinatraCode, isTrue, jsonByDefault, keyword, respondsNonHtml, urlLike } from '../predicates.ts';

/**
 * `offsite-redirect`: `redirect_to x` leaves the site when x is an absolute URL from the request.
 * Not reported: a fixed host or local path before the input, `only_path: true` /
 * `allow_other_host: false`, records (`redirect_to @user`), route helpers, and the referer.
 */
export function offsiteRedirect(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (isFalse(keyword(call, 'allow_other_host'))) return false;
  // The referer and the current URL are not attacker-chosen destinations in practice (`redirect_to request.original_url`).
  if (/^request\.(?:referer|referrer|url|original_url)\b/.test(taint.label) || /HTTP_REFERER/.test(taint.label)) return false;
  const arg = call.name === 'redirect_back' ? keyword(call, 'fallback_location') : (call.args.find((a) => a.index === 0)?.node ?? null);
  // `redirect_to controller: …, only_path: true`: the options build a local URL. After a String URL
  // (`redirect_to params[:to], only_path: true`) `only_path` is a response option Rails ignores.
  if (!arg) return false;
  if (arg.type === 'hash' || !urlLike(arg, ctx) || optionsStayLocal(arg)) return false;
  return !hostIsPinned(arg, ctx, taint);
}

/** Keys of `url_for` options that choose where the URL points. */
const HOST_KEYS = new Set(['host', 'domain', 'subdomain', 'protocol', 'port']);

/**
 * Options handed to `url_for` that cannot name another host: bare `params` (Rails refuses to
 * build a URL from unpermitted parameters), `params.permit(:page, :sort)` without a host key, and
 * `….merge(only_path: true)` / `….merge(host: "fixed")`. `params.to_unsafe_h` and `permit!` can.
 */
function optionsStayLocal(arg: SyntaxNode): boolean {
  if (arg.type === 'identifier') return arg.text === 'params';
  if (arg.type !== 'call') return false;
  const method = arg.child('method')?.text ?? '';
  const args = arg.child('arguments')?.namedChildren ?? [];
  if (method === 'permit') return args.length > 0 && args.every((a) => (a.type === 'simple_symbol' || a.type === 'string') && !HOST_KEYS.has(a.text.replace(/^:|["']/g, '')));
  if (method === 'merge' || method === 'merge!') {
    const pairs = args.flatMap((a) => (a.type === 'pair' ? [a] : a.type === 'hash' ? a.namedChildren.filter((c) => c.type === 'pair') : []));
    return pairs.some((p) => {
      const key = (p.child('key')?.text ?? '').replace(/^:|:$|["']/g, '');
      const value = p.child('value');
      return (key === 'only_path' && isTrue(value)) || (key === 'host' && value?.type === 'string' && !value.namedChildren.some((c) => c.type === 'interpolation'));
    });
  }
  return false;
}

/** `view-raw`: `raw(x)` is ActionView's helper, or `helpers.raw` / `view_context.raw`; other `x.raw` calls are not markup. */
export function viewRaw(call: CallView, ctx: MatchContext): boolean {
  return call.name !== 'raw' || !call.receiver || /(?:helpers|view_context|template)$/.test(ctx.pathText(call.receiver) ?? '');
}

/** `link-href`: `link_to name, url`: a `javascript:` URL runs script unless the link starts with a fixed path or host. */
export function linkHref(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const urlAt = blockOf(call) ? 0 : 1;
  const url = call.args.find((a) => a.index === urlAt)?.node ?? null;
  const t = url ? ctx.taint(url) : null;
  if (!url || !t || t !== taint || !urlLike(url, ctx)) return false;
  return !hostIsPinned(url, ctx, t);
}

/**
 * `halt-body`: Sinatra's `halt 404, "<h1>…</h1>"` (or `halt body`) ends the route with that body,
 * sent as text/html unless the route or the app says otherwise.
 */
export function haltBody(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (call.receiver || !isSinatraCode(ctx.code) || jsonByDefault(ctx.code)) return false;
  const arg = call.args.find((a) => a.index >= 0 && ctx.taint(a.node) === taint);
  if (!arg || isSerialized(arg.node) || arg.node.type === 'hash') return false;
  const route = ctx.fn?.passedTo;
  if (route && isRouteCall(route) && ctx.fn?.body && respondsNonHtml(ctx.fn.body, ctx)) return false;
  return true;
}

/** `html-body` (assignment): `response.body = x` outside a JSON / XML / CSV / plain-text / script response. */
export function htmlBody(target: SyntaxNode): boolean {
  return !/json|xml|csv|plain|javascript/i.test(target.parent?.parent?.text ?? '');
}

/** `render-path`: `render x` / `render file: x`: a dynamic template or file path (`render @user` renders a partial for a record). */
export function renderPath(call: CallView, ctx: MatchContext): boolean {
  const first = call.args.find((a) => a.index === 0)?.node;
  if (first && ctx.taint(first)) return first.type !== 'hash' && (urlLike(first, ctx) || first.type === 'element_reference' || first.type === 'string');
  return true;
}

/** `inline-template`: Sinatra's `erb x` / `haml x` render a String argument as template source (a Symbol names a view file). */
export function inlineTemplate(call: CallView, ctx: MatchContext): boolean {
  const arg = call.args.find((a) => a.index === 0)?.node;
  return arg !== undefined && arg.type !== 'simple_symbol' && !ctx.isConstant(arg);
}
