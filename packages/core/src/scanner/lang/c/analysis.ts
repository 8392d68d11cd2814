/**
 * Reasoning shared by the C and C++ memory-safety rules: which data is untrusted for memory safety,
 * whether a length or an index was checked before it is used, how long a string can be, and how
 * much a printf/scanf format writes. Predicates call these with the walker's MatchContext.
 */
import type { CallView } from '../../engine/adapter.ts';
import { classBit, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { paramFeed, returnsReadValue } from './helpers.ts';
import {
  bufferOf,
  callNeverReturns,
  constInt,
  cStringLength,
  declaratorShape,
  defines,
  descendants,
  enclosingFunction,
  fieldDeclarations,
  findDeclaration,
  isIntegerType,
  functionName,
  lastAssignment,
  memberDeclaration,
  parameterDeclarations,
  rootOf,
  structureOf,
  scopeDescendants,
  unwrap,
  type BufferInfo,
} from './syntax.ts';

export const MEMORY_BIT = classBit('memory');
export const FORMAT_BIT = classBit('format');
const COMPARISONS = new Set(['<', '<=', '>', '>=']);
const RELATIONAL_TYPES = ['binary_expression'];

/** Positional argument nodes of a call. */
export function positional(call: CallView): SyntaxNode[] {
  return call.args
    .filter((a) => a.index >= 0)
    .sort((a, b) => a.index - b.index)
    .map((a) => a.node);
}

/** An expression as shown in a message: its text with whitespace collapsed. */
export function show(node: SyntaxNode): string {
  const t = node.text.replace(/\s+/g, ' ').trim();
  return t.length > 60 ? `${t.slice(0, 57)}...` : t;
}

/** Whitespace-free text of an expression, for comparing expressions by text. */
export function norm(node: SyntaxNode): string {
  return node.text.replace(/\s+/g, '');
}

const COMPOUND = new Set(['binary_expression', 'unary_expression', 'parenthesized_expression', 'cast_expression', 'conditional_expression', 'update_expression']);

/**
 * Taint that matters for a buffer, size or index: anything not already made numeric-safe for
 * memory. Node-rule predicates run before the walker has evaluated a node's children, and asking
 * for the taint of an unevaluated compound expression would evaluate it out of turn (and use up
 * the node rules inside it), so arithmetic is looked into operand by operand.
 */
export function memoryTaint(ctx: MatchContext, node: SyntaxNode, depth = 0): Taint | null {
  if (COMPOUND.has(node.type) && depth < 16) {
    if (node.type === 'binary_expression' && /^(?:[<>]=?|==|!=|&&|\|\||%|&)$/.test(node.child('operator')?.text ?? '')) return null;
    if (node.type === 'update_expression' || (node.type === 'unary_expression' && node.child('operator')?.text === '!')) return null;
    for (const c of node.namedChildren) {
      if (c.field === 'type' || c.type === 'comment') continue;
      if (node.type === 'conditional_expression' && c.field === 'condition') continue;
      const t = memoryTaint(ctx, c, depth + 1);
      if (t) return t;
    }
    return null;
  }
  const t = ctx.taint(node);
  if (t) return t.sanitized & MEMORY_BIT ? null : t;
  return fedInteger(node);
}

const decoderCache = new WeakMap<SyntaxNode, Map<string, number>>();
const BYTE_POINTEE = /^(?:const\s+)?(?:unsigned\s+char|uint8_t|u8|u_char|uchar|BYTE|guint8|char|void)(?:\s+const)?$/;

/**
 * Same-file byte decoders (`rd32(p)`, `get_be16(buf)`, `load_le32(p)`): functions returning an integer
 * assembled from the bytes their pointer parameter points at (`p[0] << 8 | p[1]`, or `memcpy(&v, p, 4);
 * return ntohl(v);`). By name, the position of that parameter. What they return is the input itself
 * (a length or a count the peer chose), not a count computed by the program (see `isIntegerExpr`).
 */
function byteDecoders(root: SyntaxNode): Map<string, number> {
  let map = decoderCache.get(root);
  if (map) return map;
  map = new Map();
  for (const fn of structureOf(root)) {
    if (fn.type !== 'function_definition') continue;
    const name = functionName(fn);
    const type = fn.child('type')?.text ?? '';
    const body = fn.child('body');
    if (!name || !body || !isIntegerType(type)) continue;
    const params = parameterDeclarations(fn);
    const index = params.findIndex((d) => d.pointers === 1 && BYTE_POINTEE.test(d.type.replace(/\s+/g, ' ').trim()));
    const param = params[index];
    if (!param || params.length > 2) continue;
    const p = param.name;
    // Locals the bytes were copied into: `memcpy(&v, p, sizeof v)`.
    const filled = new Set<string>();
    for (const call of scopeDescendants(body, ['call_expression'])) {
      if (calledNameOf(call) !== 'memcpy') continue;
      const [dst, src] = callArgsOf(call);
      if (!dst || !src || !readsParam(src, p)) continue;
      const d = norm(dst).replace(/^&/, '');
      if (/^[A-Za-z_]\w*$/.test(d)) filled.add(d);
    }
    const returns = scopeDescendants(body, ['return_statement']);
    if (returns.length === 0) continue;
    const fromBytes = (r: SyntaxNode): boolean => {
      const value = r.namedChildren.find((c) => c.type !== 'comment');
      if (!value) return false;
      if (descendants(value, new Set(['subscript_expression', 'pointer_expression']), 200).some((e) => readsParam(e, p))) return true;
      return descendants(value, new Set(['identifier']), 200).some((id) => filled.has(id.text));
    };
    if (returns.every(fromBytes)) map.set(name, index);
  }
  decoderCache.set(root, map);
  return map;
}

/** `p[i]`, `*p`, `*(p + 2)`, `p + 4` reading through pointer parameter `p`. */
function readsParam(node: SyntaxNode, p: string): boolean {
  const v = unwrap(node);
  if (v.type === 'identifier') return v.text === p;
  if (v.type === 'subscript_expression') return unwrap(v.child('argument') ?? v).text === p;
  if (v.type === 'pointer_expression' && v.child('operator')?.text === '*') return readsParam(v.child('argument') ?? v, p);
  if (v.type === 'binary_expression' && v.child('operator')?.text === '+') return readsParam(v.child('left') ?? v, p);
  return false;
}

function calledNameOf(call: SyntaxNode): string | null {
  const fn = call.child('function');
  return fn?.type === 'identifier' ? fn.text : null;
}

function callArgsOf(call: SyntaxNode): SyntaxNode[] {
  return call.child('arguments')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
}

/** A same-file byte decoder call (`rd32(val)`), directly or as the value last assigned to a variable. */
function decoderCall(node: SyntaxNode): { call: SyntaxNode; arg: SyntaxNode } | null {
  let v = unwrap(node);
  if (v.type === 'identifier') {
    const value = assignedValue(v, node);
    if (!value) return null;
    v = unwrap(value);
  }
  if (v.type !== 'call_expression') return null;
  const name = calledNameOf(v);
  const index = name ? byteDecoders(rootOf(v)).get(name) : undefined;
  const arg = index !== undefined ? callArgsOf(v)[index] : undefined;
  return arg ? { call: v, arg } : null;
}

/** Position of a parameter declaration in its function's parameter list (as the adapter counts them). */
function parameterIndex(owner: SyntaxNode): number {
  const list = owner.parent;
  if (!list) return -1;
  let index = 0;
  for (const c of list.children) {
    if (!c.named || c.type === 'comment') continue;
    if (c === owner) return index;
    index++;
  }
  return -1;
}

/**
 * An integer parameter that the function's callers in this file pass input to (`set_slot(atoi(argv[1]))`)
 * or that a decoder receives with its buffer: the walker gives numbers no taint, the memory rules do.
 */
function fedInteger(node: SyntaxNode): Taint | null {
  const v = unwrap(node);
  if (v.type === 'field_expression') return fedField(v);
  if (v.type !== 'identifier') return null;
  const d = findDeclaration(v.text, v);
  if (!d || d.kind !== 'param' || !d.fn || d.pointers > 0 || d.arrays.length > 0 || !isIntegerType(d.type)) return null;
  const index = parameterIndex(d.owner);
  const feed = paramFeed(d.fn, index);
  if (!feed || checkedByCallers(d.fn, index)) return null;
  return {
    strength: feed,
    label: `${v.text} (input passed by the callers of ${d.fn.type === 'function_definition' ? 'this function' : 'it'})`,
    source: d.declarator,
    steps: [],
    sanitized: 0,
    built: false,
    text: '',
  };
}

/**
 * A field of a structure parameter that the function's callers in this file fill from input, or that
 * a decoder receives with its buffer: `handle(const FrameHeader &hdr, …)` called with the header
 * parsed from the bytes it received makes `hdr.length` a length the peer chose.
 */
function fedField(v: SyntaxNode): Taint | null {
  let root = v;
  for (let i = 0; i < 6 && root.type === 'field_expression'; i++) root = unwrap(root.child('argument') ?? root);
  if (root.type !== 'identifier' || root.text === 'this') return null;
  const d = findDeclaration(root.text, root);
  if (!d || d.kind !== 'param' || !d.fn || d.arrays.length > 0 || isIntegerType(d.type)) return null;
  const field = v.child('field')?.text;
  if (!field) return null;
  // Only numeric fields: a count or a length, not a nested buffer or a name.
  const decls = fieldDeclarations(rootOf(v), field);
  if (decls.length === 0 || !decls.every((f) => f.pointers === 0 && f.arrays.length === 0 && isIntegerType(f.type))) return null;
  const feed = paramFeed(d.fn, parameterIndex(d.owner));
  if (!feed) return null;
  return {
    strength: feed,
    label: `${v.text} (a field of input passed by the callers of ${d.fn.type === 'function_definition' ? 'this function' : 'it'})`,
    source: d.declarator,
    steps: [],
    sanitized: 0,
    built: false,
    text: '',
  };
}

/** Whether every call of the function in this file passes a constant or an upper-bounded value at `index`. */
/** The calls of the file by the callee's text (`parse_header(…)` → "parse_header"), indexed once per file and scan. */
const callIndex = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();

function callsNamed(root: SyntaxNode, name: string): readonly SyntaxNode[] {
  let index = callIndex.get(root);
  if (!index) {
    index = new Map();
    for (const n of structureOf(root)) {
      if (n.type !== 'call_expression') continue;
      const callee = n.child('function')?.text;
      if (callee === undefined) continue;
      const list = index.get(callee);
      if (list) list.push(n);
      else index.set(callee, [n]);
    }
    callIndex.set(root, index);
  }
  return index.get(name) ?? [];
}

function checkedByCallers(fn: SyntaxNode, index: number): boolean {
  let answers = checkedByCallersMemo.get(fn);
  if (!answers) checkedByCallersMemo.set(fn, (answers = new Map()));
  let answer = answers.get(index);
  if (answer === undefined) answers.set(index, (answer = checkedByCallersUncached(fn, index)));
  return answer;
}

/** checkedByCallers looks at every call of a function: once per function, parameter and scan. */
const checkedByCallersMemo = new WeakMap<SyntaxNode, Map<number, boolean>>();

function checkedByCallersUncached(fn: SyntaxNode, index: number): boolean {
  const name = functionName(fn);
  if (!name) return false;
  let calls = 0;
  for (const call of callsNamed(rootOf(fn), name)) {
    if (fn.contains(call)) continue;
    const arg = call.child('arguments')?.namedChildren.filter((c) => c.type !== 'comment')[index];
    if (!arg) continue;
    calls++;
    if (constInt(arg) === null && !upperBounded(arg, call)) return false;
  }
  return calls > 0;
}

/**
 * An integer parameter fed with input whose callers check it, but only against a limit larger than
 * `room`: `if (hdr.len > sizeof payload) return; handle(s, payload, hdr.len);` bounds the length by
 * the 1024-byte read buffer (or `if (n > len - 4)` by what is left of the input), and `handle` then
 * copies it into a 32-byte field. Null when a caller passes an unchecked value (`fedInteger`'s case),
 * a constant or a value checked against something that fits.
 */
export function fedPastRoom(node: SyntaxNode, room: number): Taint | null {
  const v = unwrap(node);
  if (v.type !== 'identifier') return null;
  const d = findDeclaration(v.text, v);
  if (!d || d.kind !== 'param' || !d.fn || d.pointers > 0 || d.arrays.length > 0 || !isIntegerType(d.type)) return null;
  const index = parameterIndex(d.owner);
  const feed = paramFeed(d.fn, index);
  const name = functionName(d.fn);
  if (!feed || !name) return null;
  let largest = -1;
  let calls = 0;
  for (const call of callsNamed(rootOf(d.fn), name)) {
    if (d.fn.contains(call)) continue;
    const arg = call.child('arguments')?.namedChildren.filter((c) => c.type !== 'comment')[index];
    if (!arg) continue;
    calls++;
    const bound = constInt(arg) ?? constantUpperBound(arg, call);
    if (bound !== null) largest = Math.max(largest, bound);
    // Checked against what is left of the input (`if (n > len - 4) return;`), not a size that fits here.
    else if (upperBounded(arg, call) && !boundedFor(arg, call, room)) largest = Infinity;
    else return null;
  }
  if (calls === 0 || largest <= room) return null;
  return {
    strength: feed,
    label: `${v.text} (input the callers of this function check only against ${largest === Infinity ? 'the length of the input' : largest})`,
    source: d.declarator,
    steps: [],
    sanitized: 0,
    built: false,
    text: '',
  };
}

/**
 * Untrusted: from the command line, the environment, stdin, files or the network — or a parameter
 * that callers in the same file feed with such data, a decoder's byte buffer, a libcurl callback's
 * data (see helpers.ts) — not a parameter of unknown origin.
 */
export function untrusted(t: Taint | null): t is Taint {
  if (t === null) return false;
  if (t.strength !== 'param') return true;
  return t.param !== undefined && paramFeed(t.param.fn.node, t.param.index) !== null;
}

/** The string a node certainly holds: a literal, a constant variable, or a `#define`d literal. */
export function stringValueOf(ctx: MatchContext, node: SyntaxNode): string | null {
  const v = ctx.stringValue(node);
  if (v !== null) return v;
  const n = unwrap(node);
  if (n.type === 'identifier') {
    const def = defines(rootOf(n)).get(n.text);
    if (def !== undefined && /^(?:L|u8|u|U)?"(?:[^"\\]|\\.)*"$/.test(def)) return def.replace(/^[A-Za-z0-9]*"/, '').slice(0, -1);
  }
  return null;
}

