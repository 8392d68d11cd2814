import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { argument, checkedBefore, checkedBeforeIn, enclosingFunction, hostIsPinned, originCall, receiverName } from '../../lang/python/predicates.ts';
import { findAfter } from '../../lang/python/text.ts';

/** Host allow-list checks written around the URL (`urlparse(url).hostname in ALLOWED_HOSTS`, `url.startswith(BASE)`). */
const HOST_CHECK = {
  test: (text: string): boolean =>
    /\b(?:hostname|netloc|host|is_safe_url|is_allowed_url|is_allowed_host|allowed_host|validate_url|check_url|is_internal|is_private|ip_address)\b/.test(text) ||
    findAfter(text, '.startswith(', /^\s*(?:[rbu]?["']https?:\/\/[^"'\/]+\/|\(\s*["']https?:\/\/[^"'\/]+\/|[A-Z_][A-Z0-9_]*\b|tuple\(|settings\.|self\.allowed)/),
};
/** When the sink is reached through a same-file helper, whether the caller checked the URL's host before the call. */
function checkedByCaller(at: SyntaxNode, ctx: MatchContext): boolean {
  const call = ctx.call(at);
  if (!call) return false;
  const fn = enclosingFunction(at);
  if (!fn) return false;
  for (const a of call.args) {
    if (a.node.type !== 'identifier') continue;
    if (checkedBeforeIn(fn, call, a.node, HOST_CHECK, /\b(?:urlparse|urlsplit|URL|urllib\.parse\.urlparse|furl|hostname|netloc|host)\b/)) return true;
  }
  return false;
}

/** HTTP client constructors whose methods fetch a URL. */
const CLIENT = /^(?:requests\.(?:Session|session|sessions\.Session)|httpx\.(?:Client|AsyncClient)|aiohttp\.ClientSession|urllib3\.(?:PoolManager|ProxyManager|connectionpool\.\w+)|tornado\.httpclient\.(?:AsyncHTTPClient|HTTPClient)|AsyncHTTPClient|HTTPClient)$/;
const CLIENT_NAME = /^(?:session|sess|http|http_client|httpx_client|async_client|requests_session|http_session|client_session|aiohttp_session|pool|pool_manager|httpclient)$/i;

/** Position of the URL: `request(method, url)` / `urlopen(url)` / `get(url)`. */
function urlArg(call: CallView): { node: ReturnType<typeof argument>; index: number } {
  const index = call.name === 'request' ? 1 : 0;
  return { node: argument(call, index, 'url') ?? argument(call, index, 'fullurl'), index };
}

/** `req = urllib.request.Request(url, …)`: the URL a request object was built from. */
function requestUrl(node: NonNullable<ReturnType<typeof argument>>, ctx: MatchContext): ReturnType<typeof argument> {
  const origin = originCall(node, ctx);
  if (!origin) return node;
  const path = ctx.pathText(origin.callee ?? origin.node) ?? '';
  if (!/^(?:urllib\.request\.Request|urllib2\.Request|requests\.Request|requests\.models\.Request)$/.test(path)) return node;
  return argument(origin, path.startsWith('requests.') ? 1 : 0, 'url') ?? node;
}

function anyHost(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const { node: given } = urlArg(call);
  if (!given || !ctx.taint(given)) return false;
  const node = requestUrl(given, ctx);
  if (!node) return false;
  if (hostIsPinned(node, ctx, taint)) return false;
  return !checkedBefore(call, node, ctx, HOST_CHECK, /\b(?:urlparse|urlsplit|URL|urllib\.parse\.urlparse|furl|hostname|netloc|host)\b/);
}

/** `session.get(url)` on a requests / httpx / aiohttp / urllib3 client made in this file, or a client-named receiver. */
function clientCall(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const origin = originCall(call.receiver, ctx);
  const path = origin ? (ctx.pathText(origin.callee ?? origin.node) ?? '') : '';
  if (!CLIENT.test(path)) {
    const name = receiverName(call, ctx) ?? '';
    if (!CLIENT_NAME.test(name) || origin) return false;
    if (!/requests|httpx|aiohttp|urllib3|tornado\.httpclient/.test(ctx.code)) return false;
  }
  // urllib3 / tornado: request(method, url); fetch(url).
  return anyHost(call, ctx, taint);
}

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
    sinks: [
      {
        callee: [
          'requests.{get,post,put,patch,delete,head,options}', 'requests.api.{get,post,put,patch,delete,head,options}',
          'httpx.{get,post,put,patch,delete,head,options,stream}', 'urllib.request.urlopen', 'urllib.request.urlretrieve',
          'urllib2.urlopen', 'urllib.urlopen', 'urllib.urlretrieve', 'http.client.HTTPConnection', 'http.client.HTTPSConnection',
          'httplib.HTTPConnection', 'httplib.HTTPSConnection', 'feedparser.parse', 'wget.download',
        ],
        args: [0],
        keywords: ['url', 'fullurl', 'host'],
        where: anyHost,
      },
      { callee: ['requests.request', 'requests.api.request', 'httpx.request', 'urllib3.request', 'aiohttp.request'], args: [1], keywords: ['url'], where: anyHost },
      { callee: ['*.{get,post,put,patch,delete,head,options,fetch,stream,urlopen}'], args: [0], keywords: ['url'], where: clientCall },
      { callee: ['*.request'], args: [1], keywords: ['url'], where: clientCall },
    ],
    local: 'never',
    params: 'never',
    // A fetch helper called with a URL its caller checked: `if parsed.hostname not in ALLOWED: raise …; _fetch(session, url)`.
    check: (_taint, ctx, at) => !checkedByCaller(at, ctx),
  },
});
