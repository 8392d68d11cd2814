/**
 * Predicates shared by the Java rules: what a call's receiver is, where untrusted data sits in a
 * built string (after a fixed host? at the start?), whether a value is checked after it is built,
 * and what the names around a call say about its purpose.
 */
import type { CallView } from '../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import {
  boundVariable,
  chainNames,
  chainRoot,
  classRef,
  descendants,
  enclosingFunction,
  enclosingMethod,
  findDeclaration,
  invocationParts,
  literalText,
  mentions,
  simpleTypeName,
  typeOf,
  unwrap,
  identifierWords,
  findAfter,
} from './tree.ts';

/**
 * Whether the walker is only asking "is this call a sink of this kind at all?" (it then passes a
 * stand-in taint without a source): predicates answer from the call's shape, not from where the
 * data sits, so that what a sink returns is not mistaken for the input.
 */
export function probing(taint: Taint, ctx?: MatchContext): boolean {
  return ctx?.probing ?? (taint.source as SyntaxNode | null) === null;
}

/** The receiver's access path without call parentheses (`this.jdbc` → [`this`, `jdbc`]), or []. */
export function receiverSegments(call: CallView, ctx: MatchContext): string[] {
  if (!call.receiver) return [];
  return (ctx.path(call.receiver) ?? []).map((s) => s.replace(/\(\)$/, ''));
}

/** The last name of the receiver (`this.jdbcTemplate` → `jdbcTemplate`, `getRuntime()` → `getRuntime`), or ''. */
export function receiverName(call: CallView, ctx: MatchContext): string {
  const segs = receiverSegments(call, ctx);
  return segs[segs.length - 1] ?? '';
}

export interface ReceiverSpec {
  /** Simple type names the receiver may be declared or created as. */
  types?: ReadonlySet<string>;
  /** Names the receiver variable, field or factory method may have (a pattern or a predicate). */
  names?: { test(name: string): boolean };
  /** Segments that, anywhere in the receiver's path, identify it (`getRuntime`, `Runtime`). */
  segments?: ReadonlySet<string>;
}

/** Whether a call's receiver is what the spec describes: by declared type, by chain, or by name. */
export function receiverIs(call: CallView, ctx: MatchContext, spec: ReceiverSpec): boolean {
  if (!call.receiver) return false;
  const t = typeOf(unwrap(call.receiver));
  if (t && spec.types?.has(t)) return true;
  const segs = receiverSegments(call, ctx);
  if (spec.segments && segs.some((s) => spec.segments?.has(s))) return true;
  if (spec.names) {
    const last = segs[segs.length - 1];
    if (last !== undefined && spec.names.test(last)) {
      // A name match counts unless the declared type says otherwise.
      return !t || !spec.types || spec.types.has(t) || /^(?:var|Object)$/.test(t);
    }
  }
  return false;
}

/** The value a local variable certainly holds at its use: its initialiser, when it is never reassigned. */
export function resolveLocal(node: SyntaxNode): SyntaxNode | null {
  const n = unwrap(node);
  if (n.type !== 'identifier') return null;
  const d = findDeclaration(n.text, n);
  if (!d || (d.kind !== 'local' && d.kind !== 'resource') || !d.init) return null;
  const fn = enclosingFunction(d.node);
  if (fn) {
    for (const a of descendants(fn, ASSIGNMENTS)) {
      const left = a.child('left');
      if (left?.type === 'identifier' && left.text === n.text) return null;
    }
  }
  return d.init;
}
const ASSIGNMENTS = new Set(['assignment_expression']);

/** Where untrusted data first appears in a built string: the text certainly before it. */
export interface Prefix {
  /** Literal text before the first untrusted part ('' when it comes first). */
  text: string;
  /** Whether a value of unknown content (a configured base URL, a field) comes before it. */
  dynamic: boolean;
  /** Whether the structure was understood (false: no untrusted part was located). */
  found: boolean;
}

function formatPrefix(format: string): string {
  const i = format.indexOf('%');
  const j = format.indexOf('{');
  const cut = [i, j].filter((x) => x >= 0);
  return cut.length > 0 ? format.slice(0, Math.min(...cut)) : format;
}

/**
 * The literal text before the first untrusted part of a string expression: follows `+`,
 * `String.format`/`formatted`, StringBuilder chains, `URI.create`/`new URI`/`new URL`,
 * `UriComponentsBuilder.fromHttpUrl(…)` chains and never-reassigned locals.
 */
