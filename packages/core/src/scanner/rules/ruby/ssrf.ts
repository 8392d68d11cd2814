import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { hostIsPinned, keyword } from '../../lang/ruby/predicates.ts';

/** The request goes to an attacker-chosen host unless literal text pins the scheme and host first. */
function anyHost(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const arg = call.args.find((a) => a.index === 0)?.node ?? keyword(call, 'url') ?? keyword(call, 'base_url') ?? call.receiver;
  return !hostIsPinned(arg, ctx, taint);
}

const HTTP_REQUESTS = new Set(['request', 'get', 'post', 'put', 'patch', 'delete', 'head', 'start', 'request_get', 'request_post', 'request_head', 'get2', 'post2', 'send_request', 'get_response']);

/** `x = Net::HTTP.new(…)` assignments of a method, by target name (computed once per method). */
const httpObjects = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();

function httpAssignments(scope: SyntaxNode): Map<string, SyntaxNode[]> {
  let out = httpObjects.get(scope);
  if (out) return out;
  out = new Map();
  const stack: SyntaxNode[] = [scope];
  for (let budget = 20000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'assignment') {
      const left = n.child('left');
      const right = n.child('right');
      if (left && right && right.type === 'call' && right.child('method')?.text === 'new' && /^(?:::)?Net::HTTP$/.test(right.child('receiver')?.text ?? '')) {
        let list = out.get(left.text);
        if (!list) out.set(left.text, (list = []));
        list.push(right);
      }
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  httpObjects.set(scope, out);
  return out;
}

/** The `Net::HTTP.new(host, port)` call an HTTP object comes from: the receiver itself, or the last assignment to it before, in this method. */
function httpObjectOrigin(receiver: SyntaxNode | null, ctx: MatchContext): SyntaxNode | null {
  if (!receiver) return null;
  if (receiver.type === 'call') return ctx.pathText(receiver) === 'Net.HTTP.new()' ? receiver : null;
  if (receiver.type !== 'identifier' && receiver.type !== 'instance_variable') return null;
  const scope = ctx.fn?.node;
  if (!scope) return null;
  let origin: SyntaxNode | null = null;
  for (const right of httpAssignments(scope).get(receiver.text) ?? []) if (right.end <= receiver.start) origin = right;
  return origin;
}

/** Whether an HTTP object made by `Net::HTTP.new` is used for a request later in the same method. */
function usedForRequest(newCall: SyntaxNode, ctx: MatchContext): boolean {
  const assignment = newCall.parent;
  const target = assignment?.type === 'assignment' && newCall.field === 'right' ? assignment.child('left') : null;
  const scope = ctx.fn?.node;
  if (!target || !scope) return false;
  const stack: SyntaxNode[] = [scope];
  for (let budget = 5000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'call' && n.start > newCall.end && n.child('receiver')?.text === target.text && HTTP_REQUESTS.has(n.child('method')?.text ?? '')) return true;
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return false;
}

/**
 * `http = Net::HTTP.new(uri.host, uri.port)` … `http.request(req)`: the request is made (and
 * reported) where the object is used; `Net::HTTP.new` itself is the sink only when the object
 * leaves the method.
 */
function newHttp(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (call.name === 'new' && usedForRequest(call.node, ctx)) return false;
  return anyHost(call, ctx, taint);
}

function requestOnTaintedHost(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const origin = httpObjectOrigin(call.receiver, ctx);
  if (!origin) return false;
  const host = origin.child('arguments')?.namedChildren.find((c) => c.type !== 'comment') ?? null;
  return !hostIsPinned(host, ctx, taint);
}

/** Programs that fetch the URLs they are given: run on a user URL, the server makes the request. */
const URL_FETCHERS = new Set([
  'curl', 'wget', 'wkhtmltopdf', 'wkhtmltoimage', 'chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome',
  'headless_shell', 'phantomjs', 'aria2c', 'http', 'https', 'xh', 'lynx', 'w3m', 'youtube-dl', 'yt-dlp', 'ffmpeg', 'ffprobe', 'httrack',
]);

/**
 * `system("wkhtmltoimage", "--quiet", params[:url], out)`, `Open3.capture2e("curl", "-sS", url)`:
 * no shell is involved (so no command injection), but the program fetches the URL it is given.
 */
function fetcherArgv(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  let argv = call.args.filter((a) => a.index >= 0).map((a) => a.node);
  if (argv[0]?.type === 'hash') argv = argv.slice(1); // an environment hash
  if (argv.length === 1 && argv[0]?.type === 'array') argv = (argv[0] as SyntaxNode).namedChildren.filter((c) => c.type !== 'comment');
  if (argv.length < 2) return false;
  const program = ctx.stringValue(argv[0] as SyntaxNode);
  if (program === null) return false;
  const base = program.slice(program.lastIndexOf('/') + 1).toLowerCase();
  if (!URL_FETCHERS.has(base)) return false;
  return argv.slice(1).some((a) => {
    const t = ctx.taint(a);
    return t !== null && t.strength === 'remote' && t === taint && !hostIsPinned(a, ctx, t);
  });
}

export default defineRule({
  class: 'ssrf',
  confidence: 'high',
  languages: ['ruby'],
  remediation:
    'Fetch only from fixed base URLs and put the input in the path or query (escaped), or parse the URL and check its scheme and host against an allow-list (and resolve the host to reject private addresses) before the request.',
  references: [
    'https://cwe.mitre.org/data/definitions/918.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html',
    'https://docs.ruby-lang.org/en/master/Net/HTTP.html',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: [
          'Net.HTTP.{get,get_response,get_print,post,post_form,start,put,patch,delete}', 'URI.open', 'OpenURI.open_uri',
          'HTTParty.{get,post,put,patch,delete,head,options}', 'RestClient.{get,post,put,patch,delete,head,options}', 'RestClient.Resource.new',
          'Faraday.{get,post,put,patch,delete,head,new}', 'Faraday.Connection.new', 'Excon.{get,post,put,patch,delete,head,new}',
          'Typhoeus.{get,post,put,patch,delete,head,options}', 'Typhoeus.Request.new', 'HTTP.{get,post,put,patch,delete,head,options}',
          'HTTP.*.{get,post,put,patch,delete,head,options}', 'HTTPClient.new().{get,post,put,delete,head,get_content,post_content,request}',
          'Curl.{get,post,put,delete,head}', 'Curl.Easy.{new,perform,http_get}', 'Down.{download,open}', 'Mechanize.new().get', 'Patron.Session.new().get',
        ],
        args: [0],
        keywords: ['url', 'base_url'],
        where: anyHost,
      },
      { callee: ['Net.HTTP.new'], args: [0], where: newHttp },
      {
        callee: ['system', 'spawn', 'exec', 'Kernel.{system,spawn,exec}', 'Process.spawn', 'Open3.{capture2,capture2e,capture3,popen2,popen2e,popen3}', 'IO.popen', 'PTY.spawn'],
        args: 'all',
        where: fetcherArgv,
        label: 'a URL-fetching program',
      },
      { callee: [...HTTP_REQUESTS].map((m) => `*.${m}`), receiver: true, args: [], where: requestOnTaintedHost, label: 'a Net::HTTP request' },
      { callee: ['URI.parse().{open,read}', 'URI().{open,read}', 'Kernel.URI().{open,read}'], receiver: true, args: [], where: anyHost },
      { callee: ['RestClient.Request.execute'], args: [], keywords: ['url'], where: anyHost },
    ],
    local: 'never',
    params: 'never',
  },
});
