import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { argAt, importsModule, leadingLiteral, objectLiteral, propValue, testFile, unwrap } from '../../lang/javascript/helpers.ts';
import { PatternSet } from '../../engine/pattern.ts';

/** Hosts on this machine: plain HTTP to them never crosses a network. */
function localHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '0.0.0.0' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

const CLEARTEXT_SCHEME = /^(http|ws|ftp):\/\/([^/?#:@\s]*(?:@[^/?#:\s]*)?)/i;

/**
 * The cleartext scheme a URL value starts with (`http://api.example.com/…`, `'ws://' + host`), when
 * it is not on this machine, or null. Single-label hosts inside a deployment (`http://orders:8080`)
 * count too: traffic between services crosses the network.
 */
function cleartextUrl(node: SyntaxNode | null, ctx: MatchContext): string | null {
  if (!node) return null;
  const n = unwrap(node);
  // `new URL('http://…')`
  if (n.type === 'new_expression' && n.child('constructor')?.text === 'URL') return cleartextUrl(n.child('arguments')?.namedChildren[0] ?? null, ctx);
  const lead = leadingLiteral(n, ctx);
  if (!lead) return null;
  const m = CLEARTEXT_SCHEME.exec(lead);
  if (!m) return null;
  const host = (m[2] ?? '').replace(/^[^@]*@/, '');
  // The host is not written yet (`'http://' + host`): still plain HTTP to somewhere — unless the
  // request chooses it, where the server-side request forgery is the finding that matters.
  if (host !== '' && localHost(host)) return null;
  if (host === '' && ctx.taint(n)?.strength === 'remote') return null;
  return (m[1] as string).toLowerCase();
}

/** The URL of a client call: its first argument, or the `url`/`baseURL`/`uri` of an options object. */
function urlOf(call: CallView, position: number): SyntaxNode | null {
  const arg = argAt(call, position);
  const obj = objectLiteral(arg);
  if (!obj) return arg;
  return propValue(obj, 'url') ?? propValue(obj, 'baseURL') ?? propValue(obj, 'baseUrl') ?? propValue(obj, 'uri') ?? propValue(obj, 'prefixUrl');
}

/** Node's `http` module: an options object or URL to a host that is not this machine. */
function plainHttp(call: CallView, ctx: MatchContext): boolean {
  const first = argAt(call, 0);
  if (!first) return false;
  const url = cleartextUrl(first, ctx);
  if (url) return true;
  const obj = objectLiteral(first);
  if (!obj) return false;
  const host = propValue(obj, 'hostname') ?? propValue(obj, 'host');
  const name = host ? ctx.stringValue(host) : null;
  // A host the request chooses is a server-side request forgery first.
  if (host === null || ctx.taint(host)?.strength === 'remote') return false;
  return name === null || !localHost(name);
}

const CLIENTS = [
  'fetch',
  'window.fetch',
  'globalThis.fetch',
  'node-fetch',
  'undici.{fetch,request}',
  'ky',
  'ky.{get,post,put,patch,delete,head}',
  'ofetch',
  '$fetch',
  'axios',
  'axios.{get,post,put,patch,delete,head,options,request,create}',
  'got',
  'got.{get,post,put,patch,delete,head,stream,extend}',
  'superagent',
  'superagent.{get,post,put,patch,delete,head}',
  'needle',
  'needle.{get,post,put,patch,delete,head,request}',
  'request',
  'request.{get,post,put,patch,delete,head}',
  '{$,jQuery}.{get,post,getJSON,ajax}',
  'WebSocket',
  'ws',
  'ws.WebSocket',
  'EventSource',
  'socket.io-client',
  'socket.io-client.io',
  'io',
];

const CLIENT_SET = new PatternSet(CLIENTS);

function check(call: CallView, ctx: MatchContext): Verdict {
  if (testFile(ctx)) return false;
  const path = ctx.pathText(call.callee ?? call.node) ?? call.name;
  if (/^(?:http)\.(?:get|request)$/.test(path)) {
    return plainHttp(call, ctx) ? { message: "Node's http module sends this request without TLS: use https" } : false;
  }
  if (call.name === 'open' && call.receiver) {
    // `xhr.open('GET', 'http://…')`
    if (!/^['"`](?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)['"`]$/i.test(argAt(call, 0)?.text ?? '')) return false;
    const scheme = cleartextUrl(argAt(call, 1), ctx);
    return scheme ? { message: `XMLHttpRequest opens a ${scheme}:// URL: the request and its response travel without TLS` } : false;
  }
  if (call.name === 'connect' || call.name === 'access') {
    // FTP and telnet clients: the protocol has no TLS (basic-ftp only with `secure: true`).
    if (importsModule(ctx, 'telnet-client', 'telnet-stream', 'node-telnet-client')) return { message: 'telnet sends credentials and data without encryption: use SSH' };
    if (importsModule(ctx, 'ftp', 'jsftp', 'ftp-client') || (call.name === 'access' && importsModule(ctx, 'basic-ftp'))) {
      const opts = objectLiteral(argAt(call, 0));
      const secure = propValue(opts, 'secure');
      if (secure && unwrap(secure).type !== 'false') return false;
      const host = propValue(opts, 'host');
      const name = host ? ctx.stringValue(host) : null;
      if (name !== null && localHost(name)) return false;
      return { message: 'FTP sends credentials and files without encryption: use SFTP or FTPS (secure: true)' };
    }
    return false;
  }
  if (!CLIENT_SET.matches(ctx.path(call.callee ?? call.node) ?? [call.name])) {
    // node-rest-client `client.get('http://…')`
    if (!(call.receiver && /^(?:get|post|put|patch|delete|head)$/.test(call.name) && importsModule(ctx, 'node-rest-client'))) return false;
  }
  const scheme = cleartextUrl(urlOf(call, 0), ctx);
  if (!scheme) return false;
  return {
    message: `The ${scheme}:// URL sends this ${scheme === 'ws' ? 'WebSocket traffic' : 'request'} without TLS: use ${scheme === 'ws' ? 'wss' : scheme === 'ftp' ? 'SFTP/FTPS' : 'https'}`,
  };
}

export default defineRule({
  class: 'cleartext-transport',
  confidence: 'medium',
  cwe: ['CWE-319'],
  languages: ['javascript', 'typescript'],
  remediation:
    'Call services over https:// and wss:// (keep the URL in configuration, validated to be https), use `https.request` instead of `http.request`, and SFTP/FTPS instead of FTP or telnet. Loopback addresses are not reported.',
  references: ['https://cwe.mitre.org/data/definitions/319.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Transport_Layer_Security_Cheat_Sheet.html'],
  matcher: {
    kind: 'call',
    callee: [...CLIENTS, 'http.{get,request}', '*.open', '*.connect', '*.access', '*.{get,post,put,patch,delete,head}'],
    where: check,
  },
});
