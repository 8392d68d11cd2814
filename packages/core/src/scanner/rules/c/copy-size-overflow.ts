import type { CallView } from '../../engine/adapter.ts';
import {
  assignedValue,
  boundedFor,
  capacity,
  fedPastRoom,
  maxValue,
  sizedBy,
  lengthChecked,
  maxOfType,
  maxStringLength,
  memoryTaint,
  norm,
  positional,
  show,
  untrusted,
  upperBounded,
} from '../../lang/c/analysis.ts';
import { bufferOf, callArgs, calledName, constInt, descendants, enclosingFunction, scopeDescendants, unwrap, type BufferInfo } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

interface Shape {
  dst: number;
  size: number | [number, number];
  /** Size counted in bytes (memcpy) or in elements of the destination (strncpy, fgets). */
  bytes: boolean;
  src?: number;
  cat?: boolean;
}

const SHAPES: Record<string, Shape> = {
  strncpy: { dst: 0, size: 2, bytes: false, src: 1 },
  wcsncpy: { dst: 0, size: 2, bytes: false, src: 1 },
  lstrcpyn: { dst: 0, size: 2, bytes: false, src: 1 },
  lstrcpynA: { dst: 0, size: 2, bytes: false, src: 1 },
  lstrcpynW: { dst: 0, size: 2, bytes: false, src: 1 },
  stpncpy: { dst: 0, size: 2, bytes: false, src: 1 },
  strlcpy: { dst: 0, size: 2, bytes: false, src: 1 },
  wcslcpy: { dst: 0, size: 2, bytes: false, src: 1 },
  strlcat: { dst: 0, size: 2, bytes: false, src: 1 },
  strncat: { dst: 0, size: 2, bytes: false, src: 1, cat: true },
  wcsncat: { dst: 0, size: 2, bytes: false, src: 1, cat: true },
  memcpy: { dst: 0, size: 2, bytes: true, src: 1 },
  memmove: { dst: 0, size: 2, bytes: true, src: 1 },
  wmemcpy: { dst: 0, size: 2, bytes: false, src: 1 },
  wmemmove: { dst: 0, size: 2, bytes: false, src: 1 },
  memccpy: { dst: 0, size: 3, bytes: true, src: 1 },
  CopyMemory: { dst: 0, size: 2, bytes: true, src: 1 },
  RtlCopyMemory: { dst: 0, size: 2, bytes: true, src: 1 },
  MoveMemory: { dst: 0, size: 2, bytes: true, src: 1 },
  bcopy: { dst: 1, size: 2, bytes: true, src: 0 },
  memset: { dst: 0, size: 2, bytes: true },
  bzero: { dst: 0, size: 1, bytes: true },
  explicit_bzero: { dst: 0, size: 1, bytes: true },
  snprintf: { dst: 0, size: 1, bytes: false },
  vsnprintf: { dst: 0, size: 1, bytes: false },
  _snprintf: { dst: 0, size: 1, bytes: false },
  swprintf: { dst: 0, size: 1, bytes: false },
  vswprintf: { dst: 0, size: 1, bytes: false },
  fgets: { dst: 0, size: 1, bytes: false },
  fgetws: { dst: 0, size: 1, bytes: false },
  getcwd: { dst: 0, size: 1, bytes: false },
  gethostname: { dst: 0, size: 1, bytes: false },
  readlink: { dst: 1, size: 2, bytes: false },
  read: { dst: 1, size: 2, bytes: true },
  _read: { dst: 1, size: 2, bytes: true },
  pread: { dst: 1, size: 2, bytes: true },
  recv: { dst: 1, size: 2, bytes: true },
  recvfrom: { dst: 1, size: 2, bytes: true },
  SSL_read: { dst: 1, size: 2, bytes: true },
  BIO_read: { dst: 1, size: 2, bytes: true },
  fread: { dst: 0, size: [1, 2], bytes: true },
  getline: { dst: 0, size: 1, bytes: false },
  get: { dst: 0, size: 1, bytes: false },
};

