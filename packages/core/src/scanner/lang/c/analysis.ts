/**
 * Reasoning shared by the C and C++ memory-safety rules: which data is untrusted for memory safety,
 * whether a length or an index was checked before it is used, how long a string can be, and how
 * much a printf/scanf format writes. Predicates call these with the walker's MatchContext.
 */
import type { CallView } from '../../engine/adapter.ts';
import { classBit, type MatchContext, type Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import {
  bufferOf,
  constInt,
  cStringLength,
  declaratorShape,
  defines,
  descendants,
  enclosingFunction,
  findDeclaration,
  isIntegerType,
  lastAssignment,
  rootOf,
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
  return call.args.filter((a) => a.index >= 0).sort((a, b) => a.index - b.index).map((a) => a.node);
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
  if (!t || t.sanitized & MEMORY_BIT) return null;
  return t;
}

/** Untrusted: from the command line, the environment, stdin, files or the network (not a parameter of unknown origin). */
export function untrusted(t: Taint | null): t is Taint {
  return t !== null && t.strength !== 'param';
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
    if (e?.type === 'call_expression') return /^(?:exit|_exit|abort|err|errx|die|fatal|panic|usage|std::exit|std::abort)$/.test(e.child('function')?.text.replace(/\s+/g, '') ?? '');
    // `if (n > MAX) n = MAX;`
    if (e?.type === 'assignment_expression' && norm(e.child('left') ?? e) === name) return true;
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
  const target = unwrap(expr);
  const names: string[] = [];
  if (target.type === 'identifier' || target.type === 'field_expression') names.push(norm(target));
  else {
    for (const id of descendants(target, new Set(['identifier', 'field_expression']), 200)) {
      if (id.field === 'function' || (id.parent?.type === 'field_expression' && id.type !== 'field_expression')) continue;
      names.push(norm(id));
    }
  }
  if (names.length === 0) return false;
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
      if (small && !isZeroish(other)) return true;
      // name on the large side: only a guard that exits or clamps bounds it: `if (name > E) return;`
      if (!small && !isZeroish(other) && guardsExit(cmp, name)) return true;
    }
    // Clamped or masked: n = MIN(n, …), n = n % N, n &= MASK, n = strnlen(…, N).
    const scope = enclosingFunction(at) ?? rootOf(at);
    for (const asg of scopeDescendants(scope, ['assignment_expression'])) {
      if (asg.start >= at.start) break;
      const left = asg.child('left');
      if (!left || norm(left) !== name) continue;
      const op = asg.child('operator')?.text;
      const right = asg.child('right');
      if (op === '%=' || op === '&=' || (right && /^(?:MIN|min|std::min|fmin|MIN2|clamp|std::clamp|strnlen)\(|[%&]/.test(norm(right)))) return true;
    }
  }
  return false;
}

/** Whether the length of string `src` was checked before `at`: `if (strlen(src) >= sizeof buf) return;`, `len = strlen(src); if (len > MAX)`. */
export function lengthChecked(src: SyntaxNode, at: SyntaxNode, cap: number | null = null): boolean {
  const s = norm(unwrap(src)).replace(/\.c_str\(\)$/, '');
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
    // A check against a bound larger than this destination does not protect it.
    if (cap !== null) {
      const left = cmp.child('left');
      const right = cmp.child('right');
      const bound = left && right ? (lengthOf.test(norm(left)) || [...lengthVars].some((v) => mentions(left, v)) ? constInt(right) : constInt(left)) : null;
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

const STRING_WRITERS = /^(?:strcat|strncat|strcpy|strncpy|sprintf|snprintf|vsprintf|vsnprintf|fgets|gets|scanf|fscanf|sscanf|read|recv|recvfrom|memcpy|memmove|memset|strlcpy|strlcat|wcscpy|wcscat|realpath|getline)$/;
/** Writers whose size argument bounds the string they leave: position of the buffer, of the size, and what to subtract. */
const BOUNDED_WRITERS: Record<string, [number, number, number]> = {
  snprintf: [0, 1, 1], vsnprintf: [0, 1, 1], fgets: [0, 1, 1], strlcpy: [0, 2, 1], strncpy: [0, 2, 0], read: [1, 2, 0], recv: [1, 2, 0],
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
    if (value && unwrap(value).type === 'call_expression' && !/^(?:getchar|fgetc|getc|getwchar|fgetwc|getc_unlocked|_getch)$/.test(unwrap(value).child('function')?.text ?? '')) return false;
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
    case 'field_expression':
    case 'subscript_expression':
      return true;
    case 'binary_expression':
    case 'unary_expression':
    case 'update_expression':
      return true;
    case 'call_expression':
      return /^(?:getchar|fgetc|getc|getwchar|atoi|atol|strtol|strtoul)$/.test(v.child('function')?.text ?? '');
    default:
      return false;
  }
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
  malloc: 0, alloca: 0, _alloca: 0, xmalloc: 0, g_malloc: 0, g_malloc0: 0, kmalloc: 0, kzalloc: 0, OPENSSL_malloc: 0, valloc: 0, pvalloc: 0,
  realloc: 1, xrealloc: 1, g_realloc: 1, HeapAlloc: 2, LocalAlloc: 1, GlobalAlloc: 1, aligned_alloc: 1, memalign: 1,
  memcpy: 2, memmove: 2, memset: 2, strncpy: 2, strncat: 2, read: 2, recv: 2, fread: 1, fgets: 1, snprintf: 1, wmemcpy: 2, bzero: 1,
};

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
      const name = p.parent.child('function')?.text.replace(/^.*::/, '') ?? '';
      const pos = SIZE_ARGS[name];
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
      const name = call.child('function')?.text.replace(/^.*::/, '') ?? '';
      const pos = SIZE_ARGS[name];
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
  const names = new Set(descendants(expr, new Set(['identifier']), 50).filter((id) => id.field !== 'function').map((id) => id.text));
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
