import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { checkedBefore, hostIsPinned, keyword, validatingHelper } from '../../lang/python/predicates.ts';
import { findAfter } from '../../lang/python/text.ts';

/** The current request's own URL or path is not an attacker-chosen destination (`redirect(request.url)`). */
const OWN_URL = /^(?:self\.)?(?:request|req)\.(?:url|base_url|path|full_path|path_info|url_root|host_url|script_root|get_full_path\(\)|build_absolute_uri\(\)|referrer|url_rule|endpoint)\b|HTTP_REFERER|['"]Referer['"]/;

/** Names whose checks in an `if` mean the URL was validated (`urlparse(url).netloc`, `url_has_allowed_host_and_scheme(url, …)`). */
const URL_CHECK = {
  test: (text: string): boolean =>
    /\b(?:url_has_allowed_host_and_scheme|is_safe_url|is_safe_redirect|safe_url|is_local_url|is_relative_url|is_safe)\s{0,8}\(|\bnetloc\b/.test(text) ||
    findAfter(text, '.startswith(', /^\s*(?:["']\/["']|(?:[A-Z_][A-Z0-9_]*|ALLOWED\w*)\b)/) ||
    // `urlparse(url).hostname not in ALLOWED_HOSTS`, `parsed.hostname == request.host`: a host compared, not just present.
    (/\bhostname\b/.test(text) && (text.includes(' in ') || text.includes('==') || text.includes('!='))),
};

/** The redirect leaves the site when the URL comes from the request and no fixed host or local path precedes the input. */
function offsite(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (OWN_URL.test(taint.label)) return false;
  const arg = call.args.find((a) => a.index === 0)?.node ?? keyword(call, 'location') ?? keyword(call, 'url') ?? keyword(call, 'redirect_to') ?? keyword(call, 'to');
  if (!arg) return false;
  if (hostIsPinned(arg, ctx, taint)) return false;
  if (validatingHelper(arg, ctx, URL_CHECK, /\b(?:urlparse|urlsplit|urllib\.parse\.urlparse)\b/, ['url_for', 'reverse', 'resolve_url'])) return false;
  return !checkedBefore(call, arg, ctx, URL_CHECK, /\b(?:urlparse|urlsplit|urllib\.parse\.urlparse)\b/);
}

export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['python'],
  remediation:
    'Redirect to named routes (`redirect(url_for("index"))`, `redirect("home")`), or accept only local paths / allowed hosts: `url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}, require_https=True)` in Django, `urlparse(target).netloc == ""` (and no leading `//`) in Flask.',
  references: [
    'https://cwe.mitre.org/data/definitions/601.html',
    'https://docs.djangoproject.com/en/stable/ref/utils/#django.utils.http.url_has_allowed_host_and_scheme',
    'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          'flask.redirect', 'quart.redirect', 'werkzeug.utils.redirect', 'django.shortcuts.redirect', 'django.http.HttpResponseRedirect',
          'django.http.HttpResponsePermanentRedirect', 'django.http.response.HttpResponseRedirect', 'HttpResponseRedirect', 'HttpResponsePermanentRedirect',
          'starlette.responses.RedirectResponse', 'fastapi.responses.RedirectResponse', 'RedirectResponse', 'bottle.redirect', 'sanic.response.redirect',
          'aiohttp.web.HTTPFound', 'aiohttp.web.HTTPSeeOther', 'aiohttp.web.HTTPMovedPermanently', 'aiohttp.web.HTTPTemporaryRedirect',
          'pyramid.httpexceptions.HTTPFound', 'pyramid.httpexceptions.HTTPSeeOther', 'HTTPFound', 'self.redirect', 'redirect',
        ],
        args: [0],
        keywords: ['location', 'url', 'redirect_to', 'to'],
        where: offsite,
      },
    ],
    assignSinks: [{ target: ['*.headers.Location', '*.headers.location', '{response,resp,res}.Location'], where: (target, ctx, taint) => !OWN_URL.test(taint.label) && !hostIsPinned(target.parent?.child('right') ?? null, ctx, taint), label: 'the Location header' }],
    local: 'never',
    params: 'never',
  },
});
