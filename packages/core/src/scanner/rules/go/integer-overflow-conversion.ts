import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { enclosingFunction } from '../../lang/go/adapter.ts';
import { expressionRange, guardedRange, typeRange } from '../../lang/go/ranges.ts';
import { findAfter, unparen } from '../../lang/go/util.ts';

const NARROW: Record<string, number> = { int8: 8, int16: 16, int32: 32, uint8: 8, uint16: 16, uint32: 32, byte: 8, rune: 32 };
/** Conversions that can lose values from a wider or differently signed declared type. */
const CONVERSIONS = new Set(['int8', 'int16', 'int32', 'int64', 'int', 'uint8', 'uint16', 'uint32', 'uint64', 'uint', 'byte', 'rune', 'uintptr']);

const PARSED_BY = /^[ \t]*,[ \t]*\w+[ \t]*:?=[ \t]*strconv\.(Atoi|ParseInt|ParseUint)\(/;
const MATH_LIMIT = /^(?:Max|Min)(?:Int|Uint)(?:8|16|32)\b/;

/** A bounds check on a name: `n < …`, `n >= …`, `… > n`, or a `math.MaxInt32`-style limit in the function. */
function bounded(body: string, name: string): boolean {
  return findAfter(body, 'math.', MATH_LIMIT) !== null || rangeTested(body, name, false);
}

/**
 * Whether the function text compares the name (`n < …`, `… >= n`) or, with `broad`, also tests it for
 * equality, masks it or reduces it (`n == 10`, `n & 0xff`, `n % 256`). A character scan around each
 * occurrence of the name as a word.
 */
function rangeTested(body: string, name: string, broad: boolean): boolean {
  const after = broad ? '<>%&' : '<>';
  for (let i = body.indexOf(name); i >= 0; i = body.indexOf(name, i + 1)) {
    const prev = body[i - 1];
    const next = body[i + name.length];
    if ((prev !== undefined && /\w/.test(prev)) || (next !== undefined && /\w/.test(next))) continue;
    let j = i + name.length;
    while (body[j] === ' ' || body[j] === '\t') j++;
    if (after.includes(body[j] ?? 'x') || (broad && (body.startsWith('==', j) || body.startsWith('!=', j)))) return true;
    let k = i - 1;
    while (body[k] === ' ' || body[k] === '\t') k--;
    if (broad && body[k] === '=' && (body[k - 1] === '=' || body[k - 1] === '!')) return true;
    if (body[k] === '=') k--;
    if (after.includes(body[k] ?? 'x') || (broad && body.slice(Math.max(0, k - 6), k + 1).endsWith('switch'))) return true;
  }
  return false;
}

/** Bits and signedness of Go's integer types. */
const INTEGERS: Record<string, { bits: number; signed: boolean }> = {
  int: { bits: 64, signed: true },
  int64: { bits: 64, signed: true },
  int32: { bits: 32, signed: true },
  int16: { bits: 16, signed: true },
  int8: { bits: 8, signed: true },
  rune: { bits: 32, signed: true },
  uint: { bits: 64, signed: false },
  uint64: { bits: 64, signed: false },
  uintptr: { bits: 64, signed: false },
  uint32: { bits: 32, signed: false },
  uint16: { bits: 16, signed: false },
  uint8: { bits: 8, signed: false },
  byte: { bits: 8, signed: false },
};
const WORD = new Set(['int', 'uint', 'uintptr']);
/** math limits by name, for `var a uint32 = math.MaxUint32`. */
const LIMITS: Record<string, number> = {
  MaxInt8: 127,
  MaxInt16: 32767,
  MaxInt32: 2147483647,
  MaxUint8: 255,
  MaxUint16: 65535,
  MaxUint32: 4294967295,
  MinInt8: -128,
  MinInt16: -32768,
  MinInt32: -2147483648,
  MaxInt64: 2 ** 63,
  MaxInt: 2 ** 63,
  MaxUint: 2 ** 64,
  MaxUint64: 2 ** 64,
  MinInt64: -(2 ** 63),
  MinInt: -(2 ** 63),
};

/** Whether every value of `from` fits in `to`. */
function fits(from: string, to: string): boolean {
  const a = INTEGERS[from];
  const b = INTEGERS[to];
  if (!a || !b) return true;
  // int, uint and uintptr are one machine word: converting between them is how Go code moves sizes and
  // indexes around, and is not reported.
  if (WORD.has(from) && WORD.has(to)) return true;
  if (a.signed === b.signed) return b.bits >= a.bits;
  return !a.signed && b.signed && b.bits > a.bits;
}

/** Whether a value fits in `to`. */
function valueFits(value: number, to: string): boolean {
  const t = INTEGERS[to];
  if (!t) return true;
  const max = t.signed ? 2 ** (t.bits - 1) - 1 : 2 ** t.bits - 1;
  const min = t.signed ? -(2 ** (t.bits - 1)) : 0;
  return value >= min && value <= max;
}

/**
 * The declared integer type of a name in a function and, when it is a `var` with a constant
 * initializer, that value: `var a uint32 = math.MaxUint32`, a parameter `x int64`, or the element of a
 * ranged parameter (`for _, v := range data` with `data []int`). Null when the name has no such declaration.
 */
function declaredInteger(fn: SyntaxNode, name: string): { type: string; value: number | null | undefined } | null {
  const params = new Map<string, string>();
  for (const p of fn.child('parameters')?.namedChildren ?? []) {
    const type = p.child('type')?.text ?? '';
    for (const n of p.fieldChildren('name')) params.set(n.text, type);
  }
  const param = params.get(name);
  if (param !== undefined) return INTEGERS[param] ? { type: param, value: undefined } : null;
  const stack: SyntaxNode[] = [fn.child('body') ?? fn];
  let found: { type: string; value: number | null | undefined } | null = null;
  let bindings = 0;
  while (stack.length > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'var_spec' && n.fieldChildren('name').some((x) => x.text === name)) {
      const type = n.child('type')?.text ?? '';
      const value = n.child('value')?.namedChildren[0];
      found = INTEGERS[type] ? { type, value: value ? constantValue(value) : undefined } : null;
      bindings++;
    } else if (n.type === 'range_clause') {
      const left = n.child('left')?.namedChildren ?? [];
      const right = n.child('right');
      const elem = right?.type === 'identifier' ? params.get(right.text) : undefined;
      if (left[1]?.text === name && elem?.startsWith('[]') && INTEGERS[elem.slice(2)]) {
        found = { type: elem.slice(2), value: undefined };
        bindings++;
      }
    } else if ((n.type === 'short_var_declaration' || n.type === 'assignment_statement') && (n.child('left')?.namedChildren ?? []).some((x) => x.text === name)) {
      bindings++;
    }
    for (const c of n.namedChildren) stack.push(c);
  }
  return bindings === 1 ? found : null;
}

