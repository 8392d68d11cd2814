import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'ssrf',
  confidence: 'high',
  languages: ['java'],
  remediation:
    'Do not fetch URLs supplied by the client. Keep the scheme and host fixed in configuration and let the client choose only an id or path segment (encoded with `UriComponentsBuilder`), or check the parsed host against an allow-list (`ALLOWED_HOSTS.contains(uri.getHost())`) and block private, loopback and link-local addresses.',
  references: ['https://cwe.mitre.org/data/definitions/918.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    // Sinks: the jdk, spring-web, apache-httpclient, okhttp, jsoup, unirest, micronaut, guava, commons-io models (models/java).
    sinks: [],
    params: 'never',
    local: 'never',
  },
});
