import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import { hasType, untrustedDestination } from '../../lang/csharp/helpers.ts';

/** `Response.Headers.Add("Location", x)`. */
function locationHeader(call: CallView, ctx: MatchContext): boolean {
  const name = ctx.arg(call, 0);
  return name !== null && /^location$/i.test(ctx.stringValue(name) ?? (name.text.endsWith('HeaderNames.Location') ? 'location' : ''));
}

const NAVIGATION = new Set(['NavigationManager']);

/** Blazor `NavigationManager.NavigateTo(uri)`: an absolute URI leaves the application. */
function navigationManager(call: CallView, _ctx: MatchContext): boolean {
  const r = call.receiver;
  if (!r) return false;
  return hasType(r, NAVIGATION) || /^_?(?:nav|navigation|navManager|navigationManager|navigator)$/i.test(r.text.replace(/^this\./, ''));
}

export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['csharp'],
  remediation:
    'Use `LocalRedirect(returnUrl)` (it throws for non-local URLs) or check `Url.IsLocalUrl(returnUrl)` before `Redirect(returnUrl)`; for external destinations map an identifier to an allow-listed URL.',
  references: [
    'https://cwe.mitre.org/data/definitions/601.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html',
    'https://learn.microsoft.com/en-us/aspnet/core/security/preventing-open-redirects',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['{Redirect,RedirectPermanent,RedirectPreserveMethod,RedirectPermanentPreserveMethod}'], args: [0], keywords: ['url'] },
      { callee: ['**.Response.{Redirect,RedirectPermanent}', '**.{Results,TypedResults}.Redirect'], args: [0], keywords: ['url'] },
      { callee: ['**.RedirectResult'], args: [0], keywords: ['Url', 'url'] },
      { callee: ['**.Response.Headers.{Add,Append,TryAdd}', '**.Response.{AddHeader,AppendHeader}'], args: [1], where: locationHeader },
      { callee: ['*.NavigateTo'], args: [0], keywords: ['uri'], where: navigationManager, label: 'NavigationManager.NavigateTo' },
    ],
    assignSinks: [{ target: ['**.Response.Headers.Location', '**.Response.RedirectLocation', '*.Headers.Location'] }],
    params: 'never',
    local: 'never',
    // Redirecting back to the current URL (`Response.Redirect(Request.RawUrl)`) is the post/redirect/get idiom.
    check: (taint, ctx, at) =>
      !/\bRequest\.(?:Url|RawUrl|Path|PathBase|FilePath|CurrentExecutionFilePath|AppRelativeCurrentExecutionFilePath)\b/.test(taint.label) && untrustedDestination(taint, ctx, at),
  },
});