export function untrustedPrefix(node: SyntaxNode, ctx: MatchContext, depth = 0): Prefix {
  const none: Prefix = { text: '', dynamic: false, found: false };
  if (depth > 8) return none;
  const n = unwrap(node);
  if (n.type === 'binary_expression' && n.child('operator')?.text === '+') {
    const parts: SyntaxNode[] = [];
    const flatten = (x: SyntaxNode, d: number): void => {
      const u = unwrap(x);
      if (d < 64 && u.type === 'binary_expression' && u.child('operator')?.text === '+') {
        const l = u.child('left');
        const r = u.child('right');
        if (l) flatten(l, d + 1);
        if (r) flatten(r, d + 1);
      } else parts.push(u);
    };
    flatten(n, 0);
    return partsPrefix(parts, ctx, depth);
  }
  if (n.type === 'method_invocation') {
    const { name, object, args } = invocationParts(n);
    if (name === 'format' && classRef(object) === 'String') {
      const fmtIndex = args[0] && literalText(args[0]) === null && ctx.stringValue(args[0]) === null ? 1 : 0;
      const fmt = args[fmtIndex] ? ctx.stringValue(args[fmtIndex] as SyntaxNode) : null;
      if (fmt !== null) return { text: formatPrefix(fmt), dynamic: false, found: true };
    }
    if (name === 'formatted' && object) {
      const fmt = ctx.stringValue(object);
      if (fmt !== null) return { text: formatPrefix(fmt), dynamic: false, found: true };
    }
    if (
      (name === 'create' && classRef(object) === 'URI') ||
      name === 'toURI' ||
      name === 'toUri' ||
      name === 'toUriString' ||
      name === 'toURL' ||
      name === 'toString' ||
      name === 'trim'
    ) {
      const inner = name === 'create' ? args[0] : object;
      return inner ? untrustedPrefix(inner, ctx, depth + 1) : none;
    }
    if (name === 'append' || name === 'concat') {
      const seq: SyntaxNode[] = [];
      let cur: SyntaxNode | null = n;
      for (let i = 0; i < 64 && cur && cur.type === 'method_invocation'; i++) {
        const p = invocationParts(cur);
        if (p.name !== 'append' && p.name !== 'concat') break;
        if (p.args[0]) seq.unshift(p.args[0]);
        cur = p.object ? unwrap(p.object) : null;
      }
      if (cur) seq.unshift(cur);
      return partsPrefix(seq, ctx, depth);
    }
    // UriComponentsBuilder.fromHttpUrl(base).path(…).queryParam(…): the base decides the host.
    const names = chainNames(n);
    const rootCall = rootInvocation(n);
    if (rootCall && /^(?:fromHttpUrl|fromUriString|fromUri|fromPath|fromOriginHeader)$/.test(names[0] ?? '')) {
      const base = invocationParts(rootCall).args[0];
      if (!base) return none;
      if (names[0] === 'fromPath') return { text: '/', dynamic: false, found: true };
      return ctx.taint(base) ? untrustedPrefix(base, ctx, depth + 1) : { text: ctx.stringValue(base) ?? '\u0000', dynamic: ctx.stringValue(base) === null, found: true };
    }
    return none;
  }
  if (n.type === 'object_creation_expression') {
    const type = n.child('type')?.text ?? '';
    const args = n.child('arguments')?.namedChildren ?? [];
    if (/^(?:URI|URL|java\.net\.URI|java\.net\.URL)$/.test(type) && args.length === 1 && args[0]) return untrustedPrefix(args[0], ctx, depth + 1);
    if (/^(?:StringBuilder|StringBuffer)$/.test(type) && args[0]) return untrustedPrefix(args[0], ctx, depth + 1);
    return none;
  }
  if (n.type === 'identifier') {
    if (ctx.taint(n) === null) return none;
    const init = resolveLocal(n);
    if (init) {
      const inner = untrustedPrefix(init, ctx, depth + 1);
      if (inner.found) return inner;
      if (ctx.taint(init)) return { text: '', dynamic: false, found: isPlainRead(init) };
    }
    return none;
  }
  if (ctx.taint(n)) return { text: '', dynamic: false, found: isPlainRead(n) };
  return none;
}

/** A value read as is (a parameter, a request value): untrusted from its first character. */
function isPlainRead(n: SyntaxNode): boolean {
  const u = unwrap(n);
  if (u.type === 'method_invocation') {
    const name = u.child('name')?.text ?? '';
    return /^(?:get\w*|orElse\w*|trim|strip|toLowerCase|toUpperCase|next\w*|readLine|asText|textValue|get)$/.test(name);
  }
  return u.type === 'field_access' || u.type === 'array_access';
}

