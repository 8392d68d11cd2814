import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { FUNCTION_NODES, isErrorName, receiverPath, underEnvironmentCheck } from '../../lang/javascript/helpers.ts';

const RESPONSE_METHODS = new Set(['send', 'json', 'jsonp', 'write', 'end', 'render', 'response']);

/** A `.stack` read of an error object inside the node (not inside a nested function). */
function stackRead(node: SyntaxNode): SyntaxNode | null {
  const stack: SyntaxNode[] = [node];
  let budget = 500;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n !== node && FUNCTION_NODES.has(n.type)) continue;
    if (n.type === 'member_expression' && n.child('property')?.text === 'stack') {
      const obj = n.child('object');
      const last = obj?.type === 'member_expression' ? obj.child('property')?.text : obj?.text;
      if (last && isErrorName(last)) return n;
    }
    // util.inspect(err) / console.format: the stack is in the text.
    if (n.type === 'call_expression' && /^(?:util\.)?inspect$/.test(n.child('function')?.text ?? '')) {
      const a = n.child('arguments')?.namedChildren[0];
      if (a && isErrorName(a.text)) return n;
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return null;
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  let payload: SyntaxNode[] = [];
  if (node.type === 'assignment_expression') {
    const left = node.child('left')?.text ?? '';
    if (!/^(?:ctx|this|context)\.body$/.test(left)) return false;
    const right = node.child('right');
    if (right) payload = [right];
  } else {
    const call = ctx.call(node);
    if (!call || !RESPONSE_METHODS.has(call.name) || !call.receiver) return false;
    const root = receiverPath(call, ctx)[0] ?? '';
    if (!/^(?:res|response|resp|reply|h|ctx)$/.test(root)) return false;
    payload = call.args.map((a) => a.node);
  }
  for (const p of payload) {
    const read = stackRead(p);
    if (read && !underEnvironmentCheck(read)) return { message: 'The stack trace of an error is sent to the client, revealing file paths, library versions and code structure' };
  }
  return false;
}

export default defineRule({
  class: 'stack-trace-exposure',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  message: 'An error stack trace is sent in the HTTP response',
  remediation:
    'Log the error server-side (`logger.error(err)`) and send a generic message with a correlation id; include `err.stack` only when `process.env.NODE_ENV === "development"`.',
  references: [
    'https://cwe.mitre.org/data/definitions/209.html',
    'https://expressjs.com/en/guide/error-handling.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Error_Handling_Cheat_Sheet.html',
  ],
  matcher: { kind: 'node', types: ['call_expression', 'assignment_expression'], where: check },
});
