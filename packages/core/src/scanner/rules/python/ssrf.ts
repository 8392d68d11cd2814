import { defineRule } from '../../rule.ts';
import { checkedByCaller } from '../../lang/python/checks.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
export default defineRule({
  class: 'ssrf',
  confidence: 'high',
  languages: ['python'],
  remediation:
    'Fetch only from fixed base URLs and put the input in the path or query (`requests.get(f"{API_BASE}/users/{quote(uid)}")`), or parse the URL and check its scheme and hostname against an allow-list (and reject private / link-local addresses after DNS resolution) before the request.',
  references: [
    'https://cwe.mitre.org/data/definitions/918.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html',
    'https://requests.readthedocs.io/en/latest/api/',
  ],
  matcher: {
    kind: 'taint',
    sinks: [],
    local: 'never',
    params: 'never',
    // A fetch helper called with a URL its caller checked: `if parsed.hostname not in ALLOWED: raise …; _fetch(session, url)`.
    check: (_taint, ctx, at) => !checkedByCaller(at, ctx),
  },
});
