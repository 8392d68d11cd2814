import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { destinationNames, enclosingFunction, functionName, programOf, secretWord, words } from '../../lang/javascript/helpers.ts';

/** Words that say the value is for display, layout, sampling or tests: not a secret. */
const NOT_SECRET = new Set([
  'color',
  'colour',
  'delay',
  'jitter',
  'backoff',
  'retry',
  'shuffle',
  'sample',
  'animation',
  'position',
  'offset',
  'width',
  'height',
  'size',
  'opacity',
  'angle',
  'x',
  'y',
  'z',
  'index',
  'idx',
  'score',
  'percent',
  'chance',
  'probability',
  'weight',
  'noise',
  'particle',
  'dice',
  'roll',
  'quote',
  'tip',
  'greeting',
  'emoji',
  'avatar',
  'placeholder',
  'demo',
  'mock',
  'fake',
  'test',
  'seed',
  'sleep',
  'wait',
  'timeout',
  'interval',
  'latency',
  'temperature',
  'fill',
  'element',
  'dom',
  'html',
  'react',
  'css',
  'class',
  'classname',
  'hue',
  'rgb',
  'hex',
  'duration',
  'speed',
]);

function displayName(name: string): boolean {
  const ws = words(name);
  return ws.some((w) => NOT_SECRET.has(w)) || (ws.length === 1 && ws[0] === 'key');
}

const PLUMBING = new Set(['random', 'floor', 'toString', 'substring', 'substr', 'slice', 'charAt', 'at', 'push', 'join', 'from', 'map', 'fill']);

/** `TOKEN_CHARS[Math.floor(Math.random() * n)]`: the alphabet a character is picked from names what it builds. */
function pickedFrom(node: SyntaxNode): string[] {
  const out: string[] = [];
  let n = node;
  for (let depth = 0; depth < 8 && n.parent; depth++) {
    const p = n.parent;
    if (p.type === 'subscript_expression' && n.field === 'index') {
      const obj = p.child('object');
      const name = obj?.type === 'member_expression' ? obj.child('property')?.text : obj?.text;
      if (name && /^[\w$]{1,60}$/.test(name)) out.push(name);
      break;
    }
    // up through `Math.floor(…)`, `* chars.length`, parentheses
    if (p.type === 'call_expression' || p.type === 'arguments' || p.type === 'binary_expression' || p.type === 'parenthesized_expression') n = p;
    else break;
  }
  return out;
}

/** Calls of a named helper in the same file (`const sessionId = randomString(40)`), at most a few. */
function callersOf(name: string, root: SyntaxNode): SyntaxNode[] {
  return (callsByName(root).get(name) ?? []).slice(0, 20);
}

/** Every call of a plain identifier in a file, by name — indexed once per file and scan. */
const callIndex = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();

function callsByName(root: SyntaxNode): Map<string, SyntaxNode[]> {
  let index = callIndex.get(root);
  if (index) return index;
  index = new Map();
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop() as SyntaxNode;
    const fn = n.type === 'call_expression' ? n.child('function') : null;
    if (fn?.type === 'identifier') {
      const list = index.get(fn.text);
      if (list) list.push(n);
      else index.set(fn.text, [n]);
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  callIndex.set(root, index);
  return index;
}

/**
 * A generic generator (`randomString(len)`, `makeId()`) named after nothing: what its callers in the
 * same file store its result as says what it makes.
 */
function callerNames(fn: SyntaxNode | null, ctx: MatchContext): string[] {
  let f = fn;
  for (let depth = 0; f && depth < 3; depth++) {
    const name = functionName(f);
    if (name) {
      if (f.type === 'method_definition') return [];
      return callersOf(name, programOf(f)).flatMap((c) => destinationNames(c, ctx));
    }
    f = enclosingFunction(f);
  }
  return [];
}

function check(call: CallView, ctx: MatchContext): Verdict {
  const fn = enclosingFunction(call.node);
  const names = destinationNames(call.node, ctx).filter((n) => !PLUMBING.has(n));
  const fnName = fn ? (functionName(fn) ?? '') : '';
  const all = [...names, fnName, ...pickedFrom(call.node)];
  if (!all.some((n) => secretWord(n) && !displayName(n)) && !all.some((n) => displayName(n))) all.push(...callerNames(fn, ctx).filter((n) => !PLUMBING.has(n)));
  const hit = all.find((n) => secretWord(n) && !displayName(n));
  if (!hit) return false;
  if (call.name === 'pseudoRandomBytes') return { message: `crypto.pseudoRandomBytes() is not cryptographically secure but produces a secret value (${hit})` };
  return { message: `Math.random() is not a cryptographically secure generator but produces a secret value (${hit})` };
}

export default defineRule({
  class: 'insecure-random',
  confidence: 'medium',
  languages: ['javascript', 'typescript'],
  message: 'A predictable random generator produces a secret value (token, password, session id, code)',
  remediation:
    'Generate secrets with a CSPRNG: `crypto.randomBytes(32).toString("hex")` or `crypto.randomUUID()` for tokens, `crypto.randomInt(0, 1_000_000)` for numeric codes, and `crypto.getRandomValues()` in the browser. `Math.random()` is predictable.',
  references: [
    'https://cwe.mitre.org/data/definitions/338.html',
    'https://nodejs.org/api/crypto.html#cryptorandombytessize-callback',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html#secure-random-number-generation',
  ],
  matcher: { kind: 'call', callee: ['Math.random', 'crypto.pseudoRandomBytes'], where: check },
});
