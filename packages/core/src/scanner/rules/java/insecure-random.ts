import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { contextNames, identifierWords } from '../../lang/java/predicates.ts';
import { boundVariable, classRef, descendants, enclosingFunction, findAfter, findDeclaration, mentions, simpleTypeName, span, unwrap } from '../../lang/java/tree.ts';

/** Words that say a value is a secret: tokens, passwords, session ids, keys, nonces, one-time codes, salts. */
const SECRET_WORDS = new Set([
  'token',
  'tokens',
  'password',
  'passwd',
  'pwd',
  'secret',
  'session',
  'sessionid',
  'sid',
  'otp',
  'totp',
  'hotp',
  'nonce',
  'salt',
  'apikey',
  'csrf',
  'xsrf',
  'reset',
  'verification',
  'verify',
  'activation',
  'pin',
  'captcha',
  'credential',
  'credentials',
  'passcode',
  'mfa',
  'twofa',
  'auth',
  'authentication',
  'iv',
  'invite',
  'invitation',
  'voucher',
  'coupon',
  'remember',
  'magic',
  'signup',
  'recovery',
  'unlock',
  'oauth',
  'jwt',
  'jti',
  'bearer',
  'cookie',
  'confirmation',
]);
/** "key"/"code"/"id" only count with a qualifier: `apiKey`, `resetCode`, `sessionId`. */
const QUALIFIED = new Set(['key', 'code', 'id', 'string', 'value', 'number', 'digits']);
const QUALIFIERS = new Set([
  'api',
  'secret',
  'private',
  'access',
  'signing',
  'encryption',
  'aes',
  'hmac',
  'crypto',
  'session',
  'reset',
  'verification',
  'verify',
  'otp',
  'auth',
  'activation',
  'confirm',
  'confirmation',
  'invite',
  'sms',
  'email',
  'mfa',
  'login',
  'one',
  'recovery',
  'unlock',
  'security',
  'license',
  'redemption',
  'redeem',
  'promo',
  'gift',
  'giftcard',
  'referral',
  'discount',
  'claim',
  'pairing',
]);

/** Whether names around a value say it is secret. */
export function secretContext(names: readonly string[]): boolean {
  for (const name of names) {
    const ws = identifierWords(name);
    if (ws.some((w) => SECRET_WORDS.has(w))) return true;
    for (let i = 1; i < ws.length; i++) if (QUALIFIED.has(ws[i] as string) && QUALIFIERS.has(ws[i - 1] as string)) return true;
  }
  return false;
}

/**
 * Names around a random value: the variable it is stored in, the method it is in, and the
 * variables and calls it flows into next (`double v = Math.random(); String rememberMeKey = …v…`).
 */
function creationContext(node: SyntaxNode): string[] {
  const names = contextNames(node);
  const bound = boundVariable(node);
  const fn = enclosingFunction(node);
  if (!bound || !fn) return names;
  const flow = new Set([bound.text]);
  const decls = descendants(fn, DECLARATORS);
  for (let round = 0; round < 2; round++) {
    for (const d of decls) {
      const v = d.child('value');
      const n = d.child('name');
      if (v && n && d.start > node.start && !flow.has(n.text) && mentions(v, flow)) {
        flow.add(n.text);
        names.push(n.text);
      }
    }
  }
  for (const inv of descendants(fn, INVOCATIONS)) {
    if (inv.start <= node.start) continue;
    const args = inv.child('arguments');
    if (args && mentions(args, flow)) {
      names.push(inv.child('name')?.text ?? '');
      // new Cookie("rememberMe", value) / map.put("token", value): the literal names say it too.
      for (const a of args.namedChildren) if (a.type === 'string_literal') names.push(a.text.slice(1, -1));
    }
  }
  for (const c of descendants(fn, CREATIONS)) {
    const args = c.child('arguments');
    if (c.start > node.start && args && mentions(args, flow)) {
      names.push(simpleTypeName(c.child('type')?.text ?? ''));
      for (const a of args.namedChildren) if (a.type === 'string_literal') names.push(a.text.slice(1, -1));
    }
  }
  return names;
}
const DECLARATORS = new Set(['variable_declarator']);
const INVOCATIONS = new Set(['method_invocation']);
const CREATIONS = new Set(['object_creation_expression']);

const WEAK_MESSAGE = 'java.util.Random (and Math.random, ThreadLocalRandom, RandomStringUtils) is predictable; it is used here for a secret value';
const AUDIT_MESSAGE = 'java.util.Random (and Math.random) is predictable: if this value decides anything an attacker could guess (an id, a code, a choice), use SecureRandom';

