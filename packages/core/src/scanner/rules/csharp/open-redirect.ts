import { defineRule } from '../../rule.ts';
import { untrustedDestination } from '../../lang/csharp/helpers.ts';

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
    // Sinks: the aspnetcore models (models/csharp).
    sinks: [],
    params: 'never',
    local: 'never',
    // Redirecting back to the current URL (`Response.Redirect(Request.RawUrl)`) is the post/redirect/get idiom.
    check: (taint, ctx, at) =>
      !/\bRequest\.(?:Url|RawUrl|Path|PathBase|FilePath|CurrentExecutionFilePath|AppRelativeCurrentExecutionFilePath)\b/.test(taint.label) && untrustedDestination(taint, ctx, at),
  },
});
