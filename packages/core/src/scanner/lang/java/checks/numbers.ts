/**
 * Numbers read from input, and the bounds their uses need. A string from a request, the
 * environment, a file or the console loses its taint when it is parsed (`Integer.parseInt(s)`
 * leaves no attacker-shaped text), but the number it becomes is still chosen from outside: used
 * as a divisor, an index, an allocation size, a loop bound, an operand that can wrap, or cast to a
 * narrower type, it needs the checks that use requires. These helpers find such numbers (through
 * the locals of one method) and the comparisons that guard a use.
 */
import type { MatchContext, Strength } from '../../../rule.ts';
import type { SyntaxNode } from '../../../syntax.ts';
import { annotationNames, classRef, enclosingFunction, findDeclaration, FUNCTION_TYPES, invocationParts, localAssignments, simpleTypeName } from '../tree.ts';

const NUMBER_CLASSES = new Set(['Integer', 'Long', 'Short', 'Byte', 'Double', 'Float']);
const PARSERS = new Set(['parseInt', 'parseLong', 'parseShort', 'parseByte', 'parseDouble', 'parseFloat', 'valueOf', 'decode', 'parseUnsignedInt', 'parseUnsignedLong']);
/** Readers of binary or tokenised input (`Scanner.nextInt()`, `DataInputStream.readInt()`), when what they read is input. */
const READERS = new Set([
  'nextInt',
  'nextLong',
  'nextShort',
  'nextByte',
  'nextDouble',
  'nextFloat',
  'readInt',
  'readLong',
  'readShort',
  'readByte',
  'readDouble',
  'readFloat',
  'readUnsignedByte',
  'readUnsignedShort',
]);
/** Parameter annotations that bind a request value (converted to the parameter's numeric type). */
const BINDINGS = new Set(['RequestParam', 'PathVariable', 'RequestHeader', 'CookieValue', 'QueryParam', 'PathParam', 'FormParam', 'HeaderParam', 'CookieParam', 'QueryValue']);

/** Primitive and boxed integral types, by width in bits. */
export const INTEGRAL_BITS: Readonly<Record<string, number>> = { byte: 8, Byte: 8, short: 16, Short: 16, char: 16, Character: 16, int: 32, Integer: 32, long: 64, Long: 64 };
/** Primitive and boxed floating types, by width in bits. */
export const FLOATING_BITS: Readonly<Record<string, number>> = { float: 32, Float: 32, double: 64, Double: 64 };

function strongest(a: Strength | null, b: Strength | null): Strength | null {
  if (a === 'remote' || b === 'remote') return 'remote';
  return a ?? b;
}

/** Parentheses only (a cast changes what a number can hold). */
export function stripParens(node: SyntaxNode): SyntaxNode {
  let n = node;
  for (let i = 0; i < 16 && n.type === 'parenthesized_expression'; i++) n = n.namedChildren[0] ?? n;
  return n;
}

/**
 * Whether an expression is a number read from outside: a parser or reader applied to input, a
 * request parameter bound to a numeric type, or a local assigned one of those (or arithmetic on
 * one). Returns the strongest origin, or null. Data of unknown origin (a plain parameter) is not input.
 */
export function inputNumber(expr: SyntaxNode, ctx: MatchContext, depth = 0): Strength | null {
  if (depth > 6) return null;
  const n = stripParens(expr);
  switch (n.type) {
    case 'cast_expression': {
      const v = n.child('value');
      return v ? inputNumber(v, ctx, depth + 1) : null;
    }
    case 'method_invocation': {
      const { name, object, args } = invocationParts(n);
      let read: SyntaxNode | null = null;
      if (PARSERS.has(name) && NUMBER_CLASSES.has(classRef(object) ?? '')) read = args[0] ?? null;
      else if (READERS.has(name)) read = object;
      if (!read) return null;
      const t = ctx.taint(read);
      return t && t.strength !== 'param' ? t.strength : null;
    }
    case 'binary_expression': {
      const op = n.child('operator')?.text ?? '';
      if (!['+', '-', '*', '/', '%'].includes(op)) return null;
      const l = n.child('left');
      const r = n.child('right');
      return strongest(l ? inputNumber(l, ctx, depth + 1) : null, r ? inputNumber(r, ctx, depth + 1) : null);
    }
    case 'identifier': {
      const d = findDeclaration(n.text, n);
      if (!d) return null;
      if (d.kind === 'param') {
        const annotated = annotationNames(d.node).some((a) => BINDINGS.has(a));
        return annotated && numericType(d.type) ? 'remote' : null;
      }
      if (d.kind !== 'local') return null;
      const fn = enclosingFunction(n);
      if (!fn) return null;
      let out: Strength | null = null;
      for (const v of localAssignments(fn).get(n.text) ?? []) {
        if (v === expr || (v.start <= n.start && n.end <= v.end)) continue;
        out = strongest(out, inputNumber(v, ctx, depth + 1));
        if (out === 'remote') break;
      }
      return out;
    }
    default:
      return null;
  }
}

