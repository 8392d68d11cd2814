import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'ssrf',
  confidence: 'high',
  languages: ['ruby'],
  remediation:
    'Fetch only from fixed base URLs and put the input in the path or query (escaped), or parse the URL and check its scheme and host against an allow-list (and resolve the host to reject private addresses) before the request.',
  references: [
    'https://cwe.mitre.org/data/definitions/918.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html',
    'https://docs.ruby-lang.org/en/master/Net/HTTP.html',
  ],
  matcher: {
    kind: 'taint',
    // Sinks are in the models (models/ruby/*.ts); this part gives the class its Ruby policy.
    sinks: [],
    local: 'never',
    params: 'never',
  },
});
