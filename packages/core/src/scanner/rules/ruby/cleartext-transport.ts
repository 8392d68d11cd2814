import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isFalse, keyword, localValue } from '../../lang/ruby/predicates.ts';

/** Hosts a plain connection to which never leaves the machine. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

/** What a call calls, dotted (`Net.FTP.new`, `URI`). */
function calleeText(call: CallView, ctx: MatchContext): string {
  const receiver = call.receiver ? ctx.pathText(call.receiver) : null;
  return receiver ? `${receiver}.${call.name}` : call.name;
}

interface Url {
  scheme: string;
  host: string;
  /** Where the URL is written: the fix (`https://`) goes there. */
  at: SyntaxNode;
}

/**
 * The URL an argument certainly holds: a literal, a constant, `URI(…)` / `URI.parse(…)` of one, a
 * local assigned one of those, or the `host` of such a local (`Net::HTTP.start(uri.host, uri.port)`).
 */
function urlOf(node: SyntaxNode | null, ctx: MatchContext, depth = 0): Url | null {
  if (!node || depth > 3) return null;
  const text = ctx.stringValue(node);
  if (text !== null) {
    const m = /^([a-z][a-z0-9+.-]{0,15}):\/\/([^/:?#]{0,255})/i.exec(text);
    return m ? { scheme: (m[1] as string).toLowerCase(), host: (m[2] as string).toLowerCase(), at: node } : null;
  }
  if (node.type === 'identifier') {
    const value = localValue(node, ctx);
    return value ? urlOf(value, ctx, depth + 1) : null;
  }
  const call = ctx.call(node);
  if (!call) return null;
  const path = calleeText(call, ctx);
  if (path === 'URI' || path === 'URI.parse' || path === 'Kernel.URI') {
    const inner = urlOf(call.args.find((a) => a.index === 0)?.node ?? null, ctx, depth + 1);
    // Reported at the statement that writes the URL, not inside the parsing call.
    return inner ? { ...inner, at: node } : null;
  }
  if (call.name === 'host' && call.receiver) return urlOf(call.receiver, ctx, depth + 1);
  return null;
}

/** The statement an expression is the value of (`uri = URI('http://…')`), for the report. */
function statementOf(node: SyntaxNode): SyntaxNode {
  return node.parent?.type === 'assignment' && node.field === 'right' ? node.parent : node;
}

/** Calls whose URL is a keyword (`RestClient::Request.execute(method: :get, url: …)`) or the first argument. */
function urlArgument(call: CallView): SyntaxNode | null {
  return keyword(call, 'url') ?? call.args.find((a) => a.index === 0)?.node ?? null;
}

/**
 * A request to an `http://` or `ftp://` URL written in the code (not loopback), an FTP session
 * without `ssl:`, a telnet session: data and credentials cross the network unencrypted. Reported
 * where the URL is written when a local carries it to the call.
 */
function plainText(call: CallView, ctx: MatchContext): Verdict {
  const path = calleeText(call, ctx);
  if (path === 'Net.FTP.new' || path === 'Net.FTP.open') {
    const ssl = keyword(call, 'ssl');
    if (ssl && !isFalse(ssl)) return false;
    return { message: '`Net::FTP` without `ssl:` sends the login and the files in clear text: use FTPS (`ssl: true`) or SFTP' };
  }
  if (path === 'Net.Telnet.new') return { message: 'Telnet sends the login and every command in clear text: use SSH (net-ssh)' };
  // `uri.open` / `uri.read` on a parsed URI (open-uri); `URI.open(url)` and `open(url)` take the URL.
  const generic = (call.name === 'open' || call.name === 'read') && call.receiver !== null && path !== 'URI.open' && path !== 'Kernel.open';
  const url = generic ? urlOf(call.receiver, ctx) : urlOf(urlArgument(call), ctx);
  if (!url || (url.scheme !== 'http' && url.scheme !== 'ftp') || LOOPBACK.has(url.host)) return false;
  const at = url.at.type === 'string' && url.at.start >= call.node.start && url.at.end <= call.node.end ? call.node : statementOf(url.at);
  return {
    node: at,
    message: `${url.scheme}://${url.host} is fetched over ${url.scheme === 'ftp' ? 'FTP' : 'plain HTTP'}: the data can be read or changed in transit (use https://)`,
  };
}

export default defineRule({
  class: 'cleartext-transport',
  confidence: 'medium',
  cwe: ['CWE-319'],
  languages: ['ruby'],
  remediation: 'Use `https://` URLs (and keep certificate verification on), FTPS (`Net::FTP.new(host, ssl: true)`) or SFTP instead of FTP, and SSH (net-ssh) instead of telnet.',
  references: ['https://cwe.mitre.org/data/definitions/319.html', 'https://docs.ruby-lang.org/en/master/Net/HTTP.html'],
  matcher: {
    kind: 'call',
    callee: [
      'Net.HTTP.{get,get_response,get_print,post,post_form,start,put,patch,delete}',
      'Net.HTTP.{Get,Post,Put,Patch,Delete,Head}.new',
      'URI.open',
      'OpenURI.open_uri',
      'Kernel.open',
      'open',
      'HTTParty.{get,post,put,patch,delete,head,options}',
      'RestClient.{get,post,put,patch,delete,head,options}',
      'RestClient.Request.{execute,new}',
      'Faraday.{get,post,put,patch,delete,head,new}',
      'HTTP.{get,post,put,patch,delete,head,request}',
      'Excon.{get,post,put,patch,delete,head,new}',
      'Typhoeus.{get,post,put,patch,delete,head}',
      'Typhoeus.Request.new',
      'URI.parse().{open,read}',
      'URI().{open,read}',
      '*.{open,read}',
      'Net.FTP.{new,open}',
      'Net.Telnet.new',
    ],
    where: plainText,
  },
});
