import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { hostChecked, isRedirectHeader, leadingLiteral, redirectHeaderTarget, unwrap } from '../../lang/php/helpers.ts';

/**
 * Whether the redirect target is pinned by a literal prefix: a relative path (`/profile?id=`,
 * `index.php?page=`) or an absolute URL with a host (`https://example.com/…`). `//`, `/\`, a bare
 * scheme or an empty prefix leave the destination open.
 */
export function destinationFixed(target: string): boolean {
  const t = redirectHeaderTarget(target) ?? target;
  if (t.length === 0) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+[/?#]/i.test(t)) return true;
  if (/^[a-z][a-z0-9+.-]*:\/*$/i.test(t)) return false;
  if (/^[/\\]{2}/.test(t)) return false;
  if (/^\/[^/\\]/.test(t) || /^[\w.-]+(?:\.php|\.html?)?[/?#]/.test(t)) return true;
  if (/^\?/.test(t)) return true;
  return false;
}

/** `header("Location: " . $url)`: only the `Location` header (other headers are header injection). */
function locationHeader(call: CallView, ctx: MatchContext): boolean {
  const first = call.args.find((a) => a.index === 0);
  if (!first) return false;
  return isRedirectHeader(leadingLiteral(first.node, ctx));
}

function open(arg: SyntaxNode | undefined, ctx: MatchContext): boolean {
  if (!arg) return false;
  return !destinationFixed(leadingLiteral(unwrap(arg), ctx)) && !hostChecked(arg, ctx);
}

export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['php'],
  remediation:
    'Redirect only to relative paths you build, or check the target against an allow-list of hosts (`parse_url($url, PHP_URL_HOST)`); in WordPress use `wp_safe_redirect()` / `wp_validate_redirect()`, in Laravel `redirect()->route(…)` or `redirect()->intended()`.',
  references: ['https://cwe.mitre.org/data/definitions/601.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['header'], args: [0], where: (call, ctx) => locationHeader(call, ctx) && open(call.args[0]?.node, ctx) },
      {
        callee: [
          'wp_redirect',
          'redirect',
          'Redirect.to',
          'Redirect.away',
          'redirect().to',
          'redirect().away',
          'to_route_url',
          '$this.redirect',
          'RedirectResponse',
          'Response.redirect',
          '*.withRedirect',
        ],
        args: [0],
        where: (call, ctx) => open(call.args.find((a) => a.index === 0)?.node, ctx) && (call.name !== 'RedirectResponse' || call.isNew),
      },
      {
        callee: ['*.withHeader', '*.withAddedHeader', '*.header', '*.setHeader'],
        args: [1],
        where: (call, ctx) =>
          /^location$/i.test(ctx.stringValue(call.args.find((a) => a.index === 0)?.node ?? call.node) ?? '') && open(call.args.find((a) => a.index === 1)?.node, ctx),
      },
    ],
    params: 'never',
    local: 'never',
    // The script's own path (`$_SERVER['PHP_SELF']`, `REQUEST_URI`) redirects back to this site (post/redirect/get).
    check: (taint) => !/^\$_SERVER\s*\[\s*['"](?:PHP_SELF|REQUEST_URI|SCRIPT_NAME|PATH_INFO|QUERY_STRING)['"]/.test(taint.label),
  },
});
