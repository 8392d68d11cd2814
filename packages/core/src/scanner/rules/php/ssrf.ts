import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { arrayEntries, hostChecked, leadingLiteral, urlLike } from '../../lang/php/helpers.ts';

/** A request whose host is fixed by a literal prefix (`"https://api.example.com/users/" . $id`) is not SSRF. */
function hostFixed(arg: SyntaxNode, ctx: MatchContext): boolean {
  const lead = leadingLiteral(arg, ctx);
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)[/?#]/i.exec(lead);
  return m !== null && (m[1] ?? '').length > 0 && !(m[1] ?? '').endsWith('.');
}

/** `curl_setopt($ch, CURLOPT_URL, $url)`. */
function curlUrl(call: CallView, ctx: MatchContext): boolean {
  const opt = call.args.find((a) => a.index === 1);
  return opt !== undefined && /CURLOPT_URL$/.test(opt.node.text);
}

/** `curl_setopt_array($ch, [CURLOPT_URL => $url, …])`: only the URL entry matters. */
function curlArrayUrl(call: CallView, ctx: MatchContext): boolean {
  const opts = call.args.find((a) => a.index === 1);
  const url = arrayEntries(opts?.node ?? null)?.find((e) => e.keyNode !== null && /CURLOPT_URL$/.test(e.keyNode.text));
  return url !== undefined && ctx.taint(url.value) !== null && !hostFixed(url.value, ctx);
}

/** Variables and properties that hold an HTTP client. */
const CLIENTS = '$client,$httpClient,$http,$guzzle,$guzzleClient,$apiClient,$restClient,$browser,$webClient,$curlClient';
const CLIENT_PROPS = 'client,httpClient,http,guzzle,guzzleClient,apiClient,restClient,browser,webClient';
const VERBS = '{get,post,put,patch,delete,head,options,getAsync,postAsync,putAsync,deleteAsync}';

export default defineRule({
  id: 'php.ssrf',
  title: 'Server-side request forgery',
  severity: 'high',
  confidence: 'high',
  cwe: ['CWE-918'],
  owasp: ['A10:2021'],
  languages: ['php'],
  message: 'Untrusted data from {source} controls the URL requested by {sink}',
  remediation:
    'Do not fetch URLs taken from the request. Keep the scheme and host fixed in code and put user data only in the path or query (`"https://api.example.com/items/" . rawurlencode($id)`), or check `parse_url($url, PHP_URL_HOST)` against an allow-list and block internal addresses before fetching (WordPress: `wp_safe_remote_get`).',
  references: [
    'https://cwe.mitre.org/data/definitions/918.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html',
  ],
  matcher: {
    kind: 'taint',
    class: 'ssrf',
    sinks: [
      { callee: ['curl_init', 'fsockopen', 'pfsockopen', 'stream_socket_client', 'get_headers', 'wp_remote_get', 'wp_remote_post', 'wp_remote_request', 'wp_remote_head', 'download_url', 'SoapClient', 'simplexml_load_file'], args: [0] },
      { callee: ['file_get_contents', 'fopen', 'file', 'readfile', 'copy', 'getimagesize'], args: [0], where: (call, ctx, taint) => urlLike(taint, call.args[0]?.node ?? call.node, ctx) },
      { callee: ['curl_setopt'], args: [2], where: curlUrl },
      { callee: ['curl_setopt_array'], args: [1], where: (call, ctx) => curlArrayUrl(call, ctx) },
      // HTTP clients (Guzzle, Symfony HttpClient, Laravel Http), named by their receiver: a generic
      // `*.get` would also make every `->get()` a sink whose result loses its taint.
      { callee: [`{${CLIENTS}}.${VERBS}`, `*.{${CLIENT_PROPS}}.${VERBS}`, `Client().${VERBS}`, `Http.${VERBS}`, `Http.*.${VERBS}`, `Http.*.*.${VERBS}`], args: [0] },
      { callee: [`{${CLIENTS}}.{request,requestAsync}`, `*.{${CLIENT_PROPS}}.{request,requestAsync}`, `Client().{request,requestAsync}`, 'Http.send', 'Http.*.send'], args: [1] },
    ],
    params: 'never',
    local: 'never',
    check: (_taint, ctx, at) => !hostFixed(at, ctx) && !hostChecked(at, ctx),
  },
});
