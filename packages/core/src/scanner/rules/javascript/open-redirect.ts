import { defineRule } from '../../rule.ts';
import { atWrapperCall, taintedArgs } from '../../lang/javascript/helpers.ts';
import { destinationFixed } from '../../lang/javascript/heuristics.ts';

/** Sinks: models/javascript (express, koa, nextjs, remix, sveltekit: redirects and Location; browser: location). */
export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  remediation:
    'Redirect only to local paths or allow-listed hosts: accept a path that starts with a single `/` (not `//` or `/\\`), or parse it with `new URL(target, base)` and compare `url.origin` with your own origin before redirecting; otherwise fall back to a fixed page.',
  references: [
    'https://cwe.mitre.org/data/definitions/601.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html',
    'https://expressjs.com/en/api.html#res.redirect',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    params: 'never',
    local: 'never',
    // At a same-file wrapper's call, the caller's argument may be a local path already.
    check: (taint, ctx, at) => !atWrapperCall(taint, at) || taintedArgs(at, ctx).some((a) => !destinationFixed(a, ctx)),
  },
});
