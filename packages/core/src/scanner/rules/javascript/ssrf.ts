import { defineRule } from '../../rule.ts';
import { atWrapperCall, taintedArgs } from '../../lang/javascript/helpers.ts';
import { hostFixed } from '../../lang/javascript/heuristics.ts';

/** Sinks: models/javascript (builtins: fetch; node: http, https, net, tls; http-clients; puppeteer). */
export default defineRule({
  class: 'ssrf',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  remediation:
    'Do not let the request choose the host. Keep the scheme and host fixed in code and put user data only in the path or query (`https://api.example.com/items/${encodeURIComponent(id)}`), or parse the URL and check `new URL(url).hostname` against an allow-list, and block private and link-local addresses (for example with `ssrf-req-filter` or a DNS-pinning agent).',
  references: ['https://cwe.mitre.org/data/definitions/918.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    sinks: [],
    params: 'never',
    local: 'never',
    // At a same-file wrapper's call, the caller's argument may pin the host itself.
    check: (taint, ctx, at) => !atWrapperCall(taint, at) || taintedArgs(at, ctx).some((a) => !hostFixed(a, ctx)),
  },
});
