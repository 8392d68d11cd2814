import type { CallView } from '../../engine/adapter.ts';
import { declaratorShape, enclosingFunction, functionName, unwrap } from '../../lang/c/syntax.ts';
import { nameWords } from '../../secrets/credentials.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const SECRET_WORDS = new Set([
  'token', 'tokens', 'password', 'passwd', 'pwd', 'passphrase', 'secret', 'key', 'keys', 'nonce', 'salt', 'iv', 'otp', 'pin', 'session', 'sessionid',
  'sid', 'csrf', 'xsrf', 'auth', 'cookie', 'challenge', 'ticket', 'credential', 'credentials', 'apikey', 'crypto', 'encryption', 'cipher', 'uuid',
  'guid', 'keystream', 'pad', 'seed', 'verifier', 'code',
]);
const NOT_SECRET = new Set(['index', 'idx', 'table', 'bucket', 'hash', 'map', 'count', 'delay', 'color', 'colour', 'dice', 'die', 'shuffle', 'sample', 'jitter', 'retry', 'backoff', 'game', 'score', 'test', 'error', 'exit', 'status', 'return', 'key_press', 'keyboard', 'hotkey']);

/** Whether a name reads like it holds a secret (a token, key, password, session id, nonce, salt, OTP). */
function secretish(name: string): boolean {
  const words = nameWords(name);
  if (words.some((w) => NOT_SECRET.has(w))) return false;
  // `code` alone is too generic: only reset/verification/auth codes.
  if (words.includes('code') && !words.some((w) => /^(?:reset|verify|verification|confirm|confirmation|auth|otp|login|invite|activation|one)$/.test(w))) {
    return words.some((w) => w !== 'code' && SECRET_WORDS.has(w));
  }
  if (words.includes('seed') && words.length === 1) return false;
  return words.some((w) => SECRET_WORDS.has(w));
}

/** Names around a rand() call: what it is stored in, the buffer it fills, the call it feeds, the function it is in. */
function namesAround(call: SyntaxNode): string[] {
  const names: string[] = [];
  let n = call;
  for (let i = 0; i < 12 && n.parent; i++) {
    const p: SyntaxNode = n.parent;
    if (p.type === 'init_declarator') {
      const name = declaratorShape(p).name;
      if (name) names.push(name.text);
      break;
    }
    if (p.type === 'assignment_expression') {
      const left = p.child('left');
      if (left) names.push(unwrap(left).text.replace(/\[.*$/, '').replace(/^.*(?:->|\.)/, ''));
      break;
    }
    if (p.type === 'argument_list' && p.parent?.type === 'call_expression') {
      const outer = p.parent;
      const fname = outer.child('function')?.text.replace(/^.*(?:::|->|\.)/, '') ?? '';
      if (/^(?:s?n?printf|sprintf|snprintf|strcat|strcpy)$/.test(fname)) {
        const dst = outer.child('arguments')?.namedChildren[0];
        if (dst) names.push(unwrap(dst).text.replace(/\[.*$/, '').replace(/^.*(?:->|\.)/, ''));
      } else if (!/^(?:srand|srandom|printf|fprintf|puts)$/.test(fname)) names.push(fname);
    }
    if (p.type === 'return_statement' || p.type === 'expression_statement') break;
    n = p;
  }
  const fname = functionName(enclosingFunction(call));
  if (fname) names.push(fname);
  return names;
}

function insecureRandom(call: CallView, _ctx: MatchContext): Verdict {
  const names = namesAround(call.node);
  const secret = names.find((n) => secretish(n));
  if (!secret) return false;
  return { message: `${call.name}() is predictable, but its output is used for ${secret}: an attacker can reproduce the value` };
}

export default defineRule({
  id: 'c.insecure-random',
  title: 'Predictable random numbers for a secret',
  severity: 'medium',
  confidence: 'high',
  cwe: ['CWE-338', 'CWE-330'],
  owasp: ['A02:2021'],
  languages: ['c', 'cpp'],
  message: 'A predictable random number generator produces a secret value',
  remediation: 'Use the operating system CSPRNG for keys, tokens, salts and session ids: `getrandom()`/`getentropy()`, `arc4random_buf()`, `RAND_bytes()` (OpenSSL), `BCryptGenRandom()` on Windows, or `std::random_device` only as a seed for a CSPRNG.',
  references: ['https://cwe.mitre.org/data/definitions/338.html', 'https://wiki.sei.cmu.edu/confluence/display/c/MSC30-C.+Do+not+use+the+rand%28%29+function+for+generating+pseudorandom+numbers'],
  matcher: { kind: 'call', callee: ['rand', 'random', 'drand48', 'erand48', 'lrand48', 'nrand48', 'mrand48', 'jrand48', 'rand_r', 'std.rand', 'random_r'], where: insecureRandom },
});