function rootInvocation(n: SyntaxNode): SyntaxNode | null {
  let cur: SyntaxNode = n;
  for (let i = 0; i < 64; i++) {
    const obj = cur.child('object');
    if (!obj) return cur;
    const u = unwrap(obj);
    if (u.type !== 'method_invocation') return cur;
    cur = u;
  }
  return null;
}

function partsPrefix(parts: readonly SyntaxNode[], ctx: MatchContext, depth: number): Prefix {
  let text = '';
  let dynamic = false;
  for (const part of parts) {
    if (ctx.taint(part)) {
      if (part.type === 'identifier' || part.type === 'parenthesized_expression') {
        const inner = untrustedPrefix(part, ctx, depth + 1);
        if (inner.found) return { text: text + inner.text, dynamic: dynamic || inner.dynamic, found: true };
      }
      return { text, dynamic, found: true };
    }
    const lit = ctx.stringValue(part);
    if (lit !== null) text += lit;
    else {
      dynamic = true;
      text += '\u0000';
    }
  }
  return { text, dynamic, found: false };
}

/** `scheme://` followed by a configured value (`\u0000` in the prefix text) before any `/`, `?` or `#`. */
function configuredHost(t: string): boolean {
  const m = /^[a-z][a-z0-9+.-]*:\/\//i.exec(t);
  if (!m) return false;
  for (let i = m[0].length; i < t.length; i++) {
    const c = t[i];
    if (c === '\u0000') return true;
    if (c === '/' || c === '?' || c === '#') return false;
  }
  return false;
}

