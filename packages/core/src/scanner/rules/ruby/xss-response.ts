import type { CallView } from '../../engine/adapter.ts';
import { classBit, defineRule, type MatchContext } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isRouteCall } from '../../lang/ruby/adapter.ts';
import { blockOf, enclosingClass, jsonByDefault, respondsNonHtml } from '../../lang/ruby/predicates.ts';

/**
 * A Sinatra route returns its block's last value as the response body (text/html by default):
 * `get '/hi' do "Hello #{params[:name]}" end` reflects the input as HTML.
 */
function routeReturnsInput(call: CallView, ctx: MatchContext) {
  if (!isRouteCall(call)) return false;
  if (/Grape::API|Grape::Endpoint/.test(enclosingClass(call.node).base)) return false;
  // A JSON API: `before { content_type :json }` or `set :default_content_type, :json` for every route.
  if (jsonByDefault(ctx.code)) return false;
  const block = blockOf(call);
  const body = block?.child('body');
  if (!body || respondsNonHtml(body, ctx)) return false;
  const statements = body.namedChildren.filter((c) => c.type !== 'comment');
  const last: SyntaxNode | undefined = statements[statements.length - 1];
  if (!last || !/^(?:string|identifier|instance_variable|element_reference|call|binary|heredoc_beginning|chained_string)$/.test(last.type)) return false;
  const t = ctx.taint(last);
  if (!t || t.strength !== 'remote' || t.sanitized & classBit('xss')) return false;
  return { node: last, message: `Untrusted data from ${t.label} is returned as the HTML body of a Sinatra route without escaping` };
}

export default defineRule({
  class: 'xss',
  confidence: 'high',
  cwe: ['CWE-79'],
  languages: ['ruby'],
  message: 'Untrusted input is returned as an HTML response body without escaping',
  remediation:
    'Render through an escaping template (`erb :page` with `<%= name %>` and `set :erb, escape_html: true`), escape the value with `Rack::Utils.escape_html` / `ERB::Util.h`, or respond with a non-HTML content type (`content_type :json`).',
  references: [
    'https://cwe.mitre.org/data/definitions/79.html',
    'https://sinatrarb.com/intro.html#return-values',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
  ],
  matcher: { kind: 'call', callee: ['get', 'post', 'put', 'patch', 'delete'], where: routeReturnsInput },
});
