import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Clients of protocols that are never encrypted: FTP (commons-net) and telnet. */
const UNENCRYPTED_CLIENTS: Readonly<Record<string, string>> = {
  FTPClient: 'FTP',
  TelnetClient: 'telnet',
};

/** Loopback and unqualified names stay on the machine or the local network the deployment controls. */
function localHost(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h.startsWith('127.') || h === '0.0.0.0' || h === '[::1]' || h === '::1' || !h.includes('.');
}

/** The host of an `http://` or `ftp://` URL, or null for any other text. */
function plainUrlHost(text: string): { scheme: string; host: string } | null {
  const m = /^(https?|ftp|telnet):\/\/([^/:?#\s]*)/i.exec(text.trim());
  if (!m) return null;
  const scheme = (m[1] ?? '').toLowerCase();
  if (scheme === 'https') return null;
  return { scheme, host: m[2] ?? '' };
}

/**
 * A connection in clear text to a host written in the code: an `http://`/`ftp://` URL given to an
 * HTTP client or URL constructor, a plain `java.net.Socket` to a named remote host, an FTP or
 * telnet client. Loopback and single-label hosts are left alone.
 */
function plainConnection(call: CallView, ctx: MatchContext): Verdict {
  const protocol = UNENCRYPTED_CLIENTS[call.name];
  if (protocol !== undefined) {
    if (call.receiver !== null) return false;
    return { message: `\`${call.name}\` talks ${protocol}: credentials and data cross the network unencrypted (use FTPS/SFTP or SSH)` };
  }
  let first = call.args.find((a) => a.index === 0)?.node;
  // `HttpRequest.newBuilder().uri(URI.create("http://…"))`: the text inside the URI.
  const inner = first ? ctx.call(first) : null;
  if (inner && (inner.name === 'create' || inner.name === 'URI')) first = inner.args.find((a) => a.index === 0)?.node;
  else if (call.name === 'uri' || call.name === 'newBuilder') return false;
  const text = first ? ctx.stringValue(first) : null;
  if (text === null) return false;
  if (call.name === 'Socket') {
    if (call.receiver !== null) return false;
    const url = plainUrlHost(text);
    const host = url ? url.host : text.trim();
    if (host === '' || localHost(host) || (url === null && text.includes('://'))) return false;
    return { message: `A plain socket to ${host}: what it sends and receives crosses the network unencrypted (use SSLSocketFactory)` };
  }
  const url = plainUrlHost(text);
  if (!url || url.scheme === 'telnet' || url.host === '' || localHost(url.host)) return false;
  const message = `\`${call.name}()\` connects to ${url.scheme}://${url.host}: the data can be read or changed in transit (use https://)`;
  // In a builder chain the finding goes to the argument's line, not the chain's first line.
  return inner && first ? { node: inner.node, message } : { message };
}

export default defineRule({
  class: 'cleartext-transport',
  confidence: 'medium',
  languages: ['java'],
  remediation: 'Use `https://` URLs, `SSLSocketFactory` / `SSLServerSocketFactory` instead of plain sockets, FTPS (`FTPSClient`) or SFTP instead of FTP, SSH instead of telnet.',
  references: ['https://cwe.mitre.org/data/definitions/319.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Transport_Layer_Security_Cheat_Sheet.html'],
  matcher: {
    kind: 'call',
    callee: [
      'URL',
      'java.net.URL',
      '*.uri',
      'HttpRequest.newBuilder',
      '{HttpGet,HttpPost,HttpPut,HttpDelete,HttpPatch,HttpHead,HttpOptions}',
      'Request.{Get,Post,Put,Delete,Patch,Head,Options}',
      'Unirest.{get,post,put,delete,patch,head,options}',
      '*.{getForObject,getForEntity,postForObject,postForEntity,postForLocation,patchForObject,exchange}',
      'Socket',
      'FTPClient',
      'TelnetClient',
    ],
    where: plainConnection,
  },
});