/** Words that say a random value only spreads load or varies behaviour: jitter, back-off, sampling, shuffling, simulations, games. */
const HARMLESS_WORDS = new Set([
  'jitter',
  'backoff',
  'delay',
  'retry',
  'retries',
  'sleep',
  'wait',
  'shuffle',
  'shuffled',
  'sample',
  'sampling',
  'sampler',
  'simulation',
  'simulate',
  'test',
  'tests',
  'mock',
  'fake',
  'demo',
  'color',
  'colour',
  'game',
  'dice',
  'roll',
  'animation',
  'noise',
  'spread',
  'balance',
  'balancer',
  'weight',
  'weighted',
  'chaos',
  'fuzz',
  'benchmark',
  'latency',
  'probability',
  'percent',
  'percentage',
]);

/**
 * A generator whose values nothing names as secret: reported at low confidence (Random is the wrong
 * tool for anything guessable), unless the names say it spreads load or varies behaviour, it is
 * seeded on purpose for repeatable runs (`new Random(42)`), or it is a field (judged at its uses).
 */
function audit(call: CallView, names: readonly string[]): Verdict {
  if (call.isNew && call.args.some((a) => a.index === 0)) return false;
  // A generator kept in a field is judged where its values are used.
  const bound = boundVariable(call.node);
  if (bound && findDeclaration(bound.text, bound)?.kind === 'field') return false;
  if (names.some((n) => identifierWords(n).some((w) => HARMLESS_WORDS.has(w)))) return false;
  return { message: AUDIT_MESSAGE, confidence: 'low' };
}

function creation(call: CallView): Verdict {
  const names = creationContext(call.node);
  if (!secretContext(names)) return call.name === 'Random' || call.name === 'random' ? audit(call, names) : false;
  // A local generator is reported from where it is made to its last use in the method.
  const bound = boundVariable(call.node);
  const fn = enclosingFunction(call.node);
  const d = bound ? findDeclaration(bound.text, bound) : null;
  if (!bound || !fn || d?.kind !== 'local') return { message: WEAK_MESSAGE };
  let last: SyntaxNode = call.node;
  for (const inv of descendants(fn, INVOCATIONS)) {
    const obj = inv.child('object');
    if (inv.start > call.node.end && obj?.type === 'identifier' && obj.text === bound.text && inv.end > last.end) last = inv;
  }
  return { message: WEAK_MESSAGE, node: span(call.node, last) };
}

const RANDOM_TYPES = new Set(['Random', 'ThreadLocalRandom']);

/** `rnd.nextInt()` on a Random made elsewhere (a field), for a secret, when the creation itself was not reported. */
function use(call: CallView, _ctx: MatchContext): Verdict {
  const r = call.receiver ? unwrap(call.receiver) : null;
  if (!r) return false;
  const name = r.type === 'identifier' ? r.text : r.type === 'field_access' && r.child('object')?.type === 'this' ? (r.child('field')?.text ?? '') : null;
  if (!name) return false;
  const d = findDeclaration(name, r);
  if (!d?.type || !RANDOM_TYPES.has(simpleTypeName(d.type))) return false;
  if (
    d.init &&
    (findAfter(d.init.text, 'new', /^\s+(?:java\.util\.)?Random\s*\(/, true) !== null || d.init.text.includes('ThreadLocalRandom.current()')) &&
    secretContext(creationContext(d.init))
  )
    return false;
  if (!secretContext(creationContext(call.node))) return false;
  return { message: WEAK_MESSAGE };
}

export default defineRule({
  class: 'insecure-random',
  confidence: 'medium',
  languages: ['java'],
  message: WEAK_MESSAGE,
  remediation:
    'Generate tokens, passwords, session ids, keys, salts and one-time codes with `java.security.SecureRandom` (e.g. 32 bytes from `new SecureRandom().nextBytes(b)` encoded with `Base64.getUrlEncoder()`), or `UUID.randomUUID()` for identifiers; `RandomStringUtils.secure()` in commons-lang 3.16+.',
  references: [
    'https://cwe.mitre.org/data/definitions/338.html',
    'https://cheatsheetseries.owasp.org/cheatsheets/Cryptographic_Storage_Cheat_Sheet.html#secure-random-number-generation',
    'https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/security/SecureRandom.html',
  ],
  matcher: {
    kind: 'call',
    callee: [
      'Random',
      'Math.random',
      'ThreadLocalRandom.current',
      'RandomStringUtils.{random,randomAlphanumeric,randomAlphabetic,randomNumeric,randomAscii,randomPrint,randomGraph,insecure}',
      'RandomUtils.{nextInt,nextLong,nextBytes,nextDouble,nextFloat,nextBoolean}',
      '*.{nextInt,nextLong,nextBytes,nextDouble,nextFloat,nextGaussian,ints,longs}',
    ],
    where: (call, ctx) => {
      if (/^next|^ints$|^longs$/.test(call.name) && classRef(call.receiver) !== 'RandomUtils') return use(call, ctx);
      return creation(call);
    },
  },
});
