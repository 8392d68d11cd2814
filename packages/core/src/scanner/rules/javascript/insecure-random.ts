import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import { destinationNames, enclosingFunction, functionName, secretWord, words } from '../../lang/javascript/helpers.ts';

/** Words that say the value is for display, layout, sampling or tests: not a secret. */
const NOT_SECRET = new Set([
  'color', 'colour', 'delay', 'jitter', 'backoff', 'retry', 'shuffle', 'sample', 'animation', 'position', 'offset', 'width', 'height', 'size',
  'opacity', 'angle', 'x', 'y', 'z', 'index', 'idx', 'score', 'percent', 'chance', 'probability', 'weight', 'noise', 'particle', 'dice', 'roll',
  'quote', 'tip', 'greeting', 'emoji', 'avatar', 'placeholder', 'demo', 'mock', 'fake', 'test', 'seed', 'sleep', 'wait', 'timeout', 'interval',
  'latency', 'temperature', 'fill', 'element', 'dom', 'html', 'react', 'css', 'class', 'classname', 'hue', 'rgb', 'hex', 'duration', 'speed',
]);

function displayName(name: string): boolean {
  const ws = words(name);
  return ws.some((w) => NOT_SECRET.has(w)) || (ws.length === 1 && ws[0] === 'key');
}

function check(call: CallView, ctx: MatchContext): Verdict {
  const fn = enclosingFunction(call.node);
  const names = destinationNames(call.node, ctx).filter((n) => n !== 'random' && n !== 'floor' && n !== 'toString' && n !== 'substring' && n !== 'substr' && n !== 'slice');
  const fnName = fn ? (functionName(fn) ?? '') : '';
  const all = [...names, fnName];
  const hit = all.find((n) => secretWord(n) && !displayName(n));
  if (!hit) return false;
  if (call.name === 'pseudoRandomBytes') return { message: `crypto.pseudoRandomBytes() is not cryptographically secure but produces a secret value (${hit})` };
  return { message: `Math.random() is not a cryptographically secure generator but produces a secret value (${hit})` };
}

export default defineRule({
  id: 'javascript.insecure-random',
  title: 'Insecure randomness for a secret value',
  severity: 'medium',
  confidence: 'medium',
  cwe: ['CWE-330', 'CWE-338'],
  owasp: ['A02:2021'],
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