/** An integer literal or a `math.MaxInt32`-style limit; null when it is something else. */
function constantValue(node: SyntaxNode): number | null {
  if (node.type === 'int_literal') return Number(node.text.replace(/_/g, ''));
  const m = /^math\.(\w+)$/.exec(node.text);
  return m ? (LIMITS[m[1] as string] ?? null) : null;
}

/** `int16(a)` where `a` is declared wider (or of the other signedness) and nothing in the function checks its range. */
function declaredNarrowing(operand: SyntaxNode, target: string): Verdict {
  const fn = enclosingFunction(operand);
  if (!fn) return false;
  const declared = declaredInteger(fn, operand.text);
  if (!declared || fits(declared.type, target)) return false;
  if (declared.value === null) return false;
  if (declared.value !== undefined && valueFits(declared.value, target)) return false;
  if (rangeTested(fn.text, operand.text, true)) return false;
  return { message: `${operand.text} is a ${declared.type} converted to ${target} without a range check, so values outside ${target} wrap around` };
}

const NAMES = new Set(['identifier', 'index_expression']);

/** The one name (or slice element) an operand is computed from: `x`, `-x`, `x * 10`, `data[i] << 4`. */
function operandName(operand: SyntaxNode): SyntaxNode | null {
  const e = unparen(operand);
  if (NAMES.has(e.type)) return e;
  const parts = e.type === 'unary_expression' ? [e.child('operand')] : e.type === 'binary_expression' ? [e.child('left'), e.child('right')] : [];
  const names = parts.filter((p): p is SyntaxNode => p !== null && NAMES.has(unparen(p).type)).map((p) => unparen(p));
  return names.length === 1 ? (names[0] as SyntaxNode) : null;
}

/** The declared integer type of a name, or of an element of a slice parameter (`data[i]` with `data []int`). */
function declaredOf(fn: SyntaxNode, name: SyntaxNode): { type: string; value: number | null | undefined } | null {
  if (name.type === 'identifier') return declaredInteger(fn, name.text);
  const slice = name.child('operand');
  if (slice?.type !== 'identifier') return null;
  for (const p of fn.child('parameters')?.namedChildren ?? []) {
    const type = p.child('type')?.text ?? '';
    if (p.fieldChildren('name').some((n) => n.text === slice.text)) return type.startsWith('[]') && INTEGERS[type.slice(2)] ? { type: type.slice(2), value: undefined } : null;
  }
  return null;
}

/**
 * A conversion inside range checks on a declared integer: what the checks leave of the name's range,
 * carried through the operand's arithmetic (`if x >= 0 && x < 30 { uint8(x * 10) }` reaches 290), decides.
 * Undefined when there are no such checks or they cannot be read; the coarser checks then apply.
 */
