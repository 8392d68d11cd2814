import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { argument, keyword, literalUrl, localHost, originCall } from '../../lang/python/predicates.ts';

/** Objects whose `get` / `post` / `request` / `open` fetch a URL: HTTP client sessions and urllib openers. */
const CLIENT =
  /^(?:requests\.(?:Session|session|sessions\.Session)|httpx\.(?:Client|AsyncClient)|aiohttp\.ClientSession|urllib3\.(?:PoolManager|ProxyManager)|urllib\.request\.(?:URLopener|FancyURLopener|OpenerDirector|build_opener)|urllib2\.(?:OpenerDirector|build_opener))$/;
/** Calls whose URL is the second argument (after the method). */
const METHOD_FIRST = /^(?:requests\.(?:api\.)?(?:request|Request)|httpx\.request|urllib3\.request)$/;
/** Plain-text connections by host: HTTP connection pools and classes, FTP, telnet. */
const PLAIN_CONNECTION = /^(?:urllib3\.(?:connectionpool\.)?HTTPConnectionPool|http\.client\.HTTPConnection|httplib\.HTTPConnection|ftplib\.FTP|telnetlib\.Telnet)$/;

function describe(scheme: string): string {
  return scheme === 'ftp' ? 'FTP' : 'plain HTTP';
}

/**
 * A request to an `http://` or `ftp://` URL whose host is written in the code (not loopback or an
 * unqualified internal name), a plain HTTP connection to such a host, and FTP or telnet sessions.
 * Credentials sent that way (`auth=`) are called out.
 */
function plainText(call: CallView, ctx: MatchContext): Verdict {
  const path = ctx.pathText(call.callee ?? call.node) ?? call.name;
  if (PLAIN_CONNECTION.test(path)) {
    const host = argument(call, 0, 'host');
    const name = host ? ctx.stringValue(host) : null;
    const what = path.endsWith('Telnet') ? 'telnet' : path.endsWith('FTP') ? 'FTP' : 'plain HTTP';
    // A connection class to a variable host is only judged for the protocols that are never encrypted.
    if (name === null ? what === 'plain HTTP' : localHost(name)) return false;
    return { message: `\`${path}\` talks ${what}${name ? ` to ${name}` : ''}: credentials and data cross the network unencrypted` };
  }
  if (call.receiver && !path.startsWith('requests.') && !path.startsWith('httpx.') && !path.startsWith('urllib')) {
    const origin = originCall(call.receiver, ctx);
    if (!origin || !CLIENT.test(ctx.pathText(origin.callee ?? origin.node) ?? '')) return false;
  }
  const at = METHOD_FIRST.test(path) || (call.name === 'request' && call.receiver !== null && !path.startsWith('urllib.request')) ? 1 : 0;
  const url = literalUrl(argument(call, at, 'url') ?? keyword(call, 'fullurl'), ctx);
  if (!url || (url.scheme !== 'http' && url.scheme !== 'ftp') || localHost(url.host)) return false;
  const auth = keyword(call, 'auth') ?? keyword(call, 'cert');
  if (auth) return { message: `Credentials are sent to ${url.host} over ${describe(url.scheme)} (\`${url.scheme}://\`)`, cwe: ['CWE-523', 'CWE-319'] };
  return { message: `\`${call.name}()\` fetches ${url.scheme}://${url.host} over ${describe(url.scheme)}: the data can be read or changed in transit`, cwe: ['CWE-319'] };
}

export default defineRule({
  class: 'cleartext-transport',
  confidence: 'medium',
  languages: ['python'],
  remediation:
    'Use `https://` URLs (and keep certificate verification on), `ftplib.FTP_TLS` or SFTP (paramiko) instead of `ftplib.FTP`, SSH instead of telnet, `urllib3.HTTPSConnectionPool` / `http.client.HTTPSConnection`.',
  references: ['https://cwe.mitre.org/data/definitions/319.html', 'https://docs.python.org/3/library/ftplib.html#ftplib.FTP_TLS'],
  matcher: {
    kind: 'call',
    callee: [
      'urllib.request.{urlopen,urlretrieve,Request}',
      'urllib2.{urlopen,Request}',
      'urllib.{urlopen,urlretrieve}',
      'requests.{get,post,put,patch,delete,head,options,request,Request}',
      'requests.api.{get,post,put,patch,delete,head,options,request}',
      'httpx.{get,post,put,patch,delete,head,options,stream,request}',
      'urllib3.request',
      '*.{get,post,put,patch,delete,head,options,request,open,retrieve}',
      'urllib3.HTTPConnectionPool',
      'urllib3.connectionpool.HTTPConnectionPool',
      'http.client.HTTPConnection',
      'httplib.HTTPConnection',
      'ftplib.FTP',
      'telnetlib.Telnet',
    ],
    where: plainText,
  },
});
