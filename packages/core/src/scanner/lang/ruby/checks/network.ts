/** Named checks for outgoing requests (SSRF): whether the host is fixed, and which HTTP object a request uses. */
import type { CallView } from '../../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { URL_FETCHERS } from '../../common.ts';
import { hostIsPinned, keyword, localAssignments } from '../predicates.ts';

/** `any-host`: the request goes to an attacker-chosen host unless literal text pins the scheme and host first. */
export function anyHost(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const arg = call.args.find((a) => a.index === 0)?.node ?? keyword(call, 'url') ?? keyword(call, 'base_url') ?? call.receiver;
  return !hostIsPinned(arg, ctx, taint);
}

/** Net::HTTP instance methods that make a request. */
export const HTTP_REQUESTS = [
  'request',
  'get',
  'post',
  'put',
  'patch',
  'delete',
  'head',
  'start',
  'request_get',
  'request_post',
  'request_head',
  'get2',
  'post2',
  'send_request',
  'get_response',
];
const HTTP_REQUEST_SET = new Set(HTTP_REQUESTS);

function isNetHttpNew(node: SyntaxNode): boolean {
  return node.type === 'call' && node.child('method')?.text === 'new' && /^(?:::)?Net::HTTP$/.test(node.child('receiver')?.text ?? '');
}

/** The `Net::HTTP.new(host, port)` call an HTTP object comes from: the receiver itself, or the last assignment to it before, in this method. */
function httpObjectOrigin(receiver: SyntaxNode | null, ctx: MatchContext): SyntaxNode | null {
  if (!receiver) return null;
  if (receiver.type === 'call') return ctx.pathText(receiver) === 'Net.HTTP.new()' ? receiver : null;
  if (receiver.type !== 'identifier' && receiver.type !== 'instance_variable') return null;
  const scope = ctx.fn?.node;
  if (!scope) return null;
  let origin: SyntaxNode | null = null;
  for (const assignment of localAssignments(scope).get(receiver.text) ?? []) {
    const right = assignment.type === 'assignment' ? assignment.child('right') : null;
    if (right && right.end <= receiver.start && isNetHttpNew(right)) origin = right;
  }
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
    if (n.type === 'call' && n.start > newCall.end && n.child('receiver')?.text === target.text && HTTP_REQUEST_SET.has(n.child('method')?.text ?? '')) return true;
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return false;
}

/**
 * `net-http-object`: `http = Net::HTTP.new(uri.host, uri.port)` … `http.request(req)`: the request is
 * made (and reported) where the object is used; `Net::HTTP.new` itself is the sink only when the
 * object leaves the method.
 */
export function netHttpObject(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (call.name === 'new' && usedForRequest(call.node, ctx)) return false;
  return anyHost(call, ctx, taint);
}

/** `net-http-request`: a request made on a `Net::HTTP` object whose host came from untrusted data. */
export function netHttpRequest(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const origin = httpObjectOrigin(call.receiver, ctx);
  if (!origin) return false;
  const host = origin.child('arguments')?.namedChildren.find((c) => c.type !== 'comment') ?? null;
  return !hostIsPinned(host, ctx, taint);
}

/**
 * `url-fetcher-argv`: `system("wkhtmltoimage", "--quiet", params[:url], out)`, `Open3.capture2e("curl", "-sS", url)`:
 * no shell is involved (so no command injection), but the program fetches the URL it is given.
 */
export function urlFetcherArgv(call: CallView, ctx: MatchContext, taint: Taint): boolean {
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
