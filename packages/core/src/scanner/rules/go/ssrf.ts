import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'ssrf',
  confidence: 'high',
  languages: ['go'],
  remediation:
    'Do not let request data choose the host: keep the scheme and host fixed and put user input only in an escaped path or query (`url.PathEscape`), or check the parsed URL against an allow-list of hosts (`u.Hostname()`), and block internal addresses in a custom `net.Dialer.Control`.',
  references: ['https://cwe.mitre.org/data/definitions/918.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    // The sinks are data: models/go/*.ts, with the named checks of lang/go/heuristics.ts.
    sinks: [],
    params: 'built',
    local: 'never',
  },
});
