import type { CallView } from '../../engine/adapter.ts';
import { literalParts, stdoutWriter } from '../../lang/c/web.ts';
import { callArgs } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext } from '../../rule.ts';

/** `res.set_header("Location", url)`: the header set is the redirect target. */
function locationHeader(call: CallView, ctx: MatchContext): boolean {
  const name = call.args.find((a) => a.index === 0)?.node;
  return name !== undefined && (ctx.stringValue(name) ?? '').toLowerCase() === 'location';
}

/** `printf("Location: %s\r\n\r\n", url)` in a CGI program. */
function cgiLocation(call: CallView): boolean {
  if (!stdoutWriter(call.name, callArgs(call.node))) return false;
  return literalParts(call.node).some((t) => t.toLowerCase().includes('location:'));
}

/** A target that starts with a fixed local path (`"/account/" + id`) stays on this site. */
function fixedPrefix(node: SyntaxNode | undefined): boolean {
  if (!node) return false;
  const first = literalParts(node, 1)[0];
  if (first === undefined || !node.text.trimStart().startsWith('"')) return false;
  return first.length > 1 && first.startsWith('/') && first[1] !== '/' && first[1] !== '\\';
}

export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['c', 'cpp'],
  remediation:
    'Redirect only to local paths (reject values that do not start with a single `/`, or that start with `//` or `/\\`), or map a short key to an allow-listed URL; never redirect to a URL taken from the request as is.',
  references: ['https://cwe.mitre.org/data/definitions/601.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.set_redirect', '*.redirect', '*.redirect_perm', 'HttpResponse.newRedirectionResponse', 'drogon.HttpResponse.newRedirectionResponse'], args: [0], where: (call, ctx) => !fixedPrefix(call.args.find((a) => a.index === 0)?.node), label: 'the redirect' },
      { callee: ['*.set_header', '*.add_header', '*.setHeader', '*.addHeader', '*.set_header_value', '*.insert_header'], args: [1], where: (call, ctx) => locationHeader(call, ctx) && !fixedPrefix(call.args.find((a) => a.index === 1)?.node), label: 'the Location header' },
      { callee: ['printf', 'fprintf', 'FCGI_printf', 'std.printf', 'std.fprintf'], args: 'all', where: cgiLocation, label: 'the Location header' },
    ],
    params: 'never',
    local: 'never',
  },
});
