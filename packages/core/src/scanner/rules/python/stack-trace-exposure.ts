import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { definitionOf } from '../../lang/python/predicates.ts';
import { decoratorIs } from '../../lang/python/text.ts';

const TRACE = /\btraceback\.(?:format_exception|format_tb|format_stack|print_exc)\s{0,8}\(|\bformat_exc\s{0,8}\(/;
const ROUTE_MEMBERS = new Set(['route', 'get', 'post', 'put', 'patch', 'delete', 'errorhandler', 'exception_handler', 'api_view']);
const ROUTE_BARE = new Set(['api_view', 'route']);
const ROUTE = { test: (d: string): boolean => decoratorIs(d, ROUTE_MEMBERS, ROUTE_BARE) };

/** Whether an expression carries a formatted traceback (directly or through a local assigned one). */
function carriesTrace(node: SyntaxNode | null, depth = 0): boolean {
  if (!node || depth > 4) return false;
  if (TRACE.test(node.text)) return true;
  const stack = [node];
  let budget = 200;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'identifier') {
      const def = definitionOf(n);
      if (def && def !== node && carriesTrace(def, depth + 1)) return true;
      continue;
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return false;
}

/** Whether the function is a web handler: a route / error handler, a Django or DRF view, a handler method. */
function inHandler(node: SyntaxNode, ctx: MatchContext): boolean {
  const fn = ctx.fn;
  if (!fn) return false;
  if (fn.decorators.some((d) => ROUTE.test(d))) return true;
  if (fn.params[0]?.name === 'request') return true;
  if (fn.className && fn.classBases.some((b) => /View|ViewSet|Handler|Resource/.test(b))) return true;
  void node;
  return false;
}

/** A traceback sent to the client: returned from a handler, or put in a response body. */
function exposes(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.type === 'return_statement') {
    const value = node.namedChildren[0] ?? null;
    if (!value || !carriesTrace(value) || !inHandler(node, ctx)) return false;
    return { message: 'A stack trace is returned to the client, revealing code paths, library versions and data' };
  }
  const call = ctx.call(node);
  if (!call) return false;
  const path = ctx.pathText(call.callee ?? call.node) ?? call.name;
  if (
    !/(?:^|\.)(?:HttpResponse|JsonResponse|Response|make_response|jsonify|HTMLResponse|PlainTextResponse|JSONResponse|json_response|write|finish|send_error|text|json)$/.test(path)
  )
    return false;
  if (call.name === 'write' && !/^self$/.test(call.receiver?.text ?? '')) return false;
  if (!call.args.some((a) => carriesTrace(a.node))) return false;
  return { message: 'A stack trace is written into the HTTP response, revealing code paths, library versions and data' };
}

export default defineRule({
  class: 'stack-trace-exposure',
  confidence: 'high',
  languages: ['python'],
  message: 'Exception details (a formatted traceback) are sent to the client',
  remediation:
    'Log the traceback on the server (`logger.exception("…")`) and return a generic error with a correlation id (`return jsonify(error="internal error", id=request_id), 500`).',
  references: ['https://cwe.mitre.org/data/definitions/209.html', 'https://owasp.org/www-community/Improper_Error_Handling'],
  matcher: { kind: 'node', types: ['return_statement', 'call'], where: exposes },
});
