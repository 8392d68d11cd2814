import type { SyntaxNode } from '../../syntax.ts';
import { unparen } from './util.ts';

/**
 * Integer ranges for the conversion check: what the `if` statements around a conversion say about a
 * name or a slice element (`if x >= 0 && x < 30 { … }`, `if v < 0 || v > 255 { return }`), and what an expression on that
 * name can then evaluate to (`x * 10`, `x << 4`, `-x`). Only comparisons of the name with integer
 * literals are read; a condition that tests the name in any other way makes the range unknown, so the
 * caller falls back to its coarser reading. Work is bounded by the conversion's ancestors and the
 * statements before it in each enclosing block.
 */

/** A closed integer interval. */
export interface Range {
  lo: bigint;
  hi: bigint;
}

/** The values of Go's integer types. */
export function typeRange(bits: number, signed: boolean): Range {
  const b = BigInt(bits);
  return signed ? { lo: -(1n << (b - 1n)), hi: (1n << (b - 1n)) - 1n } : { lo: 0n, hi: (1n << b) - 1n };
}

function literal(node: SyntaxNode): bigint | null {
  const n = unparen(node);
  if (n.type === 'int_literal') {
    try {
      return BigInt(n.text.replace(/_/g, ''));
    } catch {
      return null;
    }
  }
  if (n.type === 'unary_expression' && n.child('operator')?.text === '-') {
    const inner = n.child('operand');
    const v = inner ? literal(inner) : null;
    return v === null ? null : -v;
  }
  return null;
}

/** Whether a node is the name: a variable (`x`) or one element of a slice (`data[i]`). */
function isName(node: SyntaxNode, name: string): boolean {
  const n = unparen(node);
  return (n.type === 'identifier' || n.type === 'index_expression') && n.text === name;
}

/** Whether a subtree mentions the name. */
function mentions(node: SyntaxNode, name: string): boolean {
  if (isName(node, name)) return true;
  if (node.type === 'identifier') return false;
  return node.text.includes(name) && node.namedChildren.some((c) => mentions(c, name));
}

const FLIP: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };
const NEGATE: Record<string, string> = { '<': '>=', '<=': '>', '>': '<=', '>=': '<', '==': '!=', '!=': '==' };

/** `x < 10` as [op, 10] with the name on the left; null when the comparison is of another shape. */
function comparison(node: SyntaxNode, name: string): [string, bigint] | null {
  const n = unparen(node);
  if (n.type !== 'binary_expression') return null;
  const op = n.child('operator')?.text ?? '';
  if (!(op in FLIP)) return null;
  const left = n.child('left');
  const right = n.child('right');
  if (!left || !right) return null;
  if (isName(left, name)) {
    const v = literal(right);
    return v === null ? null : [op, v];
  }
  if (isName(right, name)) {
    const v = literal(left);
    return v === null ? null : [FLIP[op] as string, v];
  }
  return null;
}

function narrow(r: Range, op: string, v: bigint): Range | null {
  switch (op) {
    case '<':
      return { lo: r.lo, hi: v - 1n < r.hi ? v - 1n : r.hi };
    case '<=':
      return { lo: r.lo, hi: v < r.hi ? v : r.hi };
    case '>':
      return { lo: v + 1n > r.lo ? v + 1n : r.lo, hi: r.hi };
    case '>=':
      return { lo: v > r.lo ? v : r.lo, hi: r.hi };
    case '==':
      return { lo: v, hi: v };
    default:
      // `!=` removes one value: no interval says that.
      return r;
  }
}

/**
 * Applies a condition known to hold (`negated` false) or known to fail (`negated` true) to the range.
 * Undefined when the condition tests the name in a way this reading does not follow.
 */
function apply(cond: SyntaxNode, name: string, r: Range, negated: boolean): Range | undefined {
  const n = unparen(cond);
  if (!mentions(n, name)) return r;
  if (n.type === 'binary_expression') {
    const op = n.child('operator')?.text;
    // A conjunction that holds, or a disjunction that fails: every part holds (or fails).
    if ((op === '&&' && !negated) || (op === '||' && negated)) {
      const left = n.child('left');
      const right = n.child('right');
      if (!left || !right) return undefined;
      const a = apply(left, name, r, negated);
      return a === undefined ? undefined : apply(right, name, a, negated);
    }
  }
  if (n.type === 'unary_expression' && n.child('operator')?.text === '!') {
    const inner = n.child('operand');
    return inner ? apply(inner, name, r, !negated) : undefined;
  }
  const c = comparison(n, name);
  if (!c) return undefined;
  const next = narrow(r, negated ? (NEGATE[c[0]] as string) : c[0], c[1]);
  return next ?? undefined;
}

