import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { enclosingFunction } from '../../lang/go/adapter.ts';
import { enclosingStatement, functionText, identifiersIn, localNames, unparen } from '../../lang/go/util.ts';
import { nameWords } from '../../secrets/credentials.ts';

const VALUE_METHODS =
  'Int,Intn,IntN,Uint,Int31,Int31n,Int32,Int32N,Int63,Int63n,Int64,Int64N,Uint32,Uint64,Uint64N,Uint32N,UintN,Float32,Float64,Read,Perm,N,NormFloat64,ExpFloat64';

/** Words that make a name hold a secret: a token, password, session id, key, nonce, OTP, salt, reset code. */
const SECRET_WORDS = new Set([
  'token',
  'tokens',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'secret',
  'secrets',
  'session',
  'sessionid',
  'sid',
  'nonce',
  'otp',
  'totp',
  'hotp',
  'salt',
  'apikey',
  'csrf',
  'xsrf',
  'reset',
  'verification',
  'activation',
  'invite',
  'invitation',
  'pin',
  'credential',
  'credentials',
  'iv',
  'jwt',
  'passcode',
  'mfa',
  '2fa',
  'captcha',
  'cookie',
  'signature',
  'hmac',
  'bearer',
]);
/** Qualifiers that make "key" or "code" a secret (`apiKey`, `aesKey`, `resetCode`, `authCode`). */
const KEY_CODE_QUALIFIERS = new Set([
  'api',
  'secret',
  'private',
  'signing',
  'encryption',
  'aes',
  'hmac',
  'jwt',
  'session',
  'auth',
  'access',
  'master',
  'crypto',
  'cipher',
  'verification',
  'verify',
  'reset',
  'otp',
  'login',
  'confirm',
  'confirmation',
  'recovery',
  'invite',
  'activation',
  'one',
  'security',
  'sms',
  'email',
  'mfa',
  'magic',
]);
/** Names that say the value is not a secret even next to a secret word. */
const NOT_SECRET = new Set([
  'jitter',
  'backoff',
  'delay',
  'retry',
  'sleep',
  'shuffle',
  'sample',
  'sampling',
  'color',
  'colour',
  'port',
  'latency',
  'mock',
  'fake',
  'test',
  'demo',
  'simulate',
  'simulated',
  'weight',
  'weighted',
  'balancer',
  'pick',
  'election',
  'timeout',
  'interval',
  'ttl',
  'replica',
  'server',
  'peer',
  'shard',
]);

function secretName(name: string): boolean {
  const words = nameWords(name);
  if (words.length === 0) return false;
  if (words.some((w) => SECRET_WORDS.has(w))) return true;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if ((w === 'key' || w === 'keys' || w === 'code' || w === 'codes') && ((i > 0 && KEY_CODE_QUALIFIERS.has(words[i - 1] as string)) || words.length === 1)) return true;
  }
  return false;
}

function functionNames(node: SyntaxNode): string[] {
  const out: string[] = [];
  for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
    const name = fn.child('name')?.text;
    if (name) out.push(name);
    const recv = fn.child('receiver')?.namedChildren[0]?.child('type')?.text;
    if (recv) out.push(recv.replace(/^\*/, ''));
  }
  return out;
}