/** Whether a URL built as prefix + untrusted keeps a fixed scheme and host (only the path or query vary). */
export function hostIsFixed(prefix: Prefix): boolean {
  if (!prefix.found) return false;
  const t = prefix.text;
  if (t === '') return false;
  if (/^\u0000/.test(t)) return true; // a configured base URL comes first
  if (configuredHost(t)) return true; // scheme://host-from-config…
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+[/?#]/i.test(t)) return true;
  if (/^\/(?!\/)/.test(t)) return true; // a path on our own host
  return false;
}

/** Whether a redirect target built as prefix + untrusted stays on this site (a fixed path or host). */
export function redirectIsFixed(prefix: Prefix): boolean {
  if (!prefix.found) return false;
  const t = prefix.text.replace(/^(?:redirect|forward):/, '');
  if (t === '') return false;
  if (/^\u0000/.test(t)) return true;
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+[/?#]/i.test(t)) return true;
  if (/^\/[^/\\]/.test(t)) return true;
  if (/^[\w.-]+[/?#]/.test(t) && !/^[a-z][a-z0-9+.-]*:/i.test(t)) return true; // a relative path
  return false;
}

const IF_TYPES = new Set(['if_statement', 'ternary_expression', 'while_statement', 'assert_statement']);
const CHECK_PREFIXES = ['is', 'has', 'check', 'verify', 'ensure', 'assert', 'validate', 'require'];
const CHECK_WORDS = [
  'valid',
  'safe',
  'allowed',
  'inside',
  'within',
  'under',
  'path',
  'url',
  'uri',
  'host',
  'sandbox',
  'whitelist',
  'allowlist',
  'trusted',
  'permitted',
  'traversal',
];

/** A method whose name says it checks a value: `isSafePath`, `validateUrl`, `ensureWithinRoot`, `sanitize…`. */
const CHECK_NAME = {
  test(name: string): boolean {
    const lower = name.toLowerCase();
    if (lower.startsWith('validate') || lower.startsWith('sanitize') || lower.startsWith('checkpath') || lower.startsWith('ensurewithin') || lower.startsWith('assertwithin'))
      return true;
    const prefix = CHECK_PREFIXES.find((p) => lower.startsWith(p));
    return prefix !== undefined && CHECK_WORDS.some((w) => lower.indexOf(w, prefix.length) >= 0);
  },
};

/**
 * Whether the value a call builds is checked later in the same function: `v.startsWith(base)`,
 * `v.normalize().startsWith(…)`, `v.getCanonicalPath().startsWith(…)`, `ALLOWED.contains(v.getHost())`
 * in a condition, or passed to a validating helper (`validatePath(v)`). Follows variables derived
 * from it (`String canonical = v.getCanonicalPath();`).
 */
export function checkedLater(call: CallView, checks: ReadonlySet<string>): boolean {
  const bound = boundVariable(call.node);
  const fn = enclosingFunction(call.node);
  if (!bound || !fn) return false;
  const names = new Set([bound.text]);
  const body = fn.child('body');
  if (!body) return false;
  // Variables derived from the value (two hops).
  const decls = descendants(body, DECLARATORS);
  for (let round = 0; round < 2; round++) {
    for (const d of decls) {
      if (d.start < call.node.start) continue;
      const v = d.child('value');
      const n = d.child('name');
      if (v && n && !names.has(n.text) && mentions(v, names)) names.add(n.text);
    }
  }
  for (const inv of descendants(body, INVOCATIONS)) {
    if (inv.start < call.node.end) continue;
    const { name, object, args } = invocationParts(inv);
    if (checks.has(name)) {
      const subject = [object, ...args].filter((x): x is SyntaxNode => x !== null);
      if (subject.some((s) => mentions(s, names)) && inv.ancestor(IF_TYPES)) return true;
    }
    if (CHECK_NAME.test(name) && args.some((a) => mentions(a, names))) return true;
  }
  return false;
}
const DECLARATORS = new Set(['variable_declarator']);
const INVOCATIONS = new Set(['method_invocation']);

/**
 * Whether a value this call builds or uses is checked anywhere in the function: the variable it
 * is stored in, or a variable it is given (`new FileInputStream(file)` after
 * `if (!file.getCanonicalPath().startsWith(base)) throw …`), or one derived from either.
 */
export function checkedInFunction(call: CallView, checks: ReadonlySet<string>): boolean {
  if (checkedLater(call, checks)) return true;
  const fn = enclosingFunction(call.node);
  const body = fn?.child('body');
  if (!fn || !body) return false;
  const names = new Set<string>();
  for (const a of call.args) {
    const u = unwrap(a.node);
    if (u.type === 'identifier') names.add(u.text);
  }
  if (call.receiver && unwrap(call.receiver).type === 'identifier') names.add(unwrap(call.receiver).text);
  if (names.size === 0) return false;
  const decls = descendants(body, DECLARATORS);
  for (let round = 0; round < 2; round++) {
    for (const d of decls) {
      const v = d.child('value');
      const n = d.child('name');
      if (v && n && !names.has(n.text) && mentions(v, names)) names.add(n.text);
    }
  }
  for (const inv of descendants(body, INVOCATIONS)) {
    const { name, object, args } = invocationParts(inv);
    if (!checks.has(name) || !inv.ancestor(IF_TYPES)) continue;
    const subject = [object, ...args].filter((x): x is SyntaxNode => x !== null);
    if (subject.some((s) => mentions(s, names)) && (name !== 'contains' || args.some((a) => /"\.\."|"\/"/.test(a.text)))) return true;
  }
  return false;
}

export { identifierWords };

/**
 * Names around a call: the variable or field its value goes to, the method (and class) it is in,
 * and the method the value is passed to or returned from.
 */
export function contextNames(node: SyntaxNode): string[] {
  const out: string[] = [];
  const bound = boundVariable(node);
  if (bound) out.push(bound.text);
  for (let p = node.parent, i = 0; p && i < 6; p = p.parent, i++) {
    if (p.type === 'variable_declarator') {
      const n = p.child('name');
      if (n) out.push(n.text);
      break;
    }
    if (p.type === 'assignment_expression') {
      const l = p.child('left');
      if (l) out.push(l.text);
      break;
    }
    if (p.type === 'argument_list' && p.parent?.type === 'method_invocation') {
      const callee = p.parent.child('name')?.text;
      if (callee) out.push(callee);
    }
    if (p.type === 'expression_statement' || p.type === 'return_statement' || p.type === 'block') break;
  }
  const m = enclosingMethod(node);
  const mname = m?.child('name')?.text;
  if (mname) out.push(mname);
  return out;
}

/** Whether any method invocation in a function matches (name, receiver text test). */
export function functionCalls(node: SyntaxNode, test: (name: string, object: SyntaxNode | null, args: SyntaxNode[], inv: SyntaxNode) => boolean): boolean {
  const fn = enclosingMethod(node) ?? enclosingFunction(node);
  if (!fn) return false;
  for (const inv of descendants(fn, INVOCATIONS)) {
    const p = invocationParts(inv);
    if (test(p.name, p.object, p.args, inv)) return true;
  }
  return false;
}

const contentTypes = new WeakMap<SyntaxNode, string | null>();

/** The content type a servlet method sets on its response, when it sets a literal one (cached per method). */
export function responseContentType(node: SyntaxNode, ctx: MatchContext): string | null {
  const fn = enclosingMethod(node) ?? enclosingFunction(node);
  if (fn && contentTypes.has(fn)) return contentTypes.get(fn) ?? null;
  let found: string | null = null;
  functionCalls(node, (name, _object, args) => {
    if (name !== 'setContentType' && name !== 'contentType') return false;
    const a = args[0];
    if (!a) return false;
    const v = ctx.stringValue(a) ?? a.text;
    found = v;
    return true;
  });
  if (fn) contentTypes.set(fn, found);
  return found;
}

/** Whether a content type is not rendered as a document by browsers (JSON, plain text, binary). */
export function nonHtmlContentType(type: string | null): boolean {
  if (!type) return false;
  return /json|text\/plain|TEXT_PLAIN|APPLICATION_|octet-stream|image\/|application\/(?:pdf|xml|zip)|text\/csv/i.test(type) && !/html/i.test(type);
}

const USE_TYPES = new Set(['method_invocation', 'object_creation_expression']);

/**
 * The local variable a call's value is stored in (`Query q = em.createQuery(…)`,
 * `Path p = base.resolve(x).normalize()`), or null when it goes anywhere else (a field, an
 * argument, a return value).
 */
export function boundLocal(call: CallView): SyntaxNode | null {
  const bound = boundVariable(call.node);
  if (!bound || bound.type !== 'identifier') return null;
  const d = findDeclaration(bound.text, bound);
  return d && (d.kind === 'local' || d.kind === 'resource') ? bound : null;
}

/**
 * Whether the value a call builds is stored in a local and used later in the same method by one
 * of `names` — as the receiver (`q.getResultList()`, `expr.getValue(ctx)`, through a chain such as
 * `q.setParameter(…).getResultList()`) or as an argument (`Files.readAllBytes(p)`,
 * `new FileSystemResource(p)`). Something built in a method and run there is reported where it runs.
 */
export function runLaterBy(call: CallView, names: ReadonlySet<string>, role: 'receiver' | 'argument'): boolean {
  // Run in place (`em.createQuery(…).getResultList()`): what the local holds is the result.
  for (let n = call.node, p = n.parent; p && p.type === 'method_invocation' && p.child('object') === n; n = p, p = p.parent) {
    if (names.has(p.child('name')?.text ?? '')) return false;
  }
  const bound = boundLocal(call);
  const fn = bound ? enclosingFunction(call.node) : null;
  if (!bound || !fn) return false;
  const vars = new Set([bound.text]);
  for (const n of descendants(fn, USE_TYPES)) {
    if (n.start < call.node.end) continue;
    if (n.type === 'object_creation_expression') {
      if (role !== 'argument' || !names.has(simpleTypeName(n.child('type')?.text ?? ''))) continue;
      if ((n.child('arguments')?.namedChildren ?? []).some((a) => mentions(a, vars))) return true;
      continue;
    }
    const { name, object, args } = invocationParts(n);
    if (!names.has(name)) continue;
    if (role === 'receiver') {
      const root = object ? chainRoot(unwrap(object)) : null;
      if (root?.type === 'identifier' && root.text === bound.text) return true;
    } else if (args.some((a) => mentions(a, vars))) return true;
  }
  return false;
}

/**
 * The call (one of `names`) a receiver was made by, following its chain and the locals it was
 * initialised from (`em.createQuery(…)` for `q.setParameter(…)` after `Query q = em.createQuery(…)`);
 * null when the chain passes through one of `stops` (a value computed from it, not the object itself).
 */
export function initialisingCall(receiver: SyntaxNode | null, names: ReadonlySet<string>, stops: ReadonlySet<string> = new Set()): SyntaxNode | null {
  if (!receiver) return null;
  let n: SyntaxNode | null = unwrap(receiver);
  for (let i = 0; n && i < 64; i++) {
    if (n.type === 'method_invocation') {
      const name = n.child('name')?.text ?? '';
      if (names.has(name)) return n;
      if (stops.has(name)) return null;
      n = n.child('object') ? unwrap(n.child('object') as SyntaxNode) : null;
      continue;
    }
    if (n.type === 'identifier') {
      const d = findDeclaration(n.text, n);
      if (!d || (d.kind !== 'local' && d.kind !== 'resource') || !d.init) return null;
      n = unwrap(d.init);
      continue;
    }
    return null;
  }
  return null;
}
