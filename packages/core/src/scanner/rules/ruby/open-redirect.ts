import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { hostIsPinned, isFalse, isTrue, keyword, urlLike } from '../../lang/ruby/predicates.ts';

/**
 * `redirect_to x` leaves the site when x is an absolute URL from the request. Not reported: a
 * fixed host or local path before the input, `only_path: true` / `allow_other_host: false`,
 * records (`redirect_to @user`), route helpers, and the referer (`redirect_back`-style).
 */
function offsite(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (isTrue(keyword(call, 'only_path')) || isFalse(keyword(call, 'allow_other_host'))) return false;
  // The referer and the current URL are not attacker-chosen destinations in practice (`redirect_to request.original_url`).
  if (/^request\.(?:referer|referrer|url|original_url)\b/.test(taint.label) || /HTTP_REFERER/.test(taint.label)) return false;
  const arg = call.name === 'redirect_back' ? keyword(call, 'fallback_location') : (call.args.find((a) => a.index === 0)?.node ?? null);
  if (!arg) return false;
  if (arg.type === 'hash' || !urlLike(arg, ctx)) return false;
  return !hostIsPinned(arg, ctx, taint);
}

export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['ruby'],
  remediation:
    'Redirect to route helpers or to paths only (`redirect_to url_from(params[:return_to]) || root_path`, `redirect_to path, allow_other_host: false`), or check the host against an allow-list before redirecting.',
  references: [
    'https://cwe.mitre.org/data/definitions/601.html',
    'https://guides.rubyonrails.org/security.html#redirection',
    'https://api.rubyonrails.org/classes/ActionController/Redirecting.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['redirect_to', '*.redirect_to', 'redirect_back_or_to', 'redirect', '*.redirect'], args: [0], where: offsite },
      { callee: ['redirect_back'], args: [], keywords: ['fallback_location'], where: offsite },
    ],
    assignSinks: [{ target: ['response.location', 'response.headers.Location', 'headers.Location', 'response.header.Location'], label: 'the Location header' }],
    sanitizers: ['url_from'],
    local: 'never',
    params: 'never',
  },
});