/** Whether a size expression is tied to the destination (`sizeof buf`, `sizeof(buf) - strlen(buf) - 1`, `BUF_LEN`). */
function tiedToDestination(size: SyntaxNode, dst: SyntaxNode, buf: BufferInfo): boolean {
  const text = norm(size);
  const d = norm(unwrap(dst)).replace(/^&/, '');
  if (d && (text.includes(`sizeof(${d})`) || text.includes(`sizeof${d}`) || text.includes(`strlen(${d})`) || text.includes(`sizeof(*${d})`))) return true;
  // `std::array` storage: `arr.data()` / `arr.begin()` sized by `arr.size()` or `sizeof arr`.
  const container = containerOf(d);
  if (container && (text.includes(`${container}.size()`) || text.includes(`sizeof(${container})`) || text.includes(`sizeof${container}`))) return true;
  const sizeExpr = buf.decl?.arrays[0] ?? buf.alloc;
  if (sizeExpr) {
    const s = norm(sizeExpr);
    if (/^[A-Za-z_]\w*$/.test(s) && new RegExp(`\\b${s}\\b`).test(text)) return true;
    if (text === s) return true;
  }
  return false;
}

/** `arr` for `arr.data()` / `arr.begin()` / `std::data(arr)` / `std::begin(arr)` (normalised text), else null. */
function containerOf(text: string): string | null {
  for (const suffix of ['.data()', '.begin()']) if (text.endsWith(suffix) && text.length > suffix.length) return text.slice(0, -suffix.length);
  for (const prefix of ['std::data(', 'std::begin(']) if (text.startsWith(prefix) && text.endsWith(')')) return text.slice(prefix.length, -1);
  return null;
}

const LENGTH_CALLS = ['strlen(', 'wcslen(', 'strnlen(', '_tcslen('];
const SIZE_CALLS = ['.size()', '->size()', '.length()', '->length()'];

function identChar(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_');
}

/** The string a length is taken of: `x` in `strlen(x) + 1`, `x.c_str()` in `x.size()`. Linear scan, no regular expression. */
function lengthSubject(text: string): string | null {
  for (const fn of LENGTH_CALLS) {
    const i = text.indexOf(fn);
    if (i < 0 || identChar(text[i - 1])) continue;
    let depth = 0;
    let arg = '';
    for (let j = i + fn.length; j < text.length && j < i + 240; j++) {
      const c = text[j] as string;
      if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) return arg;
        depth--;
      } else if (c === ',' && depth === 0) return arg;
      arg += c;
    }
    return null;
  }
  for (const call of SIZE_CALLS) {
    const i = text.indexOf(call);
    if (i <= 0) continue;
    let k = i;
    while (k > 0 && k > i - 200 && (identChar(text[k - 1]) || text[k - 1] === '.' || text[k - 1] === '>' || text[k - 1] === '-')) k--;
    return text.slice(k, i);
  }
  return null;
}

/** An expression's text without a trailing `.c_str()` / `.data()`: the string object itself. */
function stringObject(text: string): string {
  for (const suffix of ['.c_str()', '.data()']) if (text.endsWith(suffix)) return text.slice(0, -suffix.length);
  return text;
}

/** `strlen(x)`/`x.size()` inside a size expression: the length of something else than the destination. */
function lengthOfOther(size: SyntaxNode, dst: SyntaxNode): string | null {
  const subject = lengthSubject(norm(size));
  if (subject === null) return null;
  const s = stringObject(subject);
  return s === norm(unwrap(dst)) ? null : s;
}

/**
 * Whether the size's variables already count how full the destination is: `recv(fd, line + used,
 * sizeof line - 1 - used, 0)` makes `used` the fill level of line, so `memmove(line, nl + 1, used + 1)`
 * stays inside it.
 */
function fillLevel(size: SyntaxNode, dst: SyntaxNode, buf: BufferInfo, at: SyntaxNode): boolean {
  const names = new Set(descendants(size, new Set(['identifier']), 50).map((id) => id.text));
  if (names.size === 0) return false;
  const fn = enclosingFunction(at);
  if (!fn) return false;
  for (const call of scopeDescendants(fn, ['call_expression'])) {
    if (call.start >= at.start) break;
    for (const arg of callArgs(call)) {
      if (arg.type !== 'binary_expression' || !tiedToDestination(arg, dst, buf)) continue;
      if (descendants(arg, new Set(['identifier']), 50).some((id) => names.has(id.text) && id.text !== norm(unwrap(dst)))) return true;
    }
  }
  return false;
}