/** A block whose last statement leaves it: `return`, `continue`, `break`, `panic(…)`. */
function exits(block: SyntaxNode | null): boolean {
  const stmts = block?.childOfType('statement_list')?.namedChildren ?? block?.namedChildren ?? [];
  const last = stmts[stmts.length - 1];
  if (!last) return false;
  if (last.type === 'return_statement' || last.type === 'continue_statement' || last.type === 'break_statement') return true;
  return last.type === 'expression_statement' && /^panic\(/.test(last.text);
}

/** Whether a statement assigns the name (which makes what earlier conditions said about it stale). */
function assigns(stmt: SyntaxNode, name: string): boolean {
  if (stmt.type === 'inc_statement' || stmt.type === 'dec_statement') return stmt.namedChildren[0]?.text === name;
  if (stmt.type !== 'assignment_statement' && stmt.type !== 'short_var_declaration') return false;
  return (stmt.child('left')?.namedChildren ?? []).some((x) => x.text === name);
}

/**
 * What the conditions guarding `at` say about `name`, starting from the type's range: the `if`
 * statements whose body holds it, and the earlier `if … { return }` statements of every enclosing
 * block. Null when nothing guards it; undefined when a guard tests the name in a way not followed.
 */
export function guardedRange(at: SyntaxNode, name: string, start: Range): Range | null | undefined {
  let r = start;
  let guarded = false;
  let child: SyntaxNode = at;
  for (let node = at.parent; node; child = node, node = node.parent) {
    if (node.type === 'function_declaration' || node.type === 'method_declaration' || node.type === 'func_literal') break;
    if (node.type === 'if_statement' && child.field === 'consequence') {
      const cond = node.child('condition');
      if (cond && mentions(cond, name)) {
        const next = apply(cond, name, r, false);
        if (next === undefined) return undefined;
        r = next;
        guarded = true;
      }
    }
    if (node.type === 'block' || node.type === 'statement_list') {
      const stmts = node.namedChildren;
      const upTo = stmts.indexOf(child);
      for (let i = upTo - 1; i >= 0; i--) {
        const s = stmts[i] as SyntaxNode;
        if (assigns(s, name)) return guarded ? r : null;
        if (s.type !== 'if_statement' || s.child('alternative') || !exits(s.child('consequence'))) continue;
        const cond = s.child('condition');
        if (!cond || !mentions(cond, name)) continue;
        const next = apply(cond, name, r, true);
        if (next === undefined) return undefined;
        r = next;
        guarded = true;
      }
    }
  }
  return guarded ? r : null;
}

/**
 * The values of `expr` (the name, or one arithmetic step on it with a literal) when the name ranges
 * over `r` in a type of `width` values; the whole type's range when the step can wrap. Null for other
 * shapes.
 */
export function expressionRange(expr: SyntaxNode, name: string, r: Range, type: Range): Range | null {
  const e = unparen(expr);
  if (isName(e, name)) return r;
  let out: Range | null = null;
  if (e.type === 'unary_expression') {
    const op = e.child('operator')?.text;
    const inner = e.child('operand');
    if (!inner || !isName(inner, name)) return null;
    if (op === '-') out = { lo: -r.hi, hi: -r.lo };
    else if (op === '^') out = type.lo < 0n ? { lo: -r.hi - 1n, hi: -r.lo - 1n } : { lo: type.hi - r.hi, hi: type.hi - r.lo };
  } else if (e.type === 'binary_expression') {
    const op = e.child('operator')?.text ?? '';
    const left = e.child('left');
    const right = e.child('right');
    if (!left || !right) return null;
    const nameLeft = isName(left, name);
    const nameRight = isName(right, name);
    const k = nameLeft ? literal(right) : nameRight ? literal(left) : null;
    if (k === null) return null;
    const corners = (f: (a: bigint) => bigint): Range => {
      const a = f(r.lo);
      const b = f(r.hi);
      return a <= b ? { lo: a, hi: b } : { lo: b, hi: a };
    };
    if (op === '+') out = corners((a) => a + k);
    else if (op === '*') out = corners((a) => a * k);
    else if (op === '-') out = nameLeft ? corners((a) => a - k) : corners((a) => k - a);
    else if (op === '/' && nameLeft && k !== 0n) out = corners((a) => a / k);
    else if (op === '<<' && nameLeft && k >= 0n && k < 128n) out = corners((a) => a << k);
    else if (op === '>>' && nameLeft && k >= 0n && k < 128n) out = corners((a) => a >> k);
  }
  if (!out) return null;
  // Arithmetic that leaves the operand's own type wraps around: any value of the type can come out.
  return out.lo < type.lo || out.hi > type.hi ? type : out;
}