/** Whether `text` occurs in `node` as a whole expression or identifier (word-bounded). */
function mentions(node: SyntaxNode, text: string): boolean {
  if (/^[A-Za-z_]\w*$/.test(text)) {
    for (const id of descendants(node, new Set(['identifier', 'field_identifier']), 4000)) if (id.text === text && id.type === 'identifier') return true;
    return false;
  }
  const body = norm(node);
  let from = 0;
  for (let i = 0; i < 64; i++) {
    const k = body.indexOf(text, from);
    if (k < 0) return false;
    const before = body[k - 1] ?? '';
    const after = body[k + text.length] ?? '';
    if (!/[\w.>]/.test(before) && !/[\w]/.test(after)) return true;
    from = k + 1;
  }
  return false;
}

function isZeroish(node: SyntaxNode): boolean {
  const v = unwrap(node);
  return /^(?:0|-1|0[uUlL]*|'\\0')$/.test(v.text.replace(/\s+/g, '')) || v.type === 'null';
}

/**
 * The condition of the nearest `if` around `at` (in its function) that compares `expr` with `<`,
 * `<=`, `>` or `>=`: `if (i >= 0) buf[i] = …`, `if (n > 16) p = malloc(n);`. When the value is still
 * unsafe there, that check is incomplete (one side, or the wrong side), and the finding starts at it.
 */
export function enclosingCheck(expr: SyntaxNode, at: SyntaxNode): SyntaxNode | null {
  const target = unwrap(expr);
  const names = new Set<string>(
    target.type === 'identifier' || target.type === 'field_expression'
      ? [norm(target)]
      : descendants(target, new Set(['identifier']), 200)
          .filter((id) => id.parent?.type !== 'call_expression')
          .map((id) => id.text),
  );
  let n: SyntaxNode = at;
  for (let i = 0; i < 24 && n.parent; i++) {
    const p: SyntaxNode = n.parent;
    if (p.type === 'function_definition' || p.type === 'lambda_expression') return null;
    if (p.type === 'if_statement' && n.field === 'consequence') {
      const cond = p.child('condition');
      if (!cond) return null;
      const compares = descendants(cond, new Set(['binary_expression']), 200).some(
        (b) => COMPARISONS.has(b.child('operator')?.text ?? '') && [b.child('left'), b.child('right')].some((x) => x !== null && names.has(norm(unwrap(x)))),
      );
      return compares ? cond : null;
    }
    n = p;
  }
  return null;
}

/** Relational comparisons made before `at` in its function (conditions, asserts, ternaries, loop bounds). */
function comparisonsBefore(at: SyntaxNode): SyntaxNode[] {
  const scope = enclosingFunction(at) ?? rootOf(at);
  return scopeDescendants(scope, RELATIONAL_TYPES).filter((b) => b.start < at.start && COMPARISONS.has(b.child('operator')?.text ?? '') && !b.contains(at));
}