/** The most a read-like call returns: its constant size argument (`recv(fd, buf, 256, 0)` → 256). */
function readCount(value: SyntaxNode): number | null {
  const call = unwrap(value);
  if (call.type !== 'call_expression') return null;
  const name = calledName(call);
  const pos: Record<string, number> = { read: 2, recv: 2, recvfrom: 2, pread: 2, SSL_read: 2, BIO_read: 2, _read: 2 };
  const p = name !== null ? pos[name] : undefined;
  if (p === undefined) return null;
  return constInt(callArgs(call)[p] ?? null);
}

function copySize(call: CallView, ctx: MatchContext): Verdict {
  const name = call.name.replace(/^std\./, '');
  if (name === 'copy' || name === 'copy_n') return call.receiver ? stringCopy(call, ctx) : algorithmCopy(call, ctx);
  let shape = SHAPES[name];
  if (!shape) return false;
  // `in.read(buf, n)`, `std::cin.getline(buf, n)`; `std::getline(in, s)` and `in.get(c)` have no size.
  if (call.receiver) {
    if (name !== 'read' && name !== 'get' && name !== 'getline') return false;
    shape = { dst: 0, size: 1, bytes: name === 'read' };
  } else if (name === 'get' || name === 'getline') return false;
  return checkCopy(call, ctx, shape, positional(call));
}

/**
 * `s.copy(dst, n[, pos])` (std::string / string_view): copies up to n characters into dst and
 * writes no terminator; the string the call is made on is the source.
 */
function stringCopy(call: CallView, ctx: MatchContext): Verdict {
  const args = positional(call);
  if (!call.receiver || args.length < 2 || args.length > 3) return false;
  return checkCopy(call, ctx, { dst: 0, size: 1, bytes: false, src: 2 }, [args[0] as SyntaxNode, args[1] as SyntaxNode, call.receiver]);
}

/** `x` of `x.begin()` / `x.cbegin()` / `std::begin(x)` (with `end` for the other end), as normalised text. */
function rangeOwner(node: SyntaxNode, end: boolean): SyntaxNode | null {
  const v = unwrap(node);
  if (v.type !== 'call_expression') return null;
  const fn = v.child('function');
  const args = v.child('arguments')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  const names = end ? ['end', 'cend'] : ['begin', 'cbegin'];
  if (fn?.type === 'field_expression' && args.length === 0 && names.includes(fn.child('field')?.text ?? '')) return fn.child('argument');
  if (fn?.type === 'qualified_identifier' && args.length === 1 && names.some((n) => norm(fn) === `std::${n}`)) return args[0] as SyntaxNode;
  return null;
}

/**
 * `std::copy(first, last, out)` / `std::copy_n(first, n, out)` into a fixed array: the element count
 * is `n`, `last - first` for `first + n`, or the whole source for `src.begin(), src.end()`.
 */
function algorithmCopy(call: CallView, ctx: MatchContext): Verdict {
  const args = positional(call);
  if (args.length !== 3) return false;
  const [first, second, out] = args as [SyntaxNode, SyntaxNode, SyntaxNode];
  if (call.name.endsWith('copy_n')) return checkCopy(call, ctx, { dst: 0, size: 1, bytes: false, src: 2 }, [out, second, first]);
  const owner = rangeOwner(first, false);
  const endOwner = rangeOwner(second, true);
  if (owner && endOwner && norm(owner) === norm(endOwner)) {
    // The whole source: as many elements as it holds, unless its length was checked against the room.
    const at = call.node;
    const buf = bufferOf(out, at);
    const room = capacity(buf);
    if (!buf || buf.kind !== 'array' || room === null) return false;
    const srcBuf = bufferOf(owner, at);
    const srcRoom = capacity(srcBuf);
    if (srcBuf?.kind === 'array' && srcRoom !== null)
      return srcRoom > room ? { confidence: 'high', message: `${call.name}() copies all ${srcRoom} elements of ${show(owner)} into ${show(out)}, which holds ${room}` } : false;
    if (lengthChecked(owner, at, room)) return false;
    const t = memoryTaint(ctx, owner);
    if (!untrusted(t)) return false;
    return {
      confidence: 'high',
      cwe: ['CWE-787', 'CWE-805', 'CWE-120'],
      message: `${call.name}() copies all of ${show(owner)} (input from ${t.label}, of any length) into ${show(out)}, which holds ${room}`,
    };
  }
  // std::copy(p, p + n, out): n elements.
  const last = unwrap(second);
  if (last.type === 'binary_expression' && last.child('operator')?.text === '+' && last.child('left') && norm(last.child('left') as SyntaxNode) === norm(first)) {
    const count = last.child('right');
    if (count) return checkCopy(call, ctx, { dst: 0, size: 1, bytes: false, src: 2 }, [out, count, first]);
  }
  return false;
}

