/** Syntax helpers shared by the JavaScript/TypeScript rules. */
import type { CallView } from '../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { stripQuotes } from '../common.ts';
import { nameWords } from '../../secrets/credentials.ts';

const WRAPPERS = new Set(['parenthesized_expression', 'await_expression', 'non_null_expression', 'as_expression', 'satisfies_expression', 'type_assertion']);
export const FUNCTION_NODES = new Set([
  'function_declaration',
  'function_expression',
  'function',
  'arrow_function',
  'generator_function',
  'generator_function_declaration',
  'method_definition',
]);

/** Strips parentheses, `await`, casts and non-null assertions. */
export function unwrap(node: SyntaxNode): SyntaxNode {
  let n = node;
  for (let i = 0; i < 16 && WRAPPERS.has(n.type); i++) {
    const inner = n.child('expression') ?? n.namedChildren[0];
    if (!inner) break;
    n = inner;
  }
  return n;
}

/** The literal content of a string node (no interpolation), or null. */
export function literalString(node: SyntaxNode | null | undefined): string | null {
  if (!node) return null;
  const n = unwrap(node);
  if (n.type === 'string') return stripQuotes(n.text);
  if (n.type === 'template_string' && !n.children.some((c) => c.type === 'template_substitution')) return n.text.slice(1, -1);
  return null;
}

/** Key text of a pair (`a:`, `'a':`, `[a]:` is null). */
export function pairKey(pair: SyntaxNode): string | null {
  const key = pair.child('key');
  if (!key) return null;
  if (key.type === 'property_identifier' || key.type === 'identifier') return key.text;
  if (key.type === 'string') return stripQuotes(key.text);
  if (key.type === 'number') return key.text;
  return null;
}

/** Value of `key` in an object literal: `{ key: v }`, shorthand `{ key }`; null when absent. */
export function propValue(obj: SyntaxNode | null | undefined, key: string): SyntaxNode | null {
  if (!obj || obj.type !== 'object') return null;
  for (const c of obj.namedChildren) {
    if (c.type === 'pair' && pairKey(c) === key) return c.child('value');
    if (c.type === 'shorthand_property_identifier' && c.text === key) return c;
    if (c.type === 'method_definition' && c.child('name')?.text === key) return c;
  }
  return null;
}

/** Whether an object literal spreads something (`{ ...defaults, a: 1 }`): its keys are not all known. */
export function hasSpread(obj: SyntaxNode): boolean {
  return obj.namedChildren.some((c) => c.type === 'spread_element');
}

/** The nearest enclosing function node, or null at top level. */
export function enclosingFunction(node: SyntaxNode): SyntaxNode | null {
  for (let p = node.parent; p; p = p.parent) if (FUNCTION_NODES.has(p.type)) return p;
  return null;
}

/** The root `program` node. */
export function programOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}

/** The text of the enclosing function (or the whole file at top level). */
export function scopeText(node: SyntaxNode): string {
  return (enclosingFunction(node) ?? programOf(node)).text;
}

/**
 * The value last bound to an identifier before `at` (`const x = v`, `let x = v`, `x = v`), searched
 * in the enclosing function, then its outer functions and the file. Nested functions are not
 * searched. Null when there is no such binding (a parameter, an import, a global).
 */
export function declaredValue(id: SyntaxNode, at: SyntaxNode = id): SyntaxNode | null {
  if (id.type !== 'identifier' && id.type !== 'shorthand_property_identifier') return null;
  const name = id.text;
  for (let scope: SyntaxNode | null = enclosingFunction(at) ?? programOf(at); scope; scope = scope.parent ? (enclosingFunction(scope) ?? programOf(scope)) : null) {
    let best: Binding | null = null;
    for (const b of bindingsOf(scope).get(name) ?? []) {
      if (b.start >= at.start || (b.assignment && b.end > at.start)) continue;
      if (!best || b.start > best.start) best = b;
    }
    if (best) return best.value;
    if (scope.type === 'program') break;
  }
  return null;
}

/** A `const x = v`, `let x = v` or `x = v` in a scope, as declaredValue looks for it. */
interface Binding {
  start: number;
  end: number;
  assignment: boolean;
  value: SyntaxNode;
}

/**
 * Every binding of each name in a function or program, nested functions left out — indexed once per
 * scope and scan (declaredValue is asked for most call arguments; walking the scope each time made
 * large files quadratic).
 */
const bindingIndex = new WeakMap<SyntaxNode, Map<string, Binding[]>>();