function rangedNarrowing(conversion: SyntaxNode, operand: SyntaxNode, target: string): Verdict | undefined {
  const to = INTEGERS[target];
  const nameNode = operandName(operand);
  const fn = enclosingFunction(conversion);
  if (!to || !nameNode || !fn) return undefined;
  const name = nameNode.text;
  const declared = declaredOf(fn, nameNode);
  const from = declared ? INTEGERS[declared.type] : undefined;
  if (!declared || !from || declared.value !== undefined) return undefined;
  if (WORD.has(declared.type) && WORD.has(target)) return undefined;
  const own = typeRange(from.bits, from.signed);
  const guarded = guardedRange(conversion, name, own);
  if (!guarded) return undefined;
  const values = expressionRange(operand, name, guarded, own);
  if (!values) return undefined;
  const room = typeRange(to.bits, to.signed);
  if (values.lo >= room.lo && values.hi <= room.hi) return false;
  // `if v < -128 || v > 255 { return }; byte(v)`: checks that admit both the signed and the unsigned
  // values of the width say the code wants the bit pattern, which the conversion keeps.
  const signed = typeRange(to.bits, true);
  const unsigned = typeRange(to.bits, false);
  if (values.lo < 0n && values.hi > signed.hi && values.lo >= signed.lo && values.hi <= unsigned.hi) return false;
  return {
    message: `${unparen(operand).text} can be ${values.lo < room.lo ? values.lo : values.hi} after the range checks on ${name}, outside ${target}, so the conversion wraps around`,
  };
}

function escape(name: string): string {
  return name.replace(/[^A-Za-z0-9_]/g, '');
}

/**
 * `n, _ := strconv.Atoi(s); int32(n)`: a value parsed at 64 bits (Atoi, ParseInt/ParseUint with bit
 * size 0 or 64) converted to a narrower integer without a bounds check wraps around (CWE-190/681).
 */
function narrowing(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const fn = node.child('function');
  let target: string | null = null;
  let operand: SyntaxNode | null = null;
  if (node.type === 'call_expression' && fn?.type === 'identifier' && CONVERSIONS.has(fn.text)) {
    target = fn.text;
    operand = node.child('arguments')?.namedChildren[0] ?? null;
  } else if (node.type === 'type_conversion_expression') {
    const type = node.child('type');
    if (type && CONVERSIONS.has(type.text)) {
      target = type.text;
      operand = node.child('operand');
    }
  }
  if (!target || !operand) return false;
  const ranged = rangedNarrowing(node, operand, target);
  if (ranged !== undefined) return ranged;
  if (operand.type !== 'identifier') return false;
  const declared = declaredNarrowing(operand, target);
  if (declared) return declared;
  if (NARROW[target] === undefined) return false;
  const name = escape(operand.text);
  if (!name) return false;
  const body = enclosingFunction(node)?.text ?? '';
  // `n, err := strconv.Atoi(s)`: the name, then the rest of the binding (anchored, right after it).
  const found = findAfter(body, name, PARSED_BY, true, 256, ' \t,');
  const parsed = found?.match;
  if (!found || !parsed) return false;
  let bits = 64;
  if (parsed[1] !== 'Atoi') {
    // The bit size is the last argument on the line: strconv.ParseInt(s, 10, 32).
    const lineEnd = body.indexOf('\n', found.index);
    const line = body.slice(found.index, lineEnd < 0 ? body.length : lineEnd);
    const trimmed = line.trimEnd();
    const size = /^[ \t]*(\d+)[ \t]*\)[ \t;]*$/.exec(trimmed.slice(trimmed.lastIndexOf(',') + 1));
    if (!size) return false;
    bits = Number(size[1]);
  }
  if (bits !== 0 && bits !== 64 && bits <= (NARROW[target] as number)) return false;
  // A bounds check on the parsed value makes the conversion safe.
  if (bounded(body, name)) return false;
  return {
    message: `${operand.text} is parsed as a ${bits === 0 ? 'platform-size' : '64-bit'} integer and converted to ${target} without a range check, so large values wrap around`,
  };
}

export default defineRule({
  class: 'integer-overflow',
  severity: 'medium',
  confidence: 'medium',
  cwe: ['CWE-190', 'CWE-681'],
  languages: ['go'],
  message: 'A parsed integer is converted to a narrower type without a range check',
  remediation:
    'Parse with the bit size you need (`strconv.ParseInt(s, 10, 32)` before `int32(v)`), or check the range first: `if n < math.MinInt32 || n > math.MaxInt32 { return errRange }`.',
  references: ['https://cwe.mitre.org/data/definitions/190.html', 'https://cwe.mitre.org/data/definitions/681.html', 'https://pkg.go.dev/strconv#ParseInt'],
  matcher: { kind: 'node', types: ['call_expression', 'type_conversion_expression'], where: narrowing },
});
