import { callArgs, declaratorShape, enclosingFunction, findDeclaration, functionName, rootOf, scopeDescendants, unwrap } from '../../lang/c/syntax.ts';
import { nameWords } from '../../secrets/credentials.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const SECRET_WORDS = new Set([
  'token',
  'tokens',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'secret',
  'key',
  'keys',
  'nonce',
  'salt',
  'iv',
  'otp',
  'pin',
  'session',
  'sessionid',
  'sid',
  'csrf',
  'xsrf',
  'auth',
  'cookie',
  'challenge',
  'ticket',
  'credential',
  'credentials',
  'apikey',
  'crypto',
  'encryption',
  'cipher',
  'uuid',
  'guid',
  'keystream',
  'pad',
  'seed',
  'verifier',
  'code',
]);
const NOT_SECRET = new Set([
  'index',
  'idx',
  'table',
  'bucket',
  'hash',
  'map',
  'count',
  'delay',
  'color',
  'colour',
  'dice',
  'die',
  'shuffle',
  'sample',
  'jitter',
  'retry',
  'backoff',
  'game',
  'score',
  'test',
  'error',
  'exit',
  'status',
  'return',
  'key_press',
  'keyboard',
  'hotkey',
]);

/** Whether a name reads like it holds a secret (a token, key, password, session id, nonce, salt, OTP). */
function secretish(name: string): boolean {
  const words = nameWords(name);
  if (words.some((w) => NOT_SECRET.has(w))) return false;
  // `code` alone is too generic: only reset/verification/auth codes.
  if (
    words.includes('code') &&
    !words.some((w) =>
      /^(?:reset|verify|verification|confirm|confirmation|auth|otp|login|invite|activation|one|unlock|access|pairing|recovery|backup|security|mfa|sms|email|enrol|enroll|enrollment)$/.test(
        w,
      ),
    )
  ) {
    return words.some((w) => w !== 'code' && SECRET_WORDS.has(w));
  }
  if (words.includes('seed') && words.length === 1) return false;
  return words.some((w) => SECRET_WORDS.has(w));
}

/** The variable name in an lvalue: `s->token[i]` → `token`, `out` → `out`. */
function lvalueName(node: SyntaxNode): string {
  let text = unwrap(node).text.replace(/\s+/g, '');
  const bracket = text.indexOf('[');
  if (bracket >= 0) text = text.slice(0, bracket);
  let cut = 0;
  for (const sep of ['.', '->', '::']) {
    const i = text.lastIndexOf(sep);
    if (i >= 0 && i + sep.length > cut) cut = i + sep.length;
  }
  return text.slice(cut);
}

/** The last name of a callee: `std::shuffle` → `shuffle`, `token.push_back` → `push_back`. */
function calleeLast(fn: SyntaxNode | null): string {
  return fn ? lvalueName(fn) : '';
}

/**
 * Names around a random call: what it is stored in, the buffer or string it fills (`token.push_back(…)`,
 * `token += …`, `sprintf(sid, …)`), the call it feeds, the function it is in.
 */
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
      if (left) names.push(lvalueName(left));
      break;
    }
    if (p.type === 'argument_list' && p.parent?.type === 'call_expression') {
      const outer = p.parent;
      const fn = outer.child('function');
      const fname = calleeLast(fn);
      if (/^(?:s?n?printf|sprintf|snprintf|strcat|strcpy)$/.test(fname)) {
        const dst = outer.child('arguments')?.namedChildren[0];
        if (dst) names.push(lvalueName(dst));
      } else if (!/^(?:srand|srandom|printf|fprintf|puts|shuffle|sample)$/.test(fname)) names.push(fname);
      // `token.push_back(…)`, `key.append(…)`: the string being filled.
      if (fn?.type === 'field_expression' && /^(?:push_back|append|insert|emplace_back|assign)$/.test(fname)) {
        const object = fn.child('argument');
        if (object) names.push(lvalueName(object));
      }
    }
    if (p.type === 'binary_expression' && p.child('operator')?.text === '<<') {
      // `oss << dist(gen)`: the stream being written.
      let root: SyntaxNode = p;
      for (let k = 0; k < 64 && root.type === 'binary_expression' && root.child('operator')?.text === '<<'; k++) root = root.child('left') ?? root;
      if (root.type === 'identifier' || root.type === 'field_expression') names.push(lvalueName(root));
    }
    if (p.type === 'return_statement' || p.type === 'expression_statement') break;
    n = p;
  }
  const fname = functionName(enclosingFunction(call));
  if (fname) names.push(fname);
  return names;
}