function bindingsOf(scope: SyntaxNode): Map<string, Binding[]> {
  let index = bindingIndex.get(scope);
  if (index) return index;
  index = new Map();
  const add = (name: string | undefined, binding: Binding): void => {
    if (name === undefined) return;
    const list = index?.get(name);
    if (list) list.push(binding);
    else index?.set(name, [binding]);
  };
  const stack: SyntaxNode[] = [scope];
  while (stack.length > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n !== scope && FUNCTION_NODES.has(n.type)) continue;
    if (n.type === 'variable_declarator') {
      const v = n.child('value');
      if (v) add(n.child('name')?.text, { start: n.start, end: n.end, assignment: false, value: v });
    } else if (n.type === 'assignment_expression') {
      const v = n.child('right');
      if (v) add(n.child('left')?.text, { start: n.start, end: n.end, assignment: true, value: v });
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  bindingIndex.set(scope, index);
  return index;
}

/** An object literal an expression is, directly or through a local binding. */
export function objectLiteral(node: SyntaxNode | null | undefined): SyntaxNode | null {
  if (!node) return null;
  const n = unwrap(node);
  if (n.type === 'object') return n;
  if (n.type === 'identifier') {
    const v = declaredValue(n);
    if (v && unwrap(v).type === 'object') return unwrap(v);
  }
  return null;
}

/** `true` literal (through parentheses). */
export function isTrue(node: SyntaxNode | null | undefined): boolean {
  return !!node && unwrap(node).type === 'true';
}

/** `false` literal, or `0`/`!1`. */
export function isFalse(node: SyntaxNode | null | undefined): boolean {
  if (!node) return false;
  const n = unwrap(node);
  return n.type === 'false' || n.text === '!1';
}

/** Argument node by position. */
export function argAt(call: CallView, index: number): SyntaxNode | null {
  return call.args.find((a) => a.index === index)?.node ?? null;
}

/**
 * The literal text a string expression certainly starts with: `'https://api/' + x` → `https://api/`,
 * `` `/users/${id}` `` → `/users/`. Null when the start is not a literal (a variable, a call).
 */
export function leadingLiteral(node: SyntaxNode, ctx: MatchContext, depth = 0): string | null {
  if (depth > 12) return null;
  const n = unwrap(node);
  const whole = ctx.stringValue(n);
  if (whole !== null) return whole;
  if (n.type === 'template_string') {
    let out = '';
    for (const c of n.children) {
      if (c.type === 'string_fragment' || c.type === 'escape_sequence') out += c.text;
      else if (c.type === 'template_substitution') {
        const inner = c.namedChildren[0];
        const s = inner ? ctx.stringValue(inner) : null;
        if (s === null) return out === '' ? (inner ? leadingLiteral(inner, ctx, depth + 1) : null) : out;
        out += s;
      }
    }
    return out;
  }
  if (n.type === 'binary_expression' && n.child('operator')?.text === '+') {
    const left = n.child('left');
    const right = n.child('right');
    if (!left) return null;
    const l = ctx.stringValue(left);
    if (l !== null) return l + (right ? (leadingLiteral(right, ctx, depth + 1) ?? '') : '');
    return leadingLiteral(left, ctx, depth + 1);
  }
  if (n.type === 'identifier') {
    const v = declaredValue(n);
    if (v && v !== n) return leadingLiteral(v, ctx, depth + 1);
  }
  if (n.type === 'call_expression') {
    const fn = n.child('function');
    // `new URL(path, base)` / `url.resolve(base, path)` / `path.join(a, b)`: the start is the first argument's.
    const callee = fn?.text ?? '';
    const first = n.child('arguments')?.namedChildren[0];
    if (first && /^(?:path\.(?:join|resolve|normalize)|util\.format|format)$/.test(callee)) return leadingLiteral(first, ctx, depth + 1);
    if (/\.(?:concat)$/.test(callee)) {
      const obj = fn?.child('object');
      return obj ? leadingLiteral(obj, ctx, depth + 1) : null;
    }
  }
  return null;
}

/** The leftmost operand of a string expression (what its value starts with), through bindings. */
export function leftmost(node: SyntaxNode, depth = 0): SyntaxNode {
  const n = unwrap(node);
  if (depth > 12) return n;
  if (n.type === 'binary_expression' && n.child('operator')?.text === '+') {
    const left = n.child('left');
    return left ? leftmost(left, depth + 1) : n;
  }
  if (n.type === 'template_string') {
    for (const c of n.children) {
      if (c.type === 'string_fragment') return c;
      if (c.type === 'template_substitution') {
        const inner = c.namedChildren[0];
        return inner ? leftmost(inner, depth + 1) : n;
      }
    }
  }
  return n;
}

/** Whether the path of a call's receiver starts with one of these roots (`res`, `ctx`). */
export function receiverRoot(call: CallView, ctx: MatchContext): string | null {
  if (!call.receiver) return null;
  const p = ctx.path(call.receiver);
  return p?.[0] ?? null;
}

/** The path of a call's receiver (`['res', 'status()']`), or []. */
export function receiverPath(call: CallView, ctx: MatchContext): string[] {
  return call.receiver ? (ctx.path(call.receiver) ?? []) : [];
}

/** Whether the file imports or requires a module (by name or prefix, e.g. `ldapjs`). */
export function importsModule(ctx: MatchContext, ...modules: string[]): boolean {
  return fileFact(ctx, `imports:${modules.join(',')}`, (code) => {
    for (const m of modules) {
      const quoted = [`'${m}'`, `"${m}"`, `\`${m}\``, `'${m}/`, `"${m}/`];
      if (quoted.some((q) => code.includes(q))) return true;
    }
    return false;
  });
}

/** Splits `resetToken`, `RESET_TOKEN`, `reset-token` into lower-case words. */
export function words(name: string): string[] {
  return nameWords(name);
}

/** Whether an error-ish expression: `err`, `error`, `e`, `ex`, `exception`, `err.cause`. */
export function isErrorName(name: string): boolean {
  return /^(?:e|ex|exc|err|error|exception)$/.test(name) || /^_?err\d{0,3}$/.test(name) || name.endsWith('Error') || name.endsWith('Err') || name.endsWith('Exception');
}

/** Whether the taint came straight out of an HTTP request field that may be an object (JSON body, parsed query). */
export function fromObjectSource(taint: Taint): boolean {
  return /^(?:req|request|ctx\.request|ctx|this\.req)\.(?:body|query|payload|fields)\b|^event\.body\b|^JSON\.parse\(/.test(taint.label) || unvalidatedBodyParam(taint);
}

/** Types that say nothing about the value's shape at run time (TypeScript types are erased). */
const UNTYPED = /^(?:any|unknown|object|Object|Record\s{0,4}<.{0,80}>|\{[^]{0,400}\}|Partial\s{0,4}<\s{0,4}(?:any|Record\s{0,4}<.{0,80}>)\s{0,4}>)$/;

/**
 * A NestJS-style `@Body() body: any` / `@Query() filter: Record<string, unknown>` /
 * `@Body() body: { username: string }` parameter: the parsed request object, with no class (DTO)
 * a validation pipe could check it against. A `@Body() dto: LoginDto` is left out.
 */
function unvalidatedBodyParam(taint: Taint): boolean {
  const param = taint.param ? taint.param.fn.params[taint.param.index] : undefined;
  if (!param || taint.built || !param.annotations.some((a) => /^@(?:Body|Query|Payload|MessageBody|Args)\s{0,4}\(/.test(a))) return false;
  return param.type === null || UNTYPED.test(param.type.trim());
}

/** Whether the function text declares a non-HTML content type for its response. */
export function declaredContentType(text: string): 'html' | 'other' | null {
  const t = text.toLowerCase().replace(/\s+/g, '').replace(/"/g, "'");
  if (t.includes('text/html') || t.includes(".type('html')") || t.includes(".type('.html')") || t.includes("contenttype('html")) return 'html';
  for (let i = t.indexOf("content-type'"), n = 0; i >= 0 && n < 50; i = t.indexOf("content-type'", i + 13), n++) {
    const value = t.slice(i + 13, i + 60);
    if (/^[,:]'(?:text\/plain|application\/json|text\/csv|application\/octet-stream|image\/)/.test(value) || /^[,:]'application\/[a-z.+-]{0,40}json/.test(value)) return 'other';
  }
  for (const marker of [".type('", ".contenttype('"]) {
    for (let i = t.indexOf(marker), n = 0; i >= 0 && n < 50; i = t.indexOf(marker, i + marker.length), n++) {
      const value = t.slice(i + marker.length, i + marker.length + 24);
      if (/^(?:json|text|txt|plain|text\/plain|application\/json|csv)'/.test(value)) return 'other';
    }
  }
  return null;
}

/** A call's name path as text (`crypto.createHash`), or null. */
export function calleeText(call: CallView, ctx: MatchContext): string {
  const c = call.callee ?? call.node;
  return ctx.pathText(c) ?? call.name;
}

const SECURITY_CONTEXT =
  // redos-ok: matched against identifier names only (bounded input)
  /(?:token|passw(?:or)?d|passphrase|passwd|pwd|secret|salt|nonce|otp|csrf|xsrf|session|sess_?id|api_?key|apikey|auth(?!or)|verif|activation|activate|reset|recovery|invit|captcha|pin_?code|passcode|one_?time|signature|signing|hmac|private_?key|encryption_?key|remember|magic_?link|access_?key|access_?code|sms_?code|security_?code|confirm(?:ation)?_?code|2fa|mfa|totp|hotp|credential|(?:^|_)sid(?:$|_)|(?:^|_)pin(?:$|_)|(?:aes|crypt|cipher|sign|app|license|master|enc)_?key|(?:^|_)iv(?:$|_)|(?:^|_)key(?:$|_)|(?:^|_)code(?:$|_)|coupon|voucher|promo|ticket|unsubscribe|invite)/i;

/** Whether a name reads like it names a secret (token, password, session id, OTP, reset code…). */
export function secretWord(name: string): boolean {
  const snake = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  return SECURITY_CONTEXT.test(snake);
}

/**
 * Names that describe where a value goes: the variable, property or key it is assigned to, the
 * function it is returned from, the call it is passed to — walking up through the string and math
 * operations that wrap it (`Math.floor(Math.random() * 1e6).toString()`).
 */
export function destinationNames(node: SyntaxNode, ctx: MatchContext): string[] {
  const out: string[] = [];
  let n: SyntaxNode = node;
  for (let depth = 0; depth < 14; depth++) {
    const p = n.parent;
    if (!p) break;
    switch (p.type) {
      case 'variable_declarator': {
        const name = p.child('name');
        if (name) out.push(name.text);
        return out;
      }
      case 'assignment_expression':
      case 'augmented_assignment_expression': {
        const left = p.child('left');
        if (left && n.field === 'right')
          out.push(
            left.type === 'member_expression'
              ? (left.child('property')?.text ?? left.text)
              : left.type === 'subscript_expression'
                ? (literalString(left.child('index')) ?? left.text)
                : left.text,
          );
        return out;
      }
      case 'pair': {
        const key = pairKey(p);
        if (key) out.push(key);
        return out;
      }
      case 'public_field_definition':
      case 'field_definition': {
        const name = p.child('name') ?? p.child('property');
        if (name) out.push(name.text);
        return out;
      }
      case 'return_statement': {
        const fn = enclosingFunction(p);
        const name = fn ? functionName(fn) : null;
        if (name) out.push(name);
        return out;
      }
      case 'arrow_function': {
        if (n.field === 'body') {
          const name = functionName(p);
          if (name) out.push(name);
        }
        return out;
      }
      case 'arguments': {
        const call = p.parent;
        const cv = call ? ctx.call(call) : null;
        if (cv) {
          out.push(cv.name);
          // res.cookie('session', value): the cookie name says what the value is.
          const first = cv.args[0]?.node;
          if (first && first !== n && /cookie|setItem|set$/i.test(cv.name)) out.push(literalString(first) ?? '');
          if (cv.isNew) return out;
        }
        if (!call) return out;
        n = call;
        continue;
      }
      case 'call_expression':
      case 'member_expression':
      case 'binary_expression':
      case 'template_substitution':
      case 'template_string':
      case 'parenthesized_expression':
      case 'ternary_expression':
      case 'array':
      case 'subscript_expression':
      case 'unary_expression':
      case 'spread_element':
      case 'await_expression':
      case 'new_expression':
        n = p;
        continue;
      default:
        return out;
    }
  }
  return out;
}

/** The name of a function node: declared, or the variable/property/key it is bound to. */
export function functionName(fn: SyntaxNode): string | null {
  const own = fn.child('name')?.text;
  if (own) return own;
  const p = fn.parent;
  if (p?.type === 'variable_declarator') return p.child('name')?.text ?? null;
  if (p?.type === 'pair') return pairKey(p);
  if (p?.type === 'assignment_expression') {
    const left = p.child('left');
    return left?.type === 'member_expression' ? (left.child('property')?.text ?? null) : (left?.text ?? null);
  }
  return null;
}

/** Conditions that select development, test or local runs. */
const DEV_ONLY = {
  test: (text: string): boolean => {
    const t = text.replace(/\s+/g, '').replace(/["`]/g, "'");
    return ['development', 'dev', 'test', 'local'].some((v) => t.includes(`=='${v}'`) || t.includes(`'${v}'==`)) || /\bis(?:Dev|Test|Local)/.test(t) || t.includes('__DEV__');
  },
};
/** Conditions that test the environment at all. */
const ANY_ENV = /NODE_ENV|\benv\b|isDev|isProd|development|production|\bdebug\b|DEBUG|isLocal|__DEV__/i;

/**
 * Whether a node lies inside an `if`/ternary/`&&` whose condition tests the environment (dev vs
 * production). With `devOnly`, only conditions that select development, test or local runs count
 * (`NODE_ENV === 'development'`, `isDev`), not "anything but production" (staging is reachable).
 */
export function underEnvironmentCheck(node: SyntaxNode, devOnly = false): boolean {
  const ENV = devOnly ? DEV_ONLY : ANY_ENV;
  for (let p = node.parent, child: SyntaxNode = node; p; child = p, p = p.parent) {
    if (p.type === 'if_statement' && child.field !== 'condition' && ENV.test(p.child('condition')?.text ?? '')) return true;
    if (p.type === 'ternary_expression' && child.field !== 'condition' && ENV.test(p.child('condition')?.text ?? '')) return true;
    if (p.type === 'binary_expression' && /^(?:&&|\|\|)$/.test(p.child('operator')?.text ?? '') && child.field === 'right' && ENV.test(p.child('left')?.text ?? '')) return true;
    if (FUNCTION_NODES.has(p.type)) {
      // `if (env !== 'development') return;` earlier in the same function.
      const body = p.child('body');
      if (body) {
        for (const s of body.namedChildren) {
          if (s.start >= node.start) break;
          if (s.type === 'if_statement' && ENV.test(s.child('condition')?.text ?? '') && /\b(?:return|throw)\b/.test(s.child('consequence')?.text ?? '')) return true;
        }
      }
    }
  }
  return false;
}

const ACCESS = new Set(['identifier', 'member_expression', 'subscript_expression', 'shorthand_property_identifier']);

/** The remote taint of an expression that can hold a whole parsed object (`req.body`, `req.query.filter`, `JSON.parse(event.body)`), or null. */
export function remoteObject(node: SyntaxNode, ctx: MatchContext): Taint | null {
  const n = unwrap(node);
  let t: Taint | null = null;
  if (ACCESS.has(n.type)) t = ctx.taint(n);
  else if (n.type === 'call_expression' && /^JSON\.parse$/.test(n.child('function')?.text ?? '')) t = ctx.taint(n);
  if (t && t.strength === 'remote' && !t.built && fromObjectSource(t)) return t;
  // `const criteria = args.filter ? JSON.parse(args.filter) : {}`: an object parsed from request text.
  if (n.type === 'identifier' && t && t.strength === 'remote') {
    const v = declaredValue(n);
    if (v && parsedJson(v, ctx)) return t;
  }
  return null;
}

/** Whether a value is `JSON.parse(<request data>)`, possibly as one branch of `c ? … : {}` / `a ?? …` (and casts). */
function parsedJson(node: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 4) return false;
  const n = unwrap(node);
  if (n.type === 'call_expression' && /^JSON\.parse$/.test(n.child('function')?.text ?? '')) {
    const arg = n.child('arguments')?.namedChildren[0];
    const t = arg ? ctx.taint(arg) : null;
    return t !== null && t.strength === 'remote';
  }
  if (n.type === 'ternary_expression') return [n.child('consequence'), n.child('alternative')].some((b) => b !== null && parsedJson(b, ctx, depth + 1));
  if (n.type === 'binary_expression' && /^(?:\|\||\?\?)$/.test(n.child('operator')?.text ?? ''))
    return [n.child('left'), n.child('right')].some((b) => b !== null && parsedJson(b, ctx, depth + 1));
  return false;
}

/**
 * Whether an argument brings keys chosen by the client: a parsed request object itself, or an
 * object literal that spreads one or nests one as a value (`{ prefs: req.body.prefs }`). Literal
 * keys with scalar values (`{ theme: String(req.body.theme) }`) do not.
 */
export function clientKeys(node: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 4) return false;
  const n = unwrap(node);
  if (n.type === 'object') {
    for (const c of n.namedChildren) {
      if (c.type === 'spread_element') {
        const inner = c.namedChildren[0];
        if (inner && clientKeys(inner, ctx, depth + 1)) return true;
      } else if (c.type === 'pair') {
        const v = c.child('value');
        if (v && clientKeys(v, ctx, depth + 1)) return true;
      } else if (c.type === 'shorthand_property_identifier' && remoteObject(c, ctx)) return true;
    }
    return false;
  }
  if (n.type === 'array') return n.namedChildren.some((c) => clientKeys(c, ctx, depth + 1));
  if (n.type === 'identifier') {
    const v = declaredValue(n);
    if (v && unwrap(v).type === 'object') return clientKeys(v, ctx, depth + 1);
  }
  return remoteObject(n, ctx) !== null;
}

/**
 * A call to a compiled template (`const tpl = Handlebars.compile(src); tpl(data)`,
 * `_.template(src)(data)`): its output is escaped by the engine.
 */
export function templateOutput(node: SyntaxNode): boolean {
  const n = unwrap(node);
  if (n.type !== 'call_expression') return false;
  const fn = n.child('function');
  if (!fn) return false;
  const COMPILE = /(?:^|\.)(?:compile|compileFile|template|precompile)$/;
  if (fn.type === 'call_expression') return COMPILE.test(fn.child('function')?.text ?? '');
  if (fn.type === 'identifier') {
    const v = declaredValue(fn);
    return v !== null && unwrap(v).type === 'call_expression' && COMPILE.test(unwrap(v).child('function')?.text ?? '');
  }
  return false;
}

/** The operands a string is built from (`a + b`, template substitutions), flattened. */
export function stringParts(node: SyntaxNode, depth = 0): SyntaxNode[] {
  const n = unwrap(node);
  if (depth > 16) return [n];
  if (n.type === 'binary_expression' && n.child('operator')?.text === '+') {
    return [n.child('left'), n.child('right')].filter((p): p is SyntaxNode => p !== null).flatMap((p) => stringParts(p, depth + 1));
  }
  if (n.type === 'template_string') {
    const out: SyntaxNode[] = [];
    for (const c of n.children) if (c.type === 'template_substitution' && c.namedChildren[0]) out.push(...stringParts(c.namedChildren[0], depth + 1));
    return out;
  }
  return [n];
}

/**
 * The raw request target (`req.url`, `req.path`, `ctx.href`): browsers percent-encode it and the
 * framework does not decode it, so it cannot carry markup or `../` by itself. Data parsed out of it
 * (`new URL(req.url).searchParams.get('q')`) is decoded and is not this.
 */
export function rawRequestTarget(node: SyntaxNode): boolean {
  return /^(?:req|request|ctx(?:\.request)?|this\.req)\.(?:path|url|originalUrl|baseUrl|href|pathname)$/.test(unwrap(node).text);
}

/** Taint from request metadata a victim's browser sets itself (headers, host, client address). */
export function fromRequestMetadata(taint: Taint): boolean {
  return /^(?:req|request|ctx(?:\.request)?|this\.req)\.(?:headers|header|get\(|hostname|host|ip|ips|protocol|subdomains|socket|connection)\b|^ctx\.(?:origin|host)\b/.test(
    taint.label,
  );
}

const localFunctionsByRoot = new WeakMap<SyntaxNode, Set<string>>();

/** Names of the functions declared in a file (declarations, and variables or properties bound to functions). */
function localFunctions(root: SyntaxNode): Set<string> {
  let names = localFunctionsByRoot.get(root);
  if (names) return names;
  names = new Set();
  const stack: SyntaxNode[] = [root];
  let budget = 50000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (FUNCTION_NODES.has(n.type)) {
      const name = functionName(n);
      if (name) names.add(name);
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  localFunctionsByRoot.set(root, names);
  return names;
}

/**
 * Whether a sink check happens at the call of a same-file wrapper (`fetchPreview(url)` whose body
 * passes `url` to a sink): then `at` is that call, and its arguments are the caller's values.
 */
export function atWrapperCall(_taint: Taint, at: SyntaxNode): boolean {
  if (at.type !== 'call_expression') return false;
  const fn = at.child('function');
  const name = fn?.type === 'identifier' ? fn.text : fn?.type === 'member_expression' ? fn.child('property')?.text : null;
  return name !== null && name !== undefined && localFunctions(programOf(at)).has(name);
}

/** The arguments of a call node that carry taint. */
export function taintedArgs(call: SyntaxNode, ctx: MatchContext): SyntaxNode[] {
  const cv = ctx.call(call);
  return (cv?.args ?? []).map((a) => a.node).filter((n) => ctx.taint(n) !== null);
}

/** Per-file memo of whole-file text checks (the same source string is scanned once per question). */
const fileFacts = new Map<string, Map<string, boolean>>();

/** Answers a whole-file question once per file: `fileFact(ctx, 'jquery', (code) => /…/.test(code))`. */
export function fileFact(ctx: MatchContext, key: string, compute: (code: string) => boolean): boolean {
  let facts = fileFacts.get(ctx.code);
  if (!facts) {
    if (fileFacts.size > 8) fileFacts.clear();
    facts = new Map();
    fileFacts.set(ctx.code, facts);
  }
  let v = facts.get(key);
  if (v === undefined) {
    v = compute(ctx.code);
    facts.set(key, v);
  }
  return v;
}

/** Whether any of several simple patterns matches (alternations split up stay linear and lint-clean). */
export function anyMatch(text: string, patterns: readonly RegExp[]): boolean {
  for (const p of patterns) if (p.test(text)) return true;
  return false;
}

const HOST_PROPS = ['.hostname', '.host', '.origin'];
const HOST_TESTS = [/[!=]=/, /\.(?:includes|has|endsWith|startsWith|test|indexOf|some|find)\(/];

/**
 * Whether code checks a URL's host or origin (`new URL(u).hostname === 'api.example.com'`,
 * `ALLOWED_HOSTS.has(url.hostname)`), or consults an allow-list by one of the given names.
 */
export function checksHost(text: string, allowListNames: readonly string[]): boolean {
  for (const prop of HOST_PROPS) {
    for (let i = text.indexOf(prop), n = 0; i >= 0 && n < 200; i = text.indexOf(prop, i + prop.length), n++) {
      const next = text.charCodeAt(i + prop.length);
      if ((next >= 48 && next <= 57) || (next >= 65 && next <= 90) || (next >= 97 && next <= 122) || next === 95) continue; // `.hosts`, `.originalUrl`
      const around = text.slice(Math.max(0, i - 60), i + prop.length + 80);
      if (anyMatch(around, HOST_TESTS)) return true;
    }
  }
  return allowListNames.some((name) => text.includes(name));
}

/** Whether a statement (or block) always leaves: `return …`, `throw …`, or a block ending in one. */
function leaves(stmt: SyntaxNode | null): boolean {
  if (!stmt) return false;
  if (stmt.type === 'return_statement' || stmt.type === 'throw_statement') return true;
  if (stmt.type === 'statement_block') {
    const last = stmt.namedChildren.filter((c) => c.type !== 'comment').pop();
    return last !== undefined && leaves(last);
  }
  if (stmt.type === 'expression_statement') return /^(?:ctx|this)\.throw\(|^(?:process\.exit|abort)\(/.test(stmt.text);
  return false;
}

/** A module-level constant map: `const DATASETS = { … }`, `new Map([...])`, `Object.freeze({ … })`, or an UPPER_CASE name. */
function constantTable(node: SyntaxNode): boolean {
  const n = unwrap(node);
  if (n.type !== 'identifier') return false;
  if (/^[A-Z][A-Z0-9_]{1,60}$/.test(n.text)) return true;
  const v = declaredValue(n);
  if (!v || enclosingFunction(v) !== null) return false;
  const u = unwrap(v);
  return u.type === 'object' || (u.type === 'new_expression' && /^(?:Map|Set)$/.test(u.child('constructor')?.text ?? '')) || /^Object\.freeze\(\s{0,8}\{/.test(u.text);
}

/** `TABLE[key]` / `TABLE.get(key)` on a constant table: the key it looks up, or null. */
function lookupKey(node: SyntaxNode): SyntaxNode | null {
  const n = unwrap(node);
  if (n.type === 'subscript_expression') {
    const object = n.child('object');
    const index = n.child('index');
    return object && index && constantTable(object) ? unwrap(index) : null;
  }
  if (n.type === 'call_expression') {
    const fn = n.child('function');
    const arg = n.child('arguments')?.namedChildren[0];
    if (fn?.type === 'member_expression' && fn.child('property')?.text === 'get' && arg && constantTable(fn.child('object') as SyntaxNode)) return unwrap(arg);
  }
  return null;
}

/**
 * Whether a variable was checked against a constant table before `at`: `const table = DATASETS[name];
 * if (!table) return …` (or `if (!DATASETS[name]) return …`) leaves only the table's keys past the
 * check, which are the developer's names.
 */
export function lookupGuarded(id: SyntaxNode, at: SyntaxNode = id): boolean {
  const n = unwrap(id);
  if (n.type !== 'identifier') return false;
  return someExitingCheckBefore(at, (s) => {
    let c = s.child('condition');
    while (c && (c.type === 'parenthesized_expression' || c.type === 'unary_expression') && c.namedChildren.length === 1) {
      if (c.type === 'unary_expression' && c.child('operator')?.text !== '!') break;
      c = c.namedChildren[0] ?? null;
    }
    if (!c || !s.child('condition')?.text.includes('!')) return false;
    // `if (!TABLE[name])` directly, or `if (!table)` with `const table = TABLE[name]`.
    let key = lookupKey(c);
    if (!key && c.type === 'identifier') {
      const v = declaredValue(c, s);
      key = v ? lookupKey(v) : null;
    }
    return !!key && key.type === 'identifier' && key.text === n.text;
  });
}

/**
 * Whether an `if` that leaves (return, throw, …) and ends before `at`, in the function around `at`
 * (nested functions aside), satisfies `check`.
 */
function someExitingCheckBefore(at: SyntaxNode, check: (ifStatement: SyntaxNode) => boolean): boolean {
  const body = enclosingFunction(at)?.child('body');
  if (!body) return false;
  const stack: SyntaxNode[] = [body];
  let budget = 4000;
  while (stack.length > 0 && budget-- > 0) {
    const s = stack.pop() as SyntaxNode;
    if (s.start >= at.start) continue;
    if (s !== body && FUNCTION_NODES.has(s.type)) continue;
    if (s.type === 'if_statement' && s.end <= at.start && leaves(s.child('consequence')) && check(s)) return true;
    for (const c of s.children) if (c.named) stack.push(c);
  }
  return false;
}

/**
 * Every input in a value (a path, a command line) was checked against a constant table first
 * (`const table = DATASETS[name]; if (!table) return 404`): a key of the table, not text the client chose.
 */
export function inputsOnlyLookedUp(at: SyntaxNode, ctx: MatchContext): boolean {
  let node = unwrap(at);
  if (node.type === 'identifier') {
    const v = declaredValue(node);
    if (v) node = unwrap(v);
  }
  if (node.type === 'call_expression' && /^path\.(?:join|resolve)$/.test(node.child('function')?.text ?? '')) {
    const parts = (node.child('arguments')?.namedChildren ?? []).flatMap((a) => stringParts(a));
    return checkedParts(parts, at, ctx);
  }
  return checkedParts(stringParts(node), at, ctx);
}

function checkedParts(parts: SyntaxNode[], at: SyntaxNode, ctx: MatchContext): boolean {
  const tainted = parts.filter((p) => ctx.taint(p) !== null);
  return tainted.length > 0 && tainted.every((p) => lookupGuarded(p, at));
}

/** A `path.relative(base, x)` call (or a binding of one) and the path it measures, or null. */
function relativeOf(node: SyntaxNode, at: SyntaxNode): string | null {
  let n = unwrap(node);
  if (n.type === 'identifier') {
    const v = declaredValue(n, at);
    if (!v) return null;
    n = unwrap(v);
  }
  if (n.type !== 'call_expression' || !/^(?:path\.(?:posix\.|win32\.)?)?relative$/.test(n.child('function')?.text ?? '')) return null;
  const measured = n.child('arguments')?.namedChildren[1];
  return measured ? unwrap(measured).text : null;
}

/**
 * Whether the path a sink gets was shown to stay in its directory before `at`, by a check that
 * leaves otherwise: `const rel = path.relative(ROOT, p); if (rel.startsWith('..') || path.isAbsolute(rel)) return …`,
 * or `if (path.dirname(p) !== ROOT) return …`.
 */
export function containmentChecked(sinkArg: SyntaxNode, at: SyntaxNode): boolean {
  const arg = unwrap(sinkArg);
  if (arg.type !== 'identifier') return false;
  return someExitingCheckBefore(at, (s) => {
    const cond = s.child('condition');
    return !!cond && conditionContains(cond, arg.text, at);
  });
}

function conditionContains(cond: SyntaxNode, name: string, at: SyntaxNode): boolean {
  const stack: SyntaxNode[] = [cond];
  let budget = 500;
  let dotDot = false;
  let relative = false;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'string' && /^['"`]\.\.(?:[/\\]|\$\{path\.sep\})?['"`]$/.test(n.text)) dotDot = true;
    if (n.type === 'call_expression') {
      const callee = n.child('function')?.text ?? '';
      const first = n.child('arguments')?.namedChildren[0];
      if (/(?:^|\.)isAbsolute$/.test(callee)) dotDot = true;
      // path.dirname(p) !== ROOT
      if (/^path\.dirname$/.test(callee) && first && unwrap(first).text === name && /[!=]==?/.test(n.parent?.text ?? '')) return true;
      if (callee.endsWith('.startsWith') || callee.endsWith('.includes') || callee.endsWith('.indexOf') || callee.endsWith('.test')) {
        const recv = n.child('function')?.child('object');
        for (const candidate of [recv, first]) if (candidate && relativeOf(candidate, at) === name) relative = true;
      }
      if (/(?:^|\.)isAbsolute$/.test(callee) && first && relativeOf(first, at) === name) relative = true;
    }
    if (n.type === 'regex' && n.text.includes('\\.\\.')) dotDot = true;
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return relative && dotDot;
}

/** Test code, end-to-end suites and database seeds keep fake credentials on purpose. */
export function testFile(ctx: MatchContext): boolean {
  const f = ctx.filename;
  if (f === null) return false;
  if (/\.(?:test|spec|e2e|e2e-spec|stories|cy|bench)\.[cm]?[jt]sx?$/i.test(f) || /(?:^|[\\/])__(?:tests|mocks)__[\\/]/.test(f)) return true;
  if (/(?:^|[\\/])(?:test|tests|e2e|cypress|playwright|spec|mocks|seeds|seeders)[\\/]/.test(f)) return true;
  return /(?:^|[\\/])(?:seed|test-utils|test-helpers|testUtils|setupTests|jest\.setup|vitest\.setup)\.[cm]?[jt]sx?$/.test(f);
}