/** Whether a statement leaves the flow (return, goto, break, continue, exit()) — for guards. */
function exitsOrClamps(stmt: SyntaxNode | null, name: string): boolean {
  if (!stmt) return false;
  if (/^(?:return_statement|goto_statement|break_statement|continue_statement|throw_statement)$/.test(stmt.type)) return true;
  if (stmt.type === 'compound_statement') return stmt.namedChildren.some((c) => exitsOrClamps(c, name));
  if (stmt.type === 'expression_statement') {
    const e = stmt.namedChildren[0];
    if (e?.type === 'call_expression') return callNeverReturns(e);
    // `if (n > MAX) n = MAX;` (not `n -= 2`, which bounds nothing)
    if (e?.type === 'assignment_expression' && e.child('operator')?.text === '=' && norm(e.child('left') ?? e) === name) return true;
  }
  return false;
}

/** Whether a comparison (inside an if condition) guards an exit or a clamp of `name`. */
function guardsExit(cmp: SyntaxNode, name: string): boolean {
  let n = cmp;
  for (let i = 0; i < 12 && n.parent; i++) {
    const p: SyntaxNode = n.parent;
    if (p.type === 'if_statement') return n.field === 'condition' && exitsOrClamps(p.child('consequence'), name);
    if (p.type === 'parenthesized_expression' || p.type === 'condition_clause' || (p.type === 'binary_expression' && p.child('operator')?.text === '||')) {
      n = p;
      continue;
    }
    return false;
  }
  return false;
}

/**
 * Whether the value `expr` names (a variable, a field, `len`) is bounded from above before `at`:
 * compared as the smaller side against something that is not zero (`i < count`, `len <= MAX`,
 * `assert(n < N)`), compared as the larger side in a guard that exits or clamps
 * (`if (n >= sizeof buf) return;`, `if (n > MAX) n = MAX;`), clamped (`n = MIN(n, N)`, `n %= N`),
 * or masked. A lower-bound check alone (`if (i >= 0)`, `if (n > 5) { … }`) bounds nothing.
 */
export function upperBounded(expr: SyntaxNode, at: SyntaxNode): boolean {
  return upperBounds(expr, at).length > 0;
}