/** A text with the contents of its double-quoted strings removed (`"…"` → `""`), by a character scan. */
function withoutStrings(text: string): string {
  let out = '';
  let from = 0;
  for (let i = text.indexOf('"'); i >= 0; i = text.indexOf('"', from)) {
    let j = i + 1;
    while (j < text.length && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
    if (j >= text.length || text[j] !== '"') break;
    out += text.slice(from, i) + '""';
    from = j + 1;
  }
  return out + text.slice(from);
}

function statementNames(call: CallView): string[] {
  const stmt = enclosingStatement(call.node);
  return stmt ? identifiersIn(withoutStrings(stmt.text)) : [];
}

/** Names a statement assigns to (`otp := …`, `s.token = …`, `Token: …`). */
function targetNames(call: CallView): string[] {
  const stmt = enclosingStatement(call.node);
  if (!stmt) return [];
  const left = stmt.child('left') ?? stmt.child('key') ?? (stmt.type === 'var_spec' ? stmt.child('name') : null);
  return left ? identifiersIn(left.text) : [];
}

/** The function around the call is called to produce a secret elsewhere in the file: `token := randomString(32)`. */
function calledForSecret(fnName: string, code: string): boolean {
  const needle = `${fnName}(`;
  for (let at = code.indexOf(needle); at >= 0; at = code.indexOf(needle, at + needle.length)) {
    const before = at > 0 ? code.charAt(at - 1) : ' ';
    if (/[A-Za-z0-9_]/.test(before)) continue;
    const lineStart = code.lastIndexOf('\n', at) + 1;
    const prefix = code.slice(lineStart, at);
    if (/^\s*func\b/.test(prefix)) continue; // the declaration itself
    if (identifiersIn(prefix).some(secretName)) return true;
  }
  return false;
}

function secretContext(call: CallView, ctx: MatchContext) {
  const fnNames = functionNames(call.node);
  if ([...targetNames(call), ...fnNames].some((n) => nameWords(n).some((w) => NOT_SECRET.has(w)))) return false;
  if ([...statementNames(call), ...fnNames].some(secretName))
    return { message: 'math/rand is predictable; this value is used as a secret (token, password, key, session id or code)' };
  const fn = enclosingFunction(call.node);
  const name = fn?.child('name')?.text;
  if (name && calledForSecret(name, ctx.code)) {
    return { message: `math/rand is predictable; ${name}() produces values used as secrets in this file` };
  }
  return false;
}

/** Arithmetic that spreads a number (`base + rand.Intn(n)`): a jitter or an offset, never a secret. */
const SPREADING = new Set(['+', '-', '*', '/', '%']);

/**
 * Any other math/rand value, at low confidence: predictable output is only safe where nobody gains by
 * guessing it. Not reported where it plainly is such a value: a duration or sleep, a number spread
 * around a base, or a name that says so (jitter, backoff, sample, shuffle…).
 */
function auditUse(call: CallView): { confidence: 'low'; message: string } | false {
  if ([...targetNames(call), ...functionNames(call.node)].some((n) => nameWords(n).some((w) => NOT_SECRET.has(w)))) return false;
  for (let p = call.node.parent, hops = 0; p && hops < 4; p = p.parent, hops++) {
    if (p.type === 'parenthesized_expression') continue;
    if (p.type === 'binary_expression' && SPREADING.has(p.child('operator')?.text ?? '')) return false;
    if (p.type === 'call_expression' || p.type === 'type_conversion_expression') {
      const f = (p.child('function') ?? p.child('type'))?.text ?? '';
      if (/^(?:time\.(?:Duration|Sleep|After|NewTimer|NewTicker)|float64|float32)$/.test(f)) return false;
      continue;
    }
    if (p.type !== 'argument_list') break;
  }
  return { confidence: 'low', message: 'math/rand is predictable; if this value must not be guessed (a token, key, code or id), generate it with crypto/rand' };
}

/** What follows a generator's name where it is bound: `:= rand.New(`, `= rand.New(`, ` *rand.Rand` (the package captured). */
const GENERATOR_ASSIGNED = /^[ \t]*:?=[ \t]*([A-Za-z_]\w*)\.New\(/;
const GENERATOR_TYPED = /^[ \t]+\*([A-Za-z_]\w*)\.Rand\b/;

/** `r := rand.New(rand.NewSource(…)); r.Intn(n)`: a math/rand generator held in a variable or field. */
function mathRandGenerator(call: CallView, ctx: MatchContext): boolean {
  const r = call.receiver ? unparen(call.receiver) : null;
  if (!r) return false;
  const name = r.type === 'identifier' ? r.text : r.type === 'selector_expression' ? (r.child('field')?.text ?? '') : '';
  if (!/^[A-Za-z_]\w*$/.test(name)) return false;
  const pkgs = localNames(call.node, 'rand');
  if (pkgs.length === 0) return false;
  // `r := rand.New(…)`, `r = rand.New(…)`, `r *rand.Rand` (a field or variable of the generator type):
  // in the function, or anywhere in the file (a package-level generator; looked up once per name).
  const inFunction = generatorPackages(functionText(call.node), name);
  let root = call.node;
  while (root.parent) root = root.parent;
  let byName = fileGenerators.get(root);
  if (!byName) fileGenerators.set(root, (byName = new Map()));
  let inFile = byName.get(name);
  if (!inFile) byName.set(name, (inFile = generatorPackages(ctx.code, name)));
  return pkgs.some((pkg) => inFunction.has(pkg) || inFile.has(pkg));
}

const fileGenerators = new WeakMap<SyntaxNode, Map<string, Set<string>>>();

/** The packages whose generator a name is bound to in a text (`r := rand.New(…)` → `rand`), by one scan for the name. */
function generatorPackages(text: string, name: string): Set<string> {
  const out = new Set<string>();
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + name.length)) {
    const before = text[i - 1];
    const next = text[i + name.length];
    if ((before !== undefined && /\w/.test(before)) || (next !== ' ' && next !== '\t' && next !== ':' && next !== '=')) continue;
    const rest = text.slice(i + name.length, i + name.length + 128);
    const m = GENERATOR_ASSIGNED.exec(rest) ?? GENERATOR_TYPED.exec(rest);
    if (m) out.add(m[1] as string);
  }
  return out;
}

export default defineRule({
  class: 'insecure-random',
  confidence: 'medium',
  languages: ['go'],
  message: 'math/rand is predictable and must not generate secrets',
  remediation:
    'Generate tokens, passwords, keys, session ids and codes with `crypto/rand`: `b := make([]byte, 32); _, err := rand.Read(b)` then `base64.RawURLEncoding.EncodeToString(b)`, or `rand.Int(rand.Reader, max)` for numeric codes (Go 1.22+: `rand.Text()`).',
  references: ['https://cwe.mitre.org/data/definitions/338.html', 'https://pkg.go.dev/math/rand', 'https://pkg.go.dev/crypto/rand'],
  matcher: {
    kind: 'call',
    callee: [`rand.{${VALUE_METHODS}}`, `*.{${VALUE_METHODS}}`],
    where: (call, ctx) => {
      const path = ctx.path(call.callee ?? call.node) ?? [];
      const direct = path.length === 2 && path[0] === 'rand';
      if (!direct && !mathRandGenerator(call, ctx)) return false;
      return secretContext(call, ctx) || auditUse(call);
    },
  },
});
