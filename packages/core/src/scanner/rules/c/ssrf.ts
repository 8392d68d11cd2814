import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';

/** `curl_easy_setopt(h, CURLOPT_URL, url)`, `curl_url_set(u, CURLUPART_URL, url, 0)`. */
function urlOption(call: CallView, _ctx: MatchContext): boolean {
  const option = call.args.find((a) => a.index === 1)?.node.text.trim() ?? '';
  return option === 'CURLOPT_URL' || option === 'CURLUPART_URL' || option === 'CURLUPART_HOST' || option === 'CURLOPT_PROXY';
}

export default defineRule({
  class: 'ssrf',
  confidence: 'high',
  languages: ['c', 'cpp'],
  remediation:
    'Do not fetch URLs taken from a request: map a key to an allow-listed URL, or parse the URL and check its scheme and host against an allow-list (and resolve the host to reject private and link-local addresses) before the request.',
  references: ['https://cwe.mitre.org/data/definitions/918.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html'],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['curl_easy_setopt', 'curl_url_set'], args: [2], where: urlOption },
      { callee: ['httplib.Client', 'httplib.SSLClient', 'cpr.Url', 'web.http.client.http_client', 'Poco.URI', 'Poco.Net.HTTPClientSession', 'QUrl'], args: [0] },
      { callee: ['cpr.Get', 'cpr.Post', 'cpr.Put', 'cpr.Delete'], args: [0] },
    ],
    params: 'never',
    local: 'never',
  },
});