/** The upper bounds `upperBounded` finds: the expression compared against, or null for a clamp or a mask. */
export function upperBounds(expr: SyntaxNode, at: SyntaxNode, first = true): (SyntaxNode | null)[] {
  const target = unwrap(expr);
  const names: string[] = [];
  if (target.type === 'identifier' || target.type === 'field_expression') names.push(norm(target));
  else {
    for (const id of descendants(target, new Set(['identifier', 'field_expression']), 200)) {
      if (id.field === 'function' || (id.parent?.type === 'field_expression' && id.type !== 'field_expression')) continue;
      names.push(norm(id));
    }
  }
  const out: (SyntaxNode | null)[] = [];
  for (const name of names) {
    for (const cmp of comparisonsBefore(at)) {
      const left = cmp.child('left');
      const right = cmp.child('right');
      const op = cmp.child('operator')?.text ?? '';
      if (!left || !right) continue;
      const inLeft = mentions(left, name);
      const inRight = mentions(right, name);
      if (!inLeft && !inRight) continue;
      const other = inLeft ? right : left;
      // name on the small side: `name < E`, `E > name`
      const small = (inLeft && (op === '<' || op === '<=')) || (inRight && (op === '>' || op === '>='));
      // (`if (n < 8) return;` is a lower bound: the code after it has n >= 8.)
      if (small && !isZeroish(other) && !guardsExit(cmp, name)) out.push(other);
      // name on the large side: only a guard that exits or clamps bounds it: `if (name > E) return;`
      else if (!small && !isZeroish(other) && guardsExit(cmp, name)) out.push(other);
      if (first && out.length > 0) return out;
    }
    // Every value it was given was already bounded: `if (q >= 0 && q < N) queue = (int)q;`.
    if (first && out.length === 0 && boundedAtDefinition(name, at, 'upper')) {
      out.push(null);
      return out;
    }
    // Clamped or masked: n = MIN(n, …), n = n % N, n &= MASK, n = strnlen(…, N).
    const scope = enclosingFunction(at) ?? rootOf(at);
    for (const asg of scopeDescendants(scope, ['assignment_expression'])) {
      if (asg.start >= at.start) break;
      const left = asg.child('left');
      if (!left || norm(left) !== name) continue;
      const op = asg.child('operator')?.text;
      const right = asg.child('right');
      if (op === '%=' || op === '&=' || (right && /^(?:MIN|min|std::min|fmin|MIN2|clamp|std::clamp|strnlen)\(|[%&]/.test(norm(right)))) {
        out.push(null);
        if (first) return out;
      }
    }
  }
  return out;
}

/**
 * Whether a bound can protect a destination of `room` elements: a constant no larger than it, an
 * expression of `sizeof`, a macro or a variable set from one. A check against the bytes left in the
 * input (`if (len - off < hdr.labelLen) throw …`, `need(left, n)`) bounds the read, not the write.
 */
function destinationBound(bound: SyntaxNode | null, room: number, at: SyntaxNode, depth = 0): boolean {
  if (bound === null) return true;
  const k = constInt(bound);
  if (k !== null) return k <= room + 1;
  const text = norm(bound);
  const v = unwrap(bound);
  // `len - sizeof(hdr)`: what is left of the input after a header, not the room of the destination.
  if (v.type === 'binary_expression' && v.child('operator')?.text === '-') {
    const left = v.child('left');
    const right = v.child('right');
    if (left && right && norm(right).includes('sizeof') && !norm(left).includes('sizeof') && unwrap(left).type === 'identifier' && !/^[A-Z][A-Z0-9_]*$/.test(unwrap(left).text))
      return false;
  }
  if (text.includes('sizeof') || text.includes('size()') || text.includes('capacity()') || text.includes('length()')) return true;
  if (v.type === 'identifier') {
    if (/^[A-Z][A-Z0-9_]*$/.test(v.text)) return true;
    const value = depth < 4 ? assignedValue(v, at) : null;
    if (value) return destinationBound(value, room, at, depth + 1);
    const d = findDeclaration(v.text, v);
    // A parameter: the caller's promise about the destination (`copy(dst, dstlen, …)`).
    return d?.kind === 'param' || (d?.init ? destinationBound(d.init, room, at, depth + 1) : false);
  }
  if (v.type === 'field_expression') {
    const field = (v.child('field')?.text ?? '').toLowerCase();
    return ['cap', 'size', 'max', 'len', 'room', 'limit'].some((w) => field.includes(w)) && !['left', 'remaining', 'avail'].some((w) => field.includes(w));
  }
  return false;
}

/** Whether `expr` is bounded before `at` by something that keeps it within a destination of `room` elements. */
export function boundedFor(expr: SyntaxNode, at: SyntaxNode, room: number): boolean {
  return upperBounds(expr, at, false).some((b) => destinationBound(b, room, at));
}

/**
 * The smallest constant upper bound guards before `at` put on a variable or field: `if (w > 65535)
 * goto err;` → 65535, `for (i = 0; i < 16; i++)` → 15, `if (bpp != 8 && bpp != 24) return;` → 24.
 * Null when no constant bound is known.
 */
const comparedCache = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();

/** The comparisons (`<`, `>=`, `!=`, …) of a scope by the variable or field on either side, built once per scope. */
function comparedIn(scope: SyntaxNode): Map<string, SyntaxNode[]> {
  let map = comparedCache.get(scope);
  if (map) return map;
  map = new Map();
  for (const cmp of scopeDescendants(scope, RELATIONAL_TYPES)) {
    const op = cmp.child('operator')?.text ?? '';
    if (!COMPARISONS.has(op) && op !== '!=') continue;
    for (const side of [cmp.child('left'), cmp.child('right')]) {
      if (!side) continue;
      const v = unwrap(side);
      if (v.type !== 'identifier' && v.type !== 'field_expression') continue;
      const key = norm(v);
      const list = map.get(key);
      if (list) list.push(cmp);
      else map.set(key, [cmp]);
    }
  }
  comparedCache.set(scope, map);
  return map;
}

export function constantUpperBound(expr: SyntaxNode, at: SyntaxNode): number | null {
  const target = unwrap(expr);
  if (target.type !== 'identifier' && target.type !== 'field_expression') return null;
  const name = norm(target);
  const scope = enclosingFunction(at) ?? rootOf(at);
  const candidates = comparedIn(scope).get(name);
  if (!candidates) return null;
  let best: number | null = null;
  const take = (k: number | null): void => {
    if (k !== null && (best === null || k < best)) best = k;
  };
  for (const cmp of candidates) {
    if (cmp.start >= at.start) break;
    if (cmp.contains(at)) continue;
    const op = cmp.child('operator')?.text ?? '';
    const left = cmp.child('left');
    const right = cmp.child('right');
    if (!left || !right) continue;
    const inLeft = norm(unwrap(left)) === name;
    const inRight = norm(unwrap(right)) === name;
    if (!inLeft && !inRight) continue;
    const k = constInt(inLeft ? right : left);
    if (k === null) continue;
    if (COMPARISONS.has(op)) {
      const small = (inLeft && (op === '<' || op === '<=')) || (inRight && (op === '>' || op === '>='));
      const strict = op === '<' || op === '>';
      if (small && holdsAt(cmp, at)) take(strict ? k - 1 : k);
      else if (!small && guardsExit(cmp, name)) take(strict ? k : k - 1);
    } else if (op === '!=') {
      // `if (x != 8 && x != 24) return;`: afterwards x is one of the constants.
      let top = cmp;
      while (top.parent?.type === 'binary_expression' && top.parent.child('operator')?.text === '&&') top = top.parent;
      const operands = descendants(top, new Set(['binary_expression']), 64).filter((b) => b.child('operator')?.text !== '&&');
      if (!operands.every((b) => b.child('operator')?.text === '!=' && [b.child('left'), b.child('right')].some((x) => x !== null && norm(unwrap(x)) === name))) continue;
      if (!guardsExit(top, name)) continue;
      const ks = operands.map((b) => constInt(norm(unwrap(b.child('left') ?? b)) === name ? b.child('right') : b.child('left')));
      if (ks.every((x) => x !== null)) take(Math.max(...(ks as number[])));
    }
  }
  return best;
}

/** Whether a comparison holds at `at`: it is the condition of a loop or an `if` whose body contains `at`. */
function holdsAt(cmp: SyntaxNode, at: SyntaxNode): boolean {
  let n = cmp;
  for (let i = 0; i < 12 && n.parent; i++) {
    const p: SyntaxNode = n.parent;
    if (p.type === 'for_statement' || p.type === 'while_statement') return n.field === 'condition' && (p.child('body')?.contains(at) ?? false);
    if (p.type === 'if_statement') return n.field === 'condition' && (p.child('consequence')?.contains(at) ?? false);
    if (p.type === 'parenthesized_expression' || p.type === 'condition_clause' || (p.type === 'binary_expression' && p.child('operator')?.text === '&&')) {
      n = p;
      continue;
    }
    return false;
  }
  return false;
}

/** The largest value an integer expression can have, from constants, guards and narrow types; null when unknown. */
export function maxValue(expr: SyntaxNode, at: SyntaxNode, depth = 0): number | null {
  if (depth > 12) return null;
  const k = constInt(expr);
  if (k !== null) return k;
  const v = unwrap(expr);
  if (v.type === 'binary_expression') {
    const op = v.child('operator')?.text ?? '';
    const l = v.child('left');
    const r = v.child('right');
    if (!l || !r) return null;
    const rk = constInt(r);
    if (op === '%' && rk !== null) return rk - 1;
    if (op === '&' && rk !== null && rk >= 0) return rk;
    if ((op === '/' || op === '>>') && rk !== null && rk > 0) {
      const lm = maxValue(l, at, depth + 1);
      return lm === null ? null : op === '/' ? Math.floor(lm / rk) : Math.floor(lm / 2 ** rk);
    }
    if (op === '+' || op === '*' || op === '<<') {
      const lm = maxValue(l, at, depth + 1);
      const rm = lm === null ? null : maxValue(r, at, depth + 1);
      if (lm === null || rm === null) return null;
      return op === '+' ? lm + rm : op === '*' ? lm * rm : lm * 2 ** rm;
    }
    return null;
  }
  const bound = constantUpperBound(v, at);
  const typed = maxOfType(expr, at);
  if (bound === null) return typed;
  return typed === null ? bound : Math.min(bound, typed);
}

const WIDE_TYPES = new Set([
  'long',
  'long int',
  'long long',
  'long long int',
  'unsigned long',
  'unsigned long int',
  'unsigned long long',
  'unsigned long long int',
  'signed long',
  'int64_t',
  'uint64_t',
  'std::int64_t',
  'std::uint64_t',
  'size_t',
  'ssize_t',
  'std::size_t',
  'off_t',
  'off64_t',
  'ptrdiff_t',
  'intptr_t',
  'uintptr_t',
  'intmax_t',
  'uintmax_t',
  'u64',
  's64',
  'gsize',
  'SIZE_T',
  'DWORD64',
  'ULONGLONG',
  'LONGLONG',
  'uint64',
  'int64',
]);
const UNSIGNED32 = /^(?:unsigned(?:\s+int)?|(?:std::)?uint32_t|u32|DWORD|UINT|ULONG|guint|guint32|uint)$/;

/**
 * The bit width and signedness integer arithmetic on these operands is done in (after the usual
 * promotions): 64 when one of them is a 64-bit type (or cast to one), else 32, unsigned when one
 * of them is a 32-bit unsigned type. Null when an operand's type is unknown.
 */
export function arithmeticWidth(operands: readonly SyntaxNode[], at: SyntaxNode): { bits: 32 | 64; unsigned: boolean } | null {
  let bits: 32 | 64 = 32;
  let unsigned = false;
  for (const o of operands) {
    let type = castType(o);
    const v = unwrap(o);
    if (type === null) {
      if (v.type === 'number_literal') {
        if (/[lL]/.test(v.text)) bits = 64;
        if (/[uU]/.test(v.text)) unsigned = true;
        continue;
      }
      if (v.type === 'sizeof_expression') {
        bits = 64;
        continue;
      }
      if (v.type === 'identifier') {
        const d = findDeclaration(v.text, at);
        type = d && d.pointers === 0 ? d.type : null;
      } else if (v.type === 'field_expression') {
        const object = v.child('argument');
        const field = v.child('field')?.text;
        const d = object && field ? memberDeclaration(object, field, at) : null;
        type = d && d.pointers === 0 ? d.type : null;
      } else if (v.type === 'binary_expression' || v.type === 'parenthesized_expression') {
        const inner = v.type === 'binary_expression' ? [v.child('left'), v.child('right')].filter((x): x is SyntaxNode => x !== null) : v.namedChildren;
        const w = arithmeticWidth(inner, at);
        if (!w) return null;
        if (w.bits === 64) bits = 64;
        if (w.unsigned) unsigned = true;
        continue;
      } else return null;
    }
    if (type === null) return null;
    const t = type
      .replace(/\b(?:const|volatile|static)\b/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (WIDE_TYPES.has(t)) bits = 64;
    else if (UNSIGNED32.test(t)) unsigned = true;
    else if (!isIntegerType(t)) return null;
  }
  return { bits, unsigned };
}

/** The type an expression is cast to: `(size_t)x`, `static_cast<size_t>(x)`; null otherwise. */
function castType(node: SyntaxNode): string | null {
  let n = node;
  for (let i = 0; i < 8 && n.type === 'parenthesized_expression'; i++) n = n.namedChildren[0] ?? n;
  if (n.type === 'cast_expression') return n.child('type')?.text ?? null;
  if (n.type === 'call_expression') {
    const fn = n.child('function');
    if (fn?.type === 'template_function' && /^(?:std::)?static_cast$/.test(fn.child('name')?.text ?? '')) {
      return fn.child('arguments')?.namedChildren[0]?.text ?? null;
    }
  }
  return null;
}

/** Whether an operand is explicitly widened to 64 bits (`(size_t)w`, `static_cast<uint64_t>(n)`), directly or inside a product. */
function wideCast(node: SyntaxNode, at: SyntaxNode, depth = 0): boolean {
  if (depth > 8) return false;
  const type = castType(node);
  if (type !== null) return arithmeticWidth([node], at)?.bits === 64 && constInt(node) === null;
  const v = unwrap(node);
  if (v.type !== 'binary_expression') return false;
  return [v.child('left'), v.child('right')].some((x) => x !== null && wideCast(x, at, depth + 1));
}

/** Bits of the widest non-constant value in an arithmetic expression, looking through widening casts; null when a type is unknown. */
function valueBits(expr: SyntaxNode, at: SyntaxNode, depth = 0): number | null {
  if (depth > 12) return null;
  if (constInt(expr) !== null) return 0;
  const v = unwrap(expr);
  if (v.type === 'binary_expression') {
    const l = v.child('left');
    const r = v.child('right');
    if (!l || !r) return null;
    const a = valueBits(l, at, depth + 1);
    const b = a === null ? null : valueBits(r, at, depth + 1);
    return a === null || b === null ? null : Math.max(a, b);
  }
  const w = arithmeticWidth([v], at);
  if (!w) return null;
  const max = maxOfType(v, at);
  return max !== null ? Math.ceil(Math.log2(max + 1)) : w.bits;
}

/**
 * Whether a product is done in 64 bits on values of at most 32 bits each (`(size_t)w * h`,
 * `static_cast<size_t>(width) * bpp`): widening before multiplying is the usual fix, not a wrap.
 */
export function widenedProduct(left: SyntaxNode, right: SyntaxNode, at: SyntaxNode): boolean {
  if (!wideCast(left, at) && !wideCast(right, at)) return false;
  const width = arithmeticWidth([left, right], at);
  if (width?.bits !== 64) return false;
  const a = valueBits(left, at);
  const b = valueBits(right, at);
  return a !== null && b !== null && a <= 32 && b <= 32;
}

const TYPE_MAX: Record<string, number> = {
  uint8_t: 255,
  u8: 255,
  BYTE: 255,
  UCHAR: 255,
  guchar: 255,
  guint8: 255,
  'unsigned char': 255,
  int8_t: 127,
  'signed char': 127,
  s8: 127,
  char: 127,
  uint16_t: 65535,
  u16: 65535,
  WORD: 65535,
  USHORT: 65535,
  'unsigned short': 65535,
  guint16: 65535,
  int16_t: 32767,
  short: 32767,
  s16: 32767,
};

/** The largest value an integer expression of a narrow type can hold (`uint8_t` 255, `uint16_t` 65535), or null. */
export function maxOfType(expr: SyntaxNode, at: SyntaxNode): number | null {
  const v = unwrap(expr);
  const of = (type: string | undefined | null): number | null => {
    if (!type) return null;
    const t = type
      .replace(/\b(?:const|volatile|std::)\b/g, ' ')
      .replace(/std::/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    return TYPE_MAX[t] ?? null;
  };
  // `(uint8_t)x` narrows whatever x is.
  if (expr.type === 'cast_expression') {
    const k = of(expr.child('type')?.text);
    if (k !== null) return k;
  }
  switch (v.type) {
    case 'identifier': {
      const d = findDeclaration(v.text, at);
      return d && d.pointers === 0 && d.arrays.length === 0 ? of(d.type) : null;
    }
    case 'field_expression': {
      const object = v.child('argument');
      const field = v.child('field')?.text;
      const d = object && field ? memberDeclaration(object, field, at) : null;
      return d && d.pointers === 0 && d.arrays.length === 0 ? of(d.type) : null;
    }
    case 'subscript_expression':
    case 'pointer_expression': {
      if (v.type === 'pointer_expression' && v.child('operator')?.text !== '*') return null;
      // `p[1]`, `*p` of `const uint8_t *p`
      let base = unwrap(v.child('argument') ?? v);
      if (base.type === 'update_expression') base = unwrap(base.child('argument') ?? base);
      if (base.type !== 'identifier') return null;
      const d = findDeclaration(base.text, at);
      return d && d.pointers + d.arrays.length === 1 ? of(d.type) : null;
    }
    default:
      return null;
  }
}

/**
 * Whether every value a variable is given before `at` is bounded where it is given: a constant
 * (`int queue = 0`), or a variable that was checked there (`queue = (int)q` inside `if (q >= 0 &&
 * q < NQUEUES)`). `upper` asks for an upper bound, `lower` for non-negative values.
 */
export function boundedAtDefinition(name: string, at: SyntaxNode, kind: 'upper' | 'lower', depth = 0): boolean {
  if (depth > 2 || !/^[A-Za-z_]\w*$/.test(name)) return false;
  const scope = enclosingFunction(at);
  if (!scope) return false;
  let defined = 0;
  for (const n of scopeDescendants(scope, ['assignment_expression', 'init_declarator', 'update_expression', 'pointer_expression'])) {
    if (n.start >= at.start) break;
    let value: SyntaxNode | null = null;
    // `scanf("%d", &n)`, `read_exact(fd, &n, sizeof n)`: written through its address.
    if (n.type === 'pointer_expression') {
      if (n.child('operator')?.text === '&' && norm(unwrap(n.child('argument') ?? n)) === name) return false;
      continue;
    }
    if (n.type === 'update_expression') {
      if (norm(n.child('argument') ?? n) === name) return false;
      continue;
    }
    if (n.type === 'init_declarator') {
      if (declaratorShape(n).name?.text !== name) continue;
      value = n.child('value');
    } else {
      if (norm(unwrap(n.child('left') ?? n)) !== name) continue;
      if (n.child('operator')?.text !== '=') return false;
      value = n.child('right');
    }
    if (!value) continue;
    defined++;
    const v = unwrap(value);
    const k = constInt(v);
    if (k !== null) {
      if (kind === 'lower' && k < 0) return false;
      continue;
    }
    if (v.type !== 'identifier' && v.type !== 'field_expression') return false;
    const ok = kind === 'upper' ? upperBounds(v, n).length > 0 : lowerBoundOf(norm(v), n) || boundedAtDefinition(norm(v), n, 'lower', depth + 1);
    if (!ok) return false;
  }
  return defined > 0;
}

/** Whether `name` is compared with zero from below before `at` (`x >= 0`, `x < 0` guarding an exit, `0 <= x`). */
export function lowerBoundOf(name: string, at: SyntaxNode): boolean {
  const scope = enclosingFunction(at) ?? rootOf(at);
  for (const cmp of comparedIn(scope).get(name) ?? []) {
    if (cmp.start >= at.start) break;
    const op = cmp.child('operator')?.text ?? '';
    const left = cmp.child('left');
    const right = cmp.child('right');
    if (!left || !right) continue;
    const inLeft = norm(unwrap(left)) === name;
    const k = constInt(inLeft ? right : left);
    if (k === null || k > 1) continue;
    // `x >= 0`, `x > -1`, `0 <= x` hold in their branch; `x < 0` must guard an exit.
    const big = (inLeft && (op === '>=' || op === '>')) || (!inLeft && (op === '<=' || op === '<'));
    if (big && holdsAt(cmp, at)) return true;
    if (!big && guardsExit(cmp, name)) return true;
  }
  return false;
}

/** Whether the length of string `src` was checked before `at`: `if (strlen(src) >= sizeof buf) return;`, `len = strlen(src); if (len > MAX)`. */
export function lengthChecked(src: SyntaxNode, at: SyntaxNode, cap: number | null = null): boolean {
  let s = norm(unwrap(src));
  for (const suffix of ['.c_str()', '.data()']) if (s.endsWith(suffix)) s = s.slice(0, -suffix.length);
  if (!s) return false;
  const lengthOf = new RegExp(`(?:strlen|strnlen|wcslen|_tcslen|strlen_s)\\(\\(?(?:const)?(?:char\\*)?\\)?${escapeRe(s)}[,)]|${escapeRe(s)}(?:\\.|->)(?:size|length)\\(\\)`);
  const scope = enclosingFunction(at) ?? rootOf(at);
  // Variables holding the length: `size_t len = strlen(src);`
  const lengthVars = new Set<string>();
  for (const n of scopeDescendants(scope, ['init_declarator', 'assignment_expression'])) {
    if (n.start >= at.start) break;
    const value = n.child('value') ?? n.child('right');
    const target = n.type === 'init_declarator' ? n.child('declarator') : n.child('left');
    if (value && target && lengthOf.test(norm(value))) lengthVars.add(norm(target).replace(/^\*+/, ''));
  }
  for (const cmp of comparisonsBefore(at)) {
    const text = norm(cmp);
    if (!lengthOf.test(text) && ![...lengthVars].some((v) => mentions(cmp, v))) continue;
    const left = cmp.child('left');
    const right = cmp.child('right');
    const op = cmp.child('operator')?.text ?? '';
    if (!left || !right) continue;
    const lengthVar = [...lengthVars].find((v) => mentions(left, v) || mentions(right, v));
    const inLeft = lengthOf.test(norm(left)) || (lengthVar !== undefined && mentions(left, lengthVar));
    const other = inLeft ? right : left;
    // `len >= 2`, `len > 0`: a lower bound says nothing about fitting.
    const small = inLeft ? op === '<' || op === '<=' : op === '>' || op === '>=';
    if (isZeroish(other)) continue;
    if (!small && !guardsExit(cmp, lengthVar ?? norm(inLeft ? left : right))) continue;
    // A check against a bound larger than this destination does not protect it.
    if (cap !== null) {
      const bound = constInt(other);
      if (bound !== null && bound > cap) continue;
    }
    return true;
  }
  return false;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The most characters a string expression can hold (without its terminator): a literal's length,
 * a fixed array's capacity minus one, or null when unknown.
 */
export function maxStringLength(ctx: MatchContext, expr: SyntaxNode, at: SyntaxNode): number | null {
  const literal = stringValueOf(ctx, expr);
  if (literal !== null) return cStringLength(literal);
  const buf = bufferOf(expr, at);
  if (buf && (buf.kind === 'array' || buf.kind === 'heap') && buf.elements !== null) {
    const term = terminatedAt(expr, at);
    return Math.max(0, term !== null ? Math.min(term, buf.elements - 1) : buf.elements - 1);
  }
  return terminatedAt(expr, at);
}

const STRING_WRITERS =
  /^(?:strcat|strncat|strcpy|strncpy|sprintf|snprintf|vsprintf|vsnprintf|fgets|gets|scanf|fscanf|sscanf|read|recv|recvfrom|memcpy|memmove|memset|strlcpy|strlcat|wcscpy|wcscat|realpath|getline)$/;
/** Writers whose size argument bounds the string they leave: position of the buffer, of the size, and what to subtract. */
const BOUNDED_WRITERS: Record<string, [number, number, number]> = {
  snprintf: [0, 1, 1],
  vsnprintf: [0, 1, 1],
  fgets: [0, 1, 1],
  strlcpy: [0, 2, 1],
  strncpy: [0, 2, 0],
  read: [1, 2, 0],
  recv: [1, 2, 0],
};

/**
 * The longest string the last write into a buffer before `at` can have left there: `buf[K] = '\0'`
 * (Juliet's `memset(data, 'A', 49); data[49] = '\0';`) leaves at most K characters,
 * `snprintf(buf, N, …)` and `fgets(buf, N, f)` at most N - 1. Null when the last write is unbounded
 * or there is none.
 */
function terminatedAt(expr: SyntaxNode, at: SyntaxNode): number | null {
  const v = unwrap(expr);
  if (v.type !== 'identifier') return null;
  const scope = enclosingFunction(at);
  if (!scope) return null;
  let best: { end: number; k: number | null } | null = null;
  for (const asg of scopeDescendants(scope, ['assignment_expression'])) {
    if (asg.start >= at.start) break;
    const left = asg.child('left');
    const right = asg.child('right');
    if (!left || !right || left.type !== 'subscript_expression' || asg.child('operator')?.text !== '=') continue;
    if (unwrap(left.child('argument') ?? left).text !== v.text) continue;
    if (!/^(?:'\\0'|0|'\\x00')$/.test(norm(right))) continue;
    const k = constInt(subscriptIndexOf(left));
    if (k !== null && k >= 0 && (!best || asg.end > best.end)) best = { end: asg.end, k };
  }
  for (const call of scopeDescendants(scope, ['call_expression'])) {
    if (call.start >= at.start) break;
    const name = call.child('function')?.text.replace(/^.*::/, '') ?? '';
    if (!STRING_WRITERS.test(name)) continue;
    const args = call.child('arguments')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
    const shape = BOUNDED_WRITERS[name];
    const dstPos = shape ? shape[0] : 0;
    const dst = args[dstPos];
    if (!dst || unwrap(dst).text !== v.text) {
      // memset(data, 'A', n) before `data[n] = '\0'` does not end the string; other writes into it do.
      if (name !== 'memset' && args.slice(0, 2).some((a) => mentions(a, v.text)) && (!best || call.end > best.end)) best = { end: call.end, k: null };
      continue;
    }
    if (name === 'memset') continue;
    const size = shape ? constInt(args[shape[1]] ?? null) : null;
    if (!best || call.end > best.end) best = { end: call.end, k: shape && size !== null ? Math.max(0, size - shape[2]) : null };
  }
  return best ? best.k : null;
}

function subscriptIndexOf(node: SyntaxNode): SyntaxNode | null {
  return node.child('index') ?? node.child('indices')?.namedChildren[0] ?? null;
}

/** Capacity of a destination in elements, when it is a fixed array or sized heap block. */
export function capacity(buf: BufferInfo | null): number | null {
  if (!buf || buf.kind === 'pointer') return null;
  return buf.elements;
}

/** Whether an integer-valued expression is one (declared int, a parsed number, a cast to an integer type, `getchar()`). */
export function isIntegerExpr(ctx: MatchContext, expr: SyntaxNode): boolean {
  const v = unwrap(expr);
  if (v.type === 'binary_expression' || v.type === 'unary_expression' || v.type === 'update_expression') return true;
  const t = ctx.taint(v);
  if (t && t.sanitized !== 0 && !(t.sanitized & MEMORY_BIT)) return true;
  // `int n = tokenize(line, toks, MAX);`: a count returned by some function is not the input itself.
  if (v.type === 'identifier') {
    const value = assignedValue(v, expr);
    // A same-file helper that returns a value it read (`readLE<uint16_t>(in)`) returns the input itself.
    const call = value ? unwrap(value) : null;
    if (
      call?.type === 'call_expression' &&
      !/^(?:getchar|fgetc|getc|getwchar|fgetwc|getc_unlocked|_getch)$/.test(call.child('function')?.text ?? '') &&
      !readHelper(call) &&
      !decoderCall(call)
    )
      return false;
  }
  if (expr.type === 'cast_expression') {
    const type = expr.child('type')?.text ?? '';
    if (isIntegerType(type)) return true;
  }
  switch (v.type) {
    case 'identifier': {
      const d = findDeclaration(v.text, v);
      return d !== null && isIntegerType(d.type, d.pointers) && d.arrays.length === 0;
    }
    case 'field_expression': {
      // A pointer field (`in->buf`) is not an integer.
      const object = v.child('argument');
      const field = v.child('field')?.text;
      const d = object && field ? memberDeclaration(object, field, v) : null;
      return d === null || (d.pointers === 0 && d.arrays.length === 0);
    }
    case 'subscript_expression':
      return true;
    case 'binary_expression':
    case 'unary_expression':
    case 'update_expression':
      return true;
    case 'call_expression':
      return /^(?:getchar|fgetc|getc|getwchar|atoi|atol|atoll|strtol|strtoul|strtoll|strtoull|ntohs|ntohl|htons|htonl|be16toh|be32toh|be64toh|le16toh|le32toh|le64toh|(?:std::)?sto(?:i|l|ul|ll|ull))$/.test(
        v.child('function')?.text.replace(/\s+/g, '') ?? '',
      );
    default:
      return false;
  }
}

/** A call of a same-file helper that returns a value it read (`readLE<uint32_t>(in)`). */
function readHelper(call: SyntaxNode): boolean {
  const fn = call.child('function');
  const name = fn?.type === 'identifier' ? fn.text : fn?.type === 'template_function' ? fn.child('name')?.text : undefined;
  return name !== undefined && returnsReadValue(rootOf(call), name);
}

/** Last value assigned to a variable before `at` in its function (`n = atoi(s)` → `atoi(s)`). */
export function assignedValue(name: SyntaxNode, at: SyntaxNode): SyntaxNode | null {
  const v = unwrap(name);
  if (v.type !== 'identifier') return null;
  return lastAssignment(v.text, at, enclosingFunction(at))?.value ?? null;
}

// ---- formats -----------------------------------------------------------------------------------

/** One conversion of a printf/scanf format. */
export interface Conversion {
  /** Conversion letter (`s`, `d`, `[`, `%`). */
  conv: string;
  /** Length modifier (`l`, `ll`, `z`, `h`). */
  length: string;
  width: number | '*' | null;
  precision: number | '*' | null;
  /** scanf's `%*d`: read and discarded. */
  suppressed: boolean;
  /** Offset in the format text. */
  at: number;
}

/** Parses a printf (or scanf) format into its conversions. Linear, no regular expressions that backtrack. */
export function parseFormat(fmt: string, scanf = false): { conversions: Conversion[]; literal: number } {
  const conversions: Conversion[] = [];
  let literal = 0;
  let i = 0;
  while (i < fmt.length) {
    const ch = fmt[i] as string;
    if (ch === '\\') {
      // An escape as written in source: one output character.
      literal++;
      i += fmt[i + 1] === 'x' ? 4 : /[0-7]/.test(fmt[i + 1] ?? '') ? 4 : 2;
      continue;
    }
    if (ch !== '%') {
      literal++;
      i++;
      continue;
    }
    const start = i;
    i++;
    if (fmt[i] === '%') {
      literal++;
      i++;
      continue;
    }
    let suppressed = false;
    if (scanf && fmt[i] === '*') {
      suppressed = true;
      i++;
    }
    // positional `%1$s`
    let j = i;
    while (j < fmt.length && /\d/.test(fmt[j] as string)) j++;
    if (fmt[j] === '$') i = j + 1;
    if (!scanf) while (i < fmt.length && /[-+ #0']/.test(fmt[i] as string)) i++;
    let width: number | '*' | null = null;
    if (fmt[i] === '*') {
      width = '*';
      i++;
    } else {
      let w = '';
      while (i < fmt.length && /\d/.test(fmt[i] as string)) w += fmt[i++];
      if (w) width = parseInt(w, 10);
    }
    let precision: number | '*' | null = null;
    if (!scanf && fmt[i] === '.') {
      i++;
      if (fmt[i] === '*') {
        precision = '*';
        i++;
      } else {
        let p = '';
        while (i < fmt.length && /\d/.test(fmt[i] as string)) p += fmt[i++];
        precision = p ? parseInt(p, 10) : 0;
      }
    }
    let length = '';
    while (i < fmt.length && /[hlLqjztI0-9]/.test(fmt[i] as string) && length.length < 4) {
      if (/[0-9]/.test(fmt[i] as string) && !length.startsWith('I')) break;
      length += fmt[i++];
    }
    const conv = fmt[i] ?? '';
    i++;
    if (conv === '[') {
      // scanf scan set: `%[^\n]`, `%[]abc]`
      if (fmt[i] === '^') i++;
      if (fmt[i] === ']') i++;
      while (i < fmt.length && fmt[i] !== ']') i++;
      i++;
    }
    conversions.push({ conv, length, width, precision, suppressed, at: start });
  }
  return { conversions, literal };
}

/**
 * The most characters a printf call writes (without the terminator), or null when a `%s` (or a
 * `*` width) has no known bound. `args` are the arguments after the format.
 */
export function maxFormattedLength(ctx: MatchContext, fmt: string, args: readonly SyntaxNode[], at: SyntaxNode): { max: number | null; unbounded: SyntaxNode[] } {
  const { conversions, literal } = parseFormat(fmt);
  let total = literal;
  let known = true;
  const unbounded: SyntaxNode[] = [];
  let k = 0;
  for (const c of conversions) {
    let widthValue: number | null = typeof c.width === 'number' ? c.width : 0;
    let precisionValue: number | null = typeof c.precision === 'number' ? c.precision : null;
    if (c.width === '*') {
      const w = args[k++];
      widthValue = w ? constIntOf(w) : null;
    }
    if (c.precision === '*') {
      const p = args[k++];
      precisionValue = p ? constIntOf(p) : null;
      if (precisionValue === null) known = false;
    }
    const arg = args[k++];
    const long = c.length.includes('l') || c.length.includes('j') || c.length.includes('z') || c.length.includes('t') || c.length.includes('q') || c.length === 'I64';
    let n: number | null;
    switch (c.conv) {
      case 'd':
      case 'i':
        n = long ? 20 : c.length === 'hh' ? 4 : c.length === 'h' ? 6 : 11;
        break;
      case 'u':
        n = long ? 20 : c.length === 'hh' ? 3 : c.length === 'h' ? 5 : 10;
        break;
      case 'o':
        n = long ? 22 : 11;
        break;
      case 'x':
      case 'X':
        n = long ? 16 : c.length === 'hh' ? 2 : c.length === 'h' ? 4 : 8;
        break;
      case 'c':
      case 'C':
        n = 1;
        break;
      case 'p':
        n = 18;
        break;
      case 'e':
      case 'E':
      case 'g':
      case 'G':
      case 'a':
      case 'A':
        n = 24 + (precisionValue ?? 0);
        break;
      case 'f':
      case 'F':
        n = 40 + (precisionValue ?? 6);
        break;
      case 'n':
        n = 0;
        break;
      case 's':
      case 'S': {
        const len = arg ? maxStringLength(ctx, arg, at) : null;
        if (precisionValue !== null) n = len === null ? precisionValue : Math.min(len, precisionValue);
        else n = len;
        if (n === null && arg) unbounded.push(arg);
        break;
      }
      default:
        n = 0;
    }
    if (n === null || widthValue === null) {
      known = false;
      continue;
    }
    total += Math.max(n, widthValue);
  }
  return { max: known ? total : null, unbounded };
}

function constIntOf(node: SyntaxNode): number | null {
  return constInt(node);
}

const FORMAT_AT: Record<string, number> = {
  sprintf: 1,
  vsprintf: 1,
  asprintf: 1,
  snprintf: 2,
  vsnprintf: 2,
  _snprintf: 2,
  swprintf: 2,
  sprintf_s: 2,
  StringCchPrintf: 2,
  g_snprintf: 2,
  sqlite3_snprintf: 2,
};
const NUMERIC_CONVERSIONS = new Set(['d', 'i', 'u', 'x', 'X', 'o', 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A', 'p']);

/**
 * Whether the untrusted data in a buffer only got there through numeric conversions: `snprintf(cmd,
 * n, "kill -TERM %d", pid)` with pid from input builds a command that cannot carry shell syntax.
 * The buffer's last writer before `at` must be a printf-like call with a literal format, nothing may
 * be appended after it, and every argument that carries taint must be converted with %d, %u, %x, %f….
 */
export function formattedAsNumbers(ctx: MatchContext, arg: SyntaxNode, at: SyntaxNode): boolean {
  let v = unwrap(arg);
  if (v.type === 'call_expression' && v.child('function')?.type === 'field_expression' && /^(?:c_str|data)$/.test(v.child('function')?.child('field')?.text ?? ''))
    v = unwrap(v.child('function')?.child('argument') ?? v);
  if (v.type !== 'identifier') return false;
  const fn = enclosingFunction(at);
  if (!fn) return false;
  let last: SyntaxNode | null = null;
  for (const c of scopeDescendants(fn, ['call_expression'])) {
    if (c.start >= at.start) break;
    if (c.contains(at)) continue;
    const args = c.child('arguments')?.namedChildren.filter((x) => x.type !== 'comment') ?? [];
    if (!args[0] || unwrap(args[0]).text !== v.text) continue;
    last = c;
  }
  if (!last) return false;
  const name = (last.child('function')?.text ?? '').replace(/^std::/, '');
  const pos = FORMAT_AT[name];
  if (pos === undefined) return false;
  const args = last.child('arguments')?.namedChildren.filter((x) => x.type !== 'comment') ?? [];
  const fmtNode = args[pos];
  const format = fmtNode ? stringValueOf(ctx, fmtNode) : null;
  if (format === null) return false;
  const rest = args.slice(pos + 1);
  let k = 0;
  let tainted = 0;
  for (const c of parseFormat(format).conversions) {
    if (c.conv === '%') continue;
    if (c.width === '*') k++;
    if (c.precision === '*') k++;
    const a = rest[k++];
    if (!a || ctx.taint(a) === null) continue;
    tainted++;
    if (!NUMERIC_CONVERSIONS.has(c.conv)) return false;
  }
  return tainted > 0;
}

/** Whether a size is computed from the length of existing data (`strlen(s) + 1`, `v.size()`), which input cannot inflate by itself. */
export function derivedFromLength(expr: SyntaxNode, at: SyntaxNode): boolean {
  const lengthish = (t: string): boolean => /(?:strlen|wcslen|strnlen|_tcslen)\(|\.(?:size|length)\(\)/.test(t);
  if (lengthish(norm(expr))) return true;
  for (const id of descendants(expr, new Set(['identifier']), 50)) {
    const value = lastAssignment(id.text, at, enclosingFunction(at))?.value;
    if (value && lengthish(norm(value))) return true;
  }
  return false;
}

/** Allocation and copy functions, with the position of their size argument. */
export const SIZE_ARGS: Record<string, number> = {
  malloc: 0,
  alloca: 0,
  _alloca: 0,
  xmalloc: 0,
  g_malloc: 0,
  g_malloc0: 0,
  kmalloc: 0,
  kzalloc: 0,
  OPENSSL_malloc: 0,
  valloc: 0,
  pvalloc: 0,
  realloc: 1,
  xrealloc: 1,
  g_realloc: 1,
  HeapAlloc: 2,
  LocalAlloc: 1,
  GlobalAlloc: 1,
  aligned_alloc: 1,
  memalign: 1,
  memcpy: 2,
  memmove: 2,
  memset: 2,
  strncpy: 2,
  strncat: 2,
  read: 2,
  recv: 2,
  fread: 1,
  fgets: 1,
  snprintf: 1,
  wmemcpy: 2,
  bzero: 1,
};

/**
 * Position of a call's size argument (SIZE_ARGS), also for `std::make_unique<T[]>(n)` /
 * `std::make_shared<T[]>(n)`, which allocate n elements like `new T[n]`.
 */
function sizeArgOf(call: SyntaxNode): number | undefined {
  const text = call.child('function')?.text.replace(/\s+/g, '') ?? '';
  if (text.includes('<')) return /^(?:std::)?make_(?:unique|shared)(?:_for_overwrite)?<[^<>]*\[\]>$/.test(text) ? 0 : undefined;
  return SIZE_ARGS[text.replace(/^.*::/, '')];
}

/** Whether an expression's value becomes an allocation or copy size (directly, or through a variable used as one later). */
export function flowsIntoSize(expr: SyntaxNode): boolean {
  let n = expr;
  for (let i = 0; i < 16 && n.parent; i++) {
    const p = n.parent;
    if (p.type === 'parenthesized_expression' || p.type === 'cast_expression' || (p.type === 'binary_expression' && /^[-+*/]$|^<<$/.test(p.child('operator')?.text ?? ''))) {
      n = p;
      continue;
    }
    if (p.type === 'new_declarator') return true;
    if (p.type === 'argument_list' && p.parent?.type === 'call_expression') {
      const pos = sizeArgOf(p.parent);
      return pos !== undefined && p.namedChildren.filter((c) => c.type !== 'comment').indexOf(n) === pos;
    }
    let variable: string | null = null;
    if (p.type === 'init_declarator' && p.child('value') === n) variable = declaratorShape(p).name?.text ?? null;
    else if (p.type === 'assignment_expression' && p.child('right') === n) {
      const left = p.child('left');
      variable = left && unwrap(left).type === 'identifier' ? unwrap(left).text : null;
    }
    if (!variable) return false;
    const fn = enclosingFunction(p);
    if (!fn) return false;
    for (const call of scopeDescendants(fn, ['call_expression', 'new_declarator'])) {
      if (call.start <= p.end) continue;
      if (call.type === 'new_declarator') {
        if (identifierNamed(call.child('length'), variable)) return true;
        continue;
      }
      const pos = sizeArgOf(call);
      if (pos === undefined) continue;
      const arg = call.child('arguments')?.namedChildren.filter((c) => c.type !== 'comment')[pos];
      if (arg && identifierNamed(arg, variable)) return true;
    }
    return false;
  }
  return false;
}

function identifierNamed(node: SyntaxNode | null, name: string): boolean {
  if (!node) return false;
  return descendants(node, new Set(['identifier']), 100).some((id) => id.text === name);
}

/**
 * Whether another call to one of `names` comes earlier in the same function: rules about an API
 * (a weak cipher set up with several calls) report its first use only.
 */
export function earlierCallIn(call: SyntaxNode, names: ReadonlySet<string>, accept: (c: SyntaxNode) => boolean = () => true): boolean {
  const fn = enclosingFunction(call);
  if (!fn) return false;
  for (const c of scopeDescendants(fn, ['call_expression'])) {
    if (c.start >= call.start) return false;
    const fnNode = c.child('function');
    const name = fnNode ? fnNode.text.replace(/\s+/g, '').replace(/^.*(?:::|\.|->)/, '') : '';
    if (names.has(name) && accept(c)) return true;
  }
  return false;
}

/**
 * Whether a buffer was sized from the same variables as `expr` (`buf = malloc(n + 1); … buf[n]`,
 * `char tmp[len + 1]; memcpy(tmp, src, len)`): then the access is within what was allocated.
 */
export function sizedBy(buf: BufferInfo, expr: SyntaxNode, at: SyntaxNode): boolean {
  const sizeExpr = buf.kind === 'heap' ? buf.alloc : buf.kind === 'array' && buf.elements === null ? (buf.decl?.arrays[0] ?? null) : null;
  if (!sizeExpr) return false;
  const names = new Set(
    descendants(expr, new Set(['identifier']), 50)
      .filter((id) => id.field !== 'function')
      .map((id) => id.text),
  );
  if (names.size === 0) return false;
  const sizeNames = descendants(sizeExpr, new Set(['identifier']), 50).map((id) => id.text);
  if (sizeNames.some((n) => names.has(n))) return true;
  // malloc(total) with `total = n * sizeof *p`
  for (const n of sizeNames) {
    const value = lastAssignment(n, at, enclosingFunction(at))?.value;
    if (value && descendants(value, new Set(['identifier']), 50).some((id) => names.has(id.text))) return true;
  }
  return false;
}

// ---- value ranges ------------------------------------------------------------------------------

const I32: [number, number] = [-(2 ** 31), 2 ** 31 - 1];
const U32: [number, number] = [0, 2 ** 32 - 1];
const I64: [number, number] = [-(2 ** 63), 2 ** 63 - 1];
const U64: [number, number] = [0, 2 ** 64 - 1];
const TYPE_RANGE: Record<string, [number, number]> = {
  char: [-128, 127],
  'signed char': [-128, 127],
  int8_t: [-128, 127],
  s8: [-128, 127],
  gint8: [-128, 127],
  CHAR: [-128, 127],
  'unsigned char': [0, 255],
  uint8_t: [0, 255],
  u8: [0, 255],
  BYTE: [0, 255],
  UCHAR: [0, 255],
  guchar: [0, 255],
  guint8: [0, 255],
  short: [-32768, 32767],
  'short int': [-32768, 32767],
  'signed short': [-32768, 32767],
  int16_t: [-32768, 32767],
  s16: [-32768, 32767],
  SHORT: [-32768, 32767],
  'unsigned short': [0, 65535],
  'unsigned short int': [0, 65535],
  uint16_t: [0, 65535],
  u16: [0, 65535],
  WORD: [0, 65535],
  USHORT: [0, 65535],
  int: I32,
  'signed int': I32,
  signed: I32,
  int32_t: I32,
  s32: I32,
  INT: I32,
  LONG: I32,
  gint: I32,
  unsigned: U32,
  'unsigned int': U32,
  uint32_t: U32,
  u32: U32,
  UINT: U32,
  DWORD: U32,
  ULONG: U32,
  guint: U32,
  long: I64,
  'long int': I64,
  'long long': I64,
  'long long int': I64,
  int64_t: I64,
  ssize_t: I64,
  off_t: I64,
  ptrdiff_t: I64,
  'unsigned long': U64,
  'unsigned long long': U64,
  uint64_t: U64,
  size_t: U64,
  SIZE_T: U64,
};

/** The values an integer type holds (`short` → [-32768, 32767]), or null for a type that is not a known integer. */
export function typeRange(type: string | null | undefined): [number, number] | null {
  if (!type) return null;
  const t = type
    .replace(/\b(?:const|volatile|static|register|std::)\b/g, ' ')
    .replace(/std::/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return TYPE_RANGE[t] ?? null;
}

/** The declared type of a variable or field an expression names (not a pointer or an array), or null. */
export function scalarType(expr: SyntaxNode, at: SyntaxNode): string | null {
  const v = unwrap(expr);
  if (v.type === 'identifier') {
    const d = findDeclaration(v.text, at);
    return d && d.pointers === 0 && d.arrays.length === 0 ? d.type : null;
  }
  if (v.type === 'field_expression') {
    const object = v.child('argument');
    const field = v.child('field')?.text;
    const d = object && field ? memberDeclaration(object, field, at) : null;
    return d && d.pointers === 0 && d.arrays.length === 0 ? d.type : null;
  }
  return null;
}

/** The smallest value a variable can have at `at`, from the comparisons before it, or null. */
function constantLowerBound(expr: SyntaxNode, at: SyntaxNode): number | null {
  const target = unwrap(expr);
  if (target.type !== 'identifier' && target.type !== 'field_expression') return null;
  const name = norm(target);
  const scope = enclosingFunction(at) ?? rootOf(at);
  let best: number | null = null;
  for (const cmp of comparedIn(scope).get(name) ?? []) {
    if (cmp.start >= at.start) break;
    if (cmp.contains(at)) continue;
    const op = cmp.child('operator')?.text ?? '';
    const left = cmp.child('left');
    const right = cmp.child('right');
    if (!left || !right || !COMPARISONS.has(op)) continue;
    const inLeft = norm(unwrap(left)) === name;
    const k = constInt(inLeft ? right : left);
    if (k === null) continue;
    const big = (inLeft && (op === '>' || op === '>=')) || (!inLeft && (op === '<' || op === '<='));
    const strict = op === '<' || op === '>';
    let bound: number | null = null;
    if (big && holdsAt(cmp, at)) bound = strict ? k + 1 : k;
    else if (!big && guardsExit(cmp, name)) bound = strict ? k : k + 1;
    if (bound !== null && (best === null || bound > best)) best = bound;
  }
  return best;
}

/**
 * The range of values an integer expression can take at `at`, from its type, the comparisons that
 * hold there (`if (x > 0)`, `if (x >= LIMIT) return;`) and interval arithmetic over `+ - *`; null
 * when a type is unknown.
 */
export function valueRange(expr: SyntaxNode, at: SyntaxNode, depth = 0): [number, number] | null {
  if (depth > 12) return null;
  const k = constInt(expr);
  if (k !== null) return [k, k];
  if (expr.type === 'cast_expression') {
    const cast = typeRange(expr.child('type')?.text);
    const inner = expr.child('value');
    const r = inner ? valueRange(inner, at, depth + 1) : null;
    if (!cast) return r;
    return r && r[0] >= cast[0] && r[1] <= cast[1] ? r : cast;
  }
  const v = unwrap(expr);
  if (v !== expr) return valueRange(v, at, depth + 1);
  if (v.type === 'binary_expression') {
    const op = v.child('operator')?.text ?? '';
    const l = v.child('left');
    const r = v.child('right');
    if (!l || !r || !/^[-+*]$/.test(op)) return null;
    const a = valueRange(l, at, depth + 1);
    const b = a && valueRange(r, at, depth + 1);
    if (!a || !b) return null;
    if (op === '+') return [a[0] + b[0], a[1] + b[1]];
    if (op === '-') return [a[0] - b[1], a[1] - b[0]];
    const products = [a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1]];
    return [Math.min(...products), Math.max(...products)];
  }
  const type = typeRange(scalarType(v, at));
  if (!type) return null;
  const low = constantLowerBound(v, at);
  const high = constantUpperBound(v, at);
  return [low === null ? type[0] : Math.max(type[0], low), high === null ? type[1] : Math.min(type[1], high)];
}
