import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'ssrf',
  confidence: 'high',
  languages: ['c', 'cpp'],
  remediation:
    'Do not fetch URLs taken from a request: map a key to an allow-listed URL, or parse the URL and check its scheme and host against an allow-list (and resolve the host to reject private and link-local addresses) before the request.',
  references: ['https://cwe.mitre.org/data/definitions/918.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    // Sinks: libcurl, cpp-httplib, cpr, cpprestsdk, POCO and Qt models.
    sinks: [],
    params: 'never',
    local: 'never',
  },
});