const RAND_CALLS = new Set(['rand', 'random', 'drand48', 'erand48', 'lrand48', 'nrand48', 'mrand48', 'jrand48', 'rand_r', 'random_r', 'std::rand', '::rand']);
/** Pseudo-random engines of `<random>` and Boost: fast, seedable, and their output reveals their state. */
const ENGINES =
  /(?:^|::)(?:mt19937(?:_64)?|minstd_rand0?|default_random_engine|ranlux(?:24|48)(?:_base)?|knuth_b|linear_congruential_engine|mersenne_twister_engine|subtract_with_carry_engine|rand48|mt11213b)\b/;

let engineCode: string | null = null;
let engineNames = new Set<string>();

/** Names the file declares pseudo-random engines under (built once per file; most files have none). */
function enginesOf(node: SyntaxNode, code: string): Set<string> {
  if (code === engineCode) return engineNames;
  const root = rootOf(node);
  const names = new Set<string>();
  for (const d of scopeDescendants(root, ['declaration', 'field_declaration'])) {
    const type = d.child('type');
    if (!type || !ENGINES.test(type.text.replace(/\s+/g, ''))) continue;
    for (const c of d.children)
      if (c.field === 'declarator') {
        const name = declaratorShape(c).name;
        if (name) names.add(name.text);
      }
  }
  engineCode = code;
  engineNames = names;
  return names;
}

/** Whether an expression is a pseudo-random engine variable (`std::mt19937 gen(…)`). */
function isEngine(node: SyntaxNode | null | undefined, code: string): boolean {
  if (!node) return false;
  let v = unwrap(node);
  // std::ref(gen)
  if (v.type === 'call_expression' && /^(?:std::)?c?ref$/.test(v.child('function')?.text ?? '')) v = unwrap(callArgs(v)[0] ?? v);
  if (v.type !== 'identifier' || !enginesOf(v, code).has(v.text)) return false;
  const d = findDeclaration(v.text, v);
  return d !== null && d.pointers === 0 && ENGINES.test(d.type.replace(/\s+/g, ''));
}

function engineType(node: SyntaxNode): string {
  const v = unwrap(node);
  const d = v.type === 'identifier' ? findDeclaration(v.text, v) : null;
  return d ? d.type.replace(/^(?:static|const|\s)+/, '') : 'pseudo-random';
}

/** A draw from a predictable generator: `rand()`, `gen()`, `dist(gen)`, `std::uniform_int_distribution<int>(0, 9)(gen)`. */
function draw(node: SyntaxNode, code: string): string | null {
  const fn = node.child('function');
  if (!fn) return null;
  if (fn.type === 'identifier' || fn.type === 'qualified_identifier') {
    const text = fn.type === 'identifier' ? fn.text : fn.text.replace(/\s+/g, '');
    if (RAND_CALLS.has(text)) return `${text}()`;
  }
  if (enginesOf(node, code).size === 0) return null;
  const text = fn.text.replace(/\s+/g, '');
  if (fn.type === 'identifier' && isEngine(fn, code)) return `${fn.text}()`;
  // `std::shuffle(b, e, gen)` only reorders: the values are the caller's.
  if (/(?:^|::)(?:shuffle|sample|random_shuffle)$/.test(text)) return null;
  const engine = callArgs(node).find((a) => isEngine(a, code));
  return engine ? `${unwrap(engine).text} (a ${engineType(engine)} engine)` : null;
}

function insecureRandom(node: SyntaxNode, ctx: MatchContext): Verdict {
  const what = draw(node, ctx.code);
  if (!what) return false;
  const names = namesAround(node);
  const secret = names.find((n) => secretish(n));
  if (!secret) return false;
  return { message: `${what} is predictable, but its output is used for ${secret}: an attacker can reproduce the value` };
}

export default defineRule({
  class: 'insecure-random',
  confidence: 'high',
  languages: ['c', 'cpp'],
  message: 'A predictable random number generator produces a secret value',
  remediation:
    'Use the operating system CSPRNG for keys, tokens, salts and session ids: `getrandom()`/`getentropy()`, `arc4random_buf()`, `RAND_bytes()` (OpenSSL), `BCryptGenRandom()` on Windows, or `std::random_device` only as a seed for a CSPRNG.',
  references: [
    'https://cwe.mitre.org/data/definitions/338.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/MSC30-C.+Do+not+use+the+rand%28%29+function+for+generating+pseudorandom+numbers',
  ],
  matcher: { kind: 'node', types: ['call_expression'], where: insecureRandom },
});
