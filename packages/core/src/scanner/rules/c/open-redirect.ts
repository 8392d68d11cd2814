import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'open-redirect',
  confidence: 'high',
  languages: ['c', 'cpp'],
  remediation:
    'Redirect only to local paths (reject values that do not start with a single `/`, or that start with `//` or `/\\`), or map a short key to an allow-listed URL; never redirect to a URL taken from the request as is.',
  references: ['https://cwe.mitre.org/data/definitions/601.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    // Sinks: the web framework models (cpp-httplib, Crow, Drogon) and CGI's Location header.
    sinks: [],
    params: 'never',
    local: 'never',
  },
});
