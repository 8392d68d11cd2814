import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['go'],
  remediation:
    'Redirect only to local paths or allow-listed hosts: parse the target with `url.Parse` and accept it only when it has no scheme and no host and starts with a single `/` (not `//` or `/\\`), or map a key from the request to a fixed set of destinations.',
  references: ['https://cwe.mitre.org/data/definitions/601.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    // The sinks are data: models/go/*.ts, with the named checks of lang/go/heuristics.ts.
    sinks: [],
    params: 'built',
    local: 'never',
  },
});