/** Whether a declared type is a number. */
export function numericType(type: string | null): boolean {
  if (!type) return false;
  const s = simpleTypeName(type);
  return s in INTEGRAL_BITS || s in FLOATING_BITS;
}

/** The declared type of a variable at a node, or null. */
export function declaredType(id: SyntaxNode): string | null {
  if (id.type !== 'identifier') return null;
  const t = findDeclaration(id.text, id)?.type;
  return t ? simpleTypeName(t) : null;
}

/** What the conditions around a use say about a variable. */
export interface Bounds {
  upper: boolean;
  lower: boolean;
  /** An upper bound of zero or below (`x < 0`): the value is not positive. */
  upperNonPositive: boolean;
  /** A lower bound of zero or above (`x >= 0`): the value is not negative. */
  lowerNonNegative: boolean;
  nonZero: boolean;
  /** The conditions that gave a bound, innermost first. */
  checks: SyntaxNode[];
}

const FLIP: Readonly<Record<string, string>> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };
const NEGATE: Readonly<Record<string, string>> = { '<': '>=', '<=': '>', '>': '<=', '>=': '<', '==': '!=', '!=': '==' };

/** A numeric literal's value (`0`, `-1`, `0.000001`, `5L`), or null. */
export function literalNumber(node: SyntaxNode): number | null {
  const n = stripParens(node);
  if (n.type === 'unary_expression' && n.child('operator')?.text === '-') {
    const v = n.child('operand');
    const x = v ? literalNumber(v) : null;
    return x === null ? null : -x;
  }
  if (!/(?:integer|floating_point)_literal$/.test(n.type)) return null;
  const x = Number(n.text.replace(/[lLfFdD_]/g, '').replace(/^0[xX]/, '0x'));
  return Number.isFinite(x) ? x : null;
}

/** Whether a subtree mentions the name (bounded). */
function mentionsName(node: SyntaxNode, name: string, budget = { n: 400 }): boolean {
  if (budget.n-- <= 0) return false;
  if (node.type === 'identifier' && node.text === name) return true;
  for (const c of node.children) if (c.named && mentionsName(c, name, budget)) return true;
  return false;
}

/** `x` itself, or `Math.abs(x)` (then 'abs'). */
function subject(node: SyntaxNode, name: string): 'plain' | 'abs' | null {
  const n = stripParens(node);
  if (n.type === 'identifier' && n.text === name) return 'plain';
  if (n.type === 'method_invocation') {
    const { name: m, object, args } = invocationParts(n);
    if (m === 'abs' && classRef(object) === 'Math' && args.length === 1 && args[0] && subject(args[0], name) === 'plain') return 'abs';
  }
  return null;
}