function checkCopy(call: CallView, ctx: MatchContext, shape: Shape, args: readonly SyntaxNode[]): Verdict {
  const dst = args[shape.dst];
  const sizeNode = Array.isArray(shape.size) ? (args[shape.size[0]] ?? null) : (args[shape.size] ?? null);
  if (!dst || !sizeNode) return false;
  const at = call.node;
  const buf = bufferOf(dst, at);
  const cap = capacity(buf);
  let size = constInt(sizeNode);
  if (Array.isArray(shape.size)) {
    const count = args[shape.size[1]];
    const n = count ? constInt(count) : null;
    size = size !== null && n !== null ? size * n : null;
  }
  const elem = buf?.elemSize ?? 1;
  const room = cap === null ? null : shape.bytes ? cap * elem : cap;
  // fread(buf, size, count, fp): the count is what input decides; the room in units of it.
  const countNode = Array.isArray(shape.size) ? (args[shape.size[1]] ?? sizeNode) : sizeNode;
  const unit = Array.isArray(shape.size) ? constInt(sizeNode) : 1;
  const countRoom = room !== null && unit !== null && unit > 0 ? Math.floor(room / unit) : null;
  const dstText = norm(dst);
  const srcNode = shape.src !== undefined ? args[shape.src] : undefined;

  if (size !== null) {
    if (room !== null && size > room) {
      return { confidence: 'high', message: `${call.name}() is told to write ${size} ${shape.bytes ? 'bytes' : 'characters'} into ${dstText}, which holds ${room}` };
    }
    if (shape.cat && room !== null && size >= room) {
      return {
        confidence: 'medium',
        cwe: ['CWE-193', 'CWE-787'],
        message: `${call.name}()'s limit is the space left in ${dstText}, not its size: with ${size} the appended text overflows a non-empty buffer`,
      };
    }
    // An over-read of the source: memcpy(dst, src, 64) from a 16-byte array.
    if (srcNode && shape.bytes && !shape.cat) {
      const srcBuf = bufferOf(srcNode, at);
      const srcRoom = srcBuf && srcBuf.kind === 'array' && srcBuf.elements !== null ? srcBuf.elements * (srcBuf.elemSize ?? 1) : null;
      if (srcRoom !== null && size > srcRoom) {
        return { confidence: 'high', cwe: ['CWE-125', 'CWE-126'], message: `${call.name}() reads ${size} bytes from ${show(srcNode)}, which holds ${srcRoom}` };
      }
    }
    return false;
  }
  if (!buf || buf.kind === 'pointer') return false;
  if (tiedToDestination(countNode, dst, buf) || sizedBy(buf, countNode, at) || fillLevel(countNode, dst, buf, at)) return false;
  // The size is a variable: look at what it was computed from.
  const unwrapped = unwrap(countNode);
  const computed = unwrapped.type === 'identifier' ? assignedValue(unwrapped, at) : null;
  if (computed && tiedToDestination(computed, dst, buf)) return false;
  const other = lengthOfOther(countNode, dst) ?? (computed ? lengthOfOther(computed, dst) : null);
  if (other !== null) {
    const source = srcNode && stringObject(norm(unwrap(srcNode))) === other ? srcNode : null;
    const longest = source ? maxStringLength(ctx, source, at) : null;
    if (longest !== null && room !== null && longest + 1 <= room) return false;
    if (source && lengthChecked(source, at, room)) return false;
    if (unwrapped.type === 'identifier' && upperBounded(countNode, at)) return false;
    const t = source ? memoryTaint(ctx, source) : null;
    return {
      confidence: untrusted(t) ? 'high' : 'medium',
      message: `${call.name}() copies as many bytes as ${other} is long into ${dstText}${room !== null ? `, a buffer of ${room}` : ''}: the size comes from the source, not the destination`,
    };
  }
  // `n = recv(fd, buf, sizeof buf, 0); memcpy(small, buf, n);`: n can be as large as what was read.
  if (computed && countRoom !== null && !upperBounded(countNode, at)) {
    const readMax = readCount(computed);
    if (readMax !== null && readMax > countRoom) {
      return {
        confidence: 'high',
        message: `${call.name}() copies up to ${readMax} bytes (the count ${show(countNode)} returned by ${calledName(unwrap(computed)) ?? 'the read'}) into ${dstText}, which holds ${room}`,
      };
    }
  }
  const t = memoryTaint(ctx, countNode);
  // A count of a narrow type cannot exceed the room: memcpy(opt->data, p + 2, p[1]) with `uint8_t data[255]`.
  const typeMax = maxOfType(countNode, at);
  if (typeMax !== null && countRoom !== null && typeMax <= countRoom) return false;
  // Guards leave only values that fit: `if (len != 4 && len != 16) return -1;` before a 16-byte copy.
  const most = countRoom !== null ? maxValue(countNode, at) : null;
  if (most !== null && countRoom !== null && most <= countRoom) return false;
  if (upperBounded(countNode, at)) {
    // Checked only against what is left of the input, not against the destination: still too big.
    if (!untrusted(t) || countRoom === null || boundedFor(countNode, at, countRoom)) return false;
    return {
      confidence: 'high',
      cwe: ['CWE-787', 'CWE-805', 'CWE-120'],
      message: `${call.name}()'s size comes from ${t.label} and is checked, but not against the ${countRoom} ${shape.bytes && unit === 1 ? 'bytes' : 'elements'} of ${dstText} (a check against the input left or a larger limit does not keep the copy inside it)`,
    };
  }
  if (untrusted(t)) {
    return { confidence: 'high', cwe: ['CWE-787', 'CWE-805', 'CWE-120'], message: `${call.name}()'s size comes from ${t.label} and is not checked against the size of ${dstText}` };
  }
  // The callers check the length, but against their own (larger) buffer, not this destination.
  const past = countRoom !== null && buf.kind === 'array' ? fedPastRoom(countNode, countRoom) : null;
  if (past) {
    return {
      confidence: 'medium',
      cwe: ['CWE-787', 'CWE-805', 'CWE-120'],
      message: `${call.name}()'s size comes from ${past.label}, more than the ${countRoom} ${shape.bytes && unit === 1 ? 'bytes' : 'elements'} of ${dstText}`,
    };
  }
  return false;
}

export default defineRule({
  class: 'buffer-overflow',
  confidence: 'high',
  cwe: ['CWE-120', 'CWE-787', 'CWE-805'],
  languages: ['c', 'cpp'],
  message: 'The size given to this copy is not bounded by the destination buffer',
  remediation: 'Pass the size of the destination (`sizeof dst`, or `sizeof dst - strlen(dst) - 1` for strncat), and check lengths that come from input against it before copying.',
  references: [
    'https://cwe.mitre.org/data/definitions/805.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/ARR38-C.+Guarantee+that+library+functions+do+not+form+invalid+pointers',
  ],
  matcher: {
    kind: 'call',
    callee: [
      ...Object.keys(SHAPES)
        .filter((n) => n !== 'get' && n !== 'getline')
        .flatMap((n) => [n, `std.${n}`]),
      '*.getline',
      '*.get',
      '*.read',
      '*.copy',
      'std.copy',
      'std.copy_n',
    ],
    where: copySize,
  },
});
