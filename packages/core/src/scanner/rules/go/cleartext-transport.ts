import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { lastValue, leadingLiteral, unparen } from '../../lang/go/util.ts';

/** Scheme and authority of a URL's written start (`http://user@host:80/x` → http, user@host:80). */
const URL_START = /^([a-z][a-z0-9+.-]{0,15}):\/\/([^/?#\s]*)/i;
const PLAIN_SCHEMES = new Set(['http', 'ws', 'ftp']);

/** The host of an authority (`user:pw@[::1]:80` → `::1`), lower-cased. */
function hostOf(authority: string): string {
  const at = authority.lastIndexOf('@');
  const hostPort = authority.slice(at + 1).toLowerCase();
  if (hostPort.startsWith('[')) return hostPort.slice(1, Math.max(1, hostPort.indexOf(']')));
  const colon = hostPort.indexOf(':');
  return colon < 0 ? hostPort : hostPort.slice(0, colon);
}

/**
 * Whether a host is one a connection leaves the machine for, written in full: loopback names and
 * link-local metadata services stay on the machine, and an unqualified name (`http://backend:8080`, a container or cluster service) or one with
 * a placeholder (`%s`, `{host}`) is a deployment's choice this code does not pin.
 */
function remoteHost(host: string): boolean {
  if (host === '' || /[%{}$<]/.test(host)) return false;
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1' || host === '0.0.0.0') return false;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return false;
  // Link-local cloud metadata services answer only over plain HTTP, on the host itself.
  if (host.startsWith('169.254.') || host === 'metadata.google.internal') return false;
  return host.includes('.') || host.includes(':');
}

/** Whether the file writes a plain-text scheme anywhere (once per file): if not, a name cannot hold such a URL. */
function fileHasPlainScheme(node: SyntaxNode, ctx: MatchContext): boolean {
  return ctx.fileMemo('go.cleartext-transport.schemes', () => {
    let root = node;
    while (root.parent) root = root.parent;
    return /(?:http|ws|ftp):\/\//i.test(root.text);
  });
}

/** The constant text a URL argument starts with: written at the call, or the last value of the local it names. */
function urlText(arg: SyntaxNode, ctx: MatchContext): string | null {
  const direct = leadingLiteral(arg, ctx);
  if (direct !== null) return direct;
  const n = unparen(arg);
  // lastValue reads the enclosing function: only where the file holds a URL it could find.
  if (n.type !== 'identifier' || !fileHasPlainScheme(n, ctx)) return null;
  const bound = lastValue(n);
  return bound ? leadingLiteral(bound, ctx) : null;
}

/** Receivers whose Get/Del look a key up (headers, query and form values, cookies). */
const KEYED_LOOKUP = /(?:Header|Query\(\)|Form|Values|Params|Trailer)$/;

/** Which argument of a request call is the URL. */
function urlArgument(call: CallView): SyntaxNode | null {
  const index = call.name === 'NewRequest' || call.name === 'DialContext' ? 1 : call.name === 'NewRequestWithContext' ? 2 : 0;
  return call.args.find((a) => a.index === index)?.node ?? null;
}

/** `http.Get("http://api.example.com/…")`, `client.R().Post(u)` with `u := "http://…"`, `websocket.DefaultDialer.Dial("ws://…")`. */
function plainUrlRequest(call: CallView, ctx: MatchContext): Verdict {
  // r.Header.Get(k), r.URL.Query().Get(k), c.Request.Form.Get(k): a lookup by key, not a request.
  if (call.receiver && KEYED_LOOKUP.test(call.receiver.text)) return false;
  const arg = urlArgument(call);
  const text = arg ? urlText(arg, ctx) : null;
  const m = text === null ? null : URL_START.exec(text);
  if (!m || !PLAIN_SCHEMES.has((m[1] ?? '').toLowerCase())) return false;
  const host = hostOf(m[2] ?? '');
  if (!remoteHost(host)) return false;
  const credentials = (m[2] ?? '').includes('@');
  return {
    message: `${call.name}() talks to ${host} over ${(m[1] ?? '').toLowerCase()}://, without TLS${credentials ? ', with the credentials written in the URL' : ''}`,
    ...(credentials ? { cwe: ['CWE-319', 'CWE-523'] } : {}),
  };
}

/** Whether an FTP or telnet address argument names the machine itself, or a TLS scheme. */
function localOrSecured(address: string): boolean {
  const m = URL_START.exec(address);
  if (m) return !PLAIN_SCHEMES.has((m[1] ?? '').toLowerCase()) || !remoteHost(hostOf(m[2] ?? ''));
  return !remoteHost(hostOf(address)) && hostOf(address) !== '';
}

/**
 * FTP and telnet clients: the protocols themselves carry passwords and data in the clear, whatever the
 * address, unless an FTP dial option asks for TLS (`ftp.DialWithTLS`, `ftp.DialWithExplicitTLS`).
 */
function plainProtocolSession(call: CallView, ctx: MatchContext): Verdict {
  if (call.args.some((a) => /\bDialWith(?:Explicit)?TLS\b/.test(a.node.text))) return false;
  const address = call.args[0]?.node;
  const text = address ? urlText(address, ctx) : null;
  if (text !== null && localOrSecured(text)) return false;
  const protocol = call.callee?.text.startsWith('telnet.') ? 'a telnet' : 'an FTP';
  return { message: `${ctx.pathText(call.callee ?? call.node) ?? call.name}() opens ${protocol} session, which sends passwords and data in the clear` };
}

/** The FTP and telnet client calls that open a session. */
const SESSION_CALLS = new Set(['ftp.Dial', 'ftp.DialTimeout', 'ftp.Connect', 'telnet.DialTo', 'telnet.DialToAndCall']);

export default defineRule({
  class: 'cleartext-transport',
  confidence: 'medium',
  cwe: ['CWE-319'],
  languages: ['go'],
  remediation:
    'Use https:// (or wss://) URLs; for files use SFTP (`github.com/pkg/sftp`) or FTP over TLS (`ftp.DialWithExplicitTLS`), and SSH instead of telnet. Internal services deserve TLS too: traffic inside a network is read and altered as easily.',
  references: ['https://cwe.mitre.org/data/definitions/319.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Transport_Layer_Security_Cheat_Sheet.html'],
  matcher: {
    kind: 'call',
    callee: [
      'http.{Get,Post,Head,PostForm,NewRequest,NewRequestWithContext}',
      '*.{Get,Post,Head,PostForm,Put,Patch,Delete,Options,Base,Dial,DialContext}',
      'ftp.{Dial,DialTimeout,Connect}',
      'telnet.{DialTo,DialToAndCall}',
    ],
    where: (call, ctx) => (SESSION_CALLS.has(call.callee?.text ?? '') ? plainProtocolSession(call, ctx) : plainUrlRequest(call, ctx)),
  },
});