function addFacts(cond: SyntaxNode, holds: boolean, name: string, out: Bounds, depth = 0): void {
  if (depth > 12) return;
  const n = stripParens(cond);
  if (n.type === 'unary_expression' && n.child('operator')?.text === '!') {
    const inner = n.child('operand');
    if (inner) addFacts(inner, !holds, name, out, depth + 1);
    return;
  }
  if (n.type !== 'binary_expression') return;
  const op = n.child('operator')?.text ?? '';
  const left = n.child('left');
  const right = n.child('right');
  if (!left || !right) return;
  if (op === '&&' || op === '||') {
    // a && b holds: both hold; a || b fails: both fail. The other cases say nothing definite.
    if ((op === '&&') === holds) {
      addFacts(left, holds, name, out, depth + 1);
      addFacts(right, holds, name, out, depth + 1);
    }
    return;
  }
  if (!(op in FLIP)) return;
  let kind = subject(left, name);
  let other = right;
  let rel = op;
  if (!kind) {
    kind = subject(right, name);
    other = left;
    rel = FLIP[op] as string;
  }
  if (!kind || mentionsName(other, name)) return;
  if (!holds) rel = NEGATE[rel] as string;
  const x = literalNumber(other);
  const before = out.upper || out.lower || out.nonZero;
  if (kind === 'abs') {
    if (rel === '<' || rel === '<=' || rel === '==') {
      out.upper = out.lower = true;
    } else if (rel === '>' || rel === '>=') out.nonZero = true;
  } else if (rel === '<' || rel === '<=') {
    out.upper = true;
    if (x !== null && (x < 0 || (x === 0 && rel === '<'))) out.nonZero = true;
    if (x !== null && x <= 0) out.upperNonPositive = true;
  } else if (rel === '>' || rel === '>=') {
    out.lower = true;
    if (x !== null && (x > 0 || (x === 0 && rel === '>'))) out.nonZero = true;
    if (x !== null && x >= 0) out.lowerNonNegative = true;
  } else if (rel === '==') {
    out.upper = out.lower = true;
    if (x !== null && x !== 0) out.nonZero = true;
  } else if (rel === '!=' && x === 0) out.nonZero = true;
  if (!before || out.upper || out.lower) out.checks.push(n);
}

const EXITS = new Set(['return_statement', 'throw_statement', 'break_statement', 'continue_statement']);

/** Whether a statement always leaves the enclosing flow (return, throw, break, continue). */
function exits(node: SyntaxNode | null): boolean {
  if (!node) return false;
  if (EXITS.has(node.type)) return true;
  if (node.type === 'block') {
    const last = node.namedChildren.filter((c) => c.type !== 'line_comment' && c.type !== 'block_comment').at(-1);
    return exits(last ?? null);
  }
  if (node.type === 'expression_statement') {
    const e = node.namedChildren[0];
    if (e?.type !== 'method_invocation') return false;
    const { name, object } = invocationParts(e);
    return (name === 'exit' && classRef(object) === 'System') || ((name === 'exit' || name === 'halt') && object?.text.replace(/\s+/g, '') === 'Runtime.getRuntime()');
  }
  return false;
}

/**
 * What the conditions guarding a use say about a variable: the `if`s, ternaries, `&&`/`||`
 * operands and loop conditions the use sits in, and the early exits (`if (x < 0) return;`)
 * before it in the enclosing blocks, up to the function.
 */
export function boundsAt(name: string, use: SyntaxNode): Bounds {
  const out: Bounds = { upper: false, lower: false, upperNonPositive: false, lowerNonNegative: false, nonZero: false, checks: [] };
  let child = use;
  for (let p = use.parent, depth = 0; p && depth < 200; child = p, p = p.parent, depth++) {
    if (FUNCTION_TYPES.has(p.type)) break;
    switch (p.type) {
      case 'if_statement':
      case 'ternary_expression': {
        const cond = p.child('condition');
        const yes = p.child(p.type === 'if_statement' ? 'consequence' : 'consequence');
        const no = p.child(p.type === 'if_statement' ? 'alternative' : 'alternative');
        if (cond && child === yes) addFacts(cond, true, name, out);
        else if (cond && child === no) addFacts(cond, false, name, out);
        break;
      }
      case 'binary_expression': {
        const op = p.child('operator')?.text;
        const left = p.child('left');
        if (left && child === p.child('right') && (op === '&&' || op === '||')) addFacts(left, op === '&&', name, out);
        break;
      }
      case 'while_statement':
      case 'for_statement': {
        const cond = p.child('condition');
        if (cond && child === p.child('body')) addFacts(cond, true, name, out);
        break;
      }
      case 'block':
      case 'switch_block_statement_group': {
        for (const s of p.children) {
          if (s === child || s.start >= child.start) break;
          if (s.type === 'if_statement' && !s.child('alternative') && exits(s.child('consequence'))) {
            const cond = s.child('condition');
            if (cond) addFacts(cond, false, name, out);
          }
        }
        break;
      }
    }
  }
  return out;
}

/** A variable's name when the expression is one (through parentheses), else null. */
export function variableName(expr: SyntaxNode): string | null {
  const n = stripParens(expr);
  return n.type === 'identifier' ? n.text : null;
}
