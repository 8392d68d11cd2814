import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { FUNCTION_NODES, literalString, objectLiteral, programOf, propValue, unwrap } from '../../lang/javascript/helpers.ts';

/** Receivers that are browser windows: a message listener there hears every page that holds a reference to it. */
const WINDOW_RECEIVER = /^(?:window|globalThis\.window|top|parent)$/;

/** The file's function declarations by name, collected once per file. */
function declaredFunctions(node: SyntaxNode, ctx: MatchContext): Map<string, SyntaxNode> {
  return ctx.fileMemo('js-declared-functions', () => {
    const found = new Map<string, SyntaxNode>();
    const stack: SyntaxNode[] = [programOf(node)];
    for (let n = stack.pop(); n; n = stack.pop()) {
      if (n.type === 'function_declaration') {
        const name = n.child('name')?.text;
        if (name && !found.has(name)) found.set(name, n);
      } else if (n.type === 'variable_declarator' && FUNCTION_NODES.has(unwrap(n.child('value') ?? n).type)) {
        const name = n.child('name')?.text;
        const value = n.child('value');
        if (name && value && !found.has(name)) found.set(name, unwrap(value));
      }
      for (const c of n.namedChildren) stack.push(c);
    }
    return found;
  });
}

/** The listener function a registration names: a function literal, or a function declared in the file. */
function listenerFunction(arg: SyntaxNode | undefined, ctx: MatchContext): SyntaxNode | null {
  if (!arg) return null;
  const n = unwrap(arg);
  if (FUNCTION_NODES.has(n.type)) return n;
  if (n.type === 'identifier') return declaredFunctions(n, ctx).get(n.text) ?? null;
  return null;
}

/** `win.postMessage(data, '*')` / `postMessage(data, { targetOrigin: '*' })`: any page in that window reads the data. */
function wildcardTarget(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = ctx.call(node);
  if (!call || call.name !== 'postMessage' || call.args.length < 2) return false;
  const second = call.args[1]?.node;
  if (!second) return false;
  const target = objectLiteral(second) ? propValue(objectLiteral(second), 'targetOrigin') : second;
  if (!target || ctx.stringValue(target) !== '*') return false;
  return {
    cwe: ['CWE-345'],
    message: "postMessage() with the target origin '*' hands the message to whatever page the window holds now, whoever loaded it",
  };
}

/**
 * `window.addEventListener('message', (event) => …)` whose listener reads the message and never
 * looks at `event.origin` (or `event.source`): any site that can open or frame the page sends it
 * commands. Workers and ports are not windows and are left alone.
 */
function uncheckedListener(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = ctx.call(node);
  if (!call || call.name !== 'addEventListener' || literalString(call.args[0]?.node) !== 'message') return false;
  if (!call.receiver || !WINDOW_RECEIVER.test(call.receiver.text)) return false;
  const listener = listenerFunction(call.args[1]?.node, ctx);
  if (!listener) return false;
  const params = listener.child('parameters') ?? listener.child('parameter');
  if (!params || params.text.replace(/[()\s]/g, '') === '') return false;
  // `event.origin`, `event.source`, or `origin` destructured in the parameters or the body.
  if (/\borigin\b/.test(params.text) || /\.(?:origin|source)\b|\borigin\s{0,4}[,}]/.test(listener.child('body')?.text ?? '')) return false;
  return {
    cwe: ['CWE-345'],
    message: 'This message listener acts on messages from any origin: it never checks event.origin against the origins it expects',
  };
}

function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  return wildcardTarget(node, ctx) || uncheckedListener(node, ctx);
}

export default defineRule({
  class: 'cross-origin-messaging',
  confidence: 'medium',
  languages: ['javascript', 'typescript'],
  references: ['https://developer.mozilla.org/en-US/docs/Web/API/Window/postMessage#security_concerns', 'https://cwe.mitre.org/data/definitions/345.html'],
  matcher: { kind: 'node', types: ['call_expression'], where: check },
});
