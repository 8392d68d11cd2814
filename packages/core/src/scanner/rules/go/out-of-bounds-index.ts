import { defineRule, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { enclosingFunction } from '../../lang/go/adapter.ts';
import { unparen, walk } from '../../lang/go/util.ts';
import { lastBinding } from '../../lang/go/values.ts';

/** What is known of a slice or array: its length and capacity. */
interface Extent {
  len: number;
  cap: number;
}

const STEPS = new Set(['inc_statement', 'dec_statement']);

/** Whether `name` changes in `fn` other than by plain bindings (`i++`, `i += 2`, `&i` handed out). */
function mutated(fn: SyntaxNode, name: string): boolean {
  for (const n of walk(fn)) {
    if (STEPS.has(n.type) && n.namedChildren[0]?.text === name) return true;
    if (n.type === 'assignment_statement' && n.child('operator')?.text !== '=' && (n.child('left')?.namedChildren ?? []).some((x) => x.text === name)) return true;
    if (n.type === 'unary_expression' && n.child('operator')?.text === '&' && n.child('operand')?.text === name) return true;
  }
  return false;
}

/** The integer an expression certainly has here: literals, `-k`, `a + b`, and locals bound once to one. */
function intValue(node: SyntaxNode | null, depth = 0): number | null {
  if (!node || depth > 6) return null;
  const n = unparen(node);
  if (n.type === 'int_literal') {
    const v = Number(n.text.replace(/_/g, ''));
    return Number.isSafeInteger(v) ? v : null;
  }
  if (n.type === 'unary_expression' && n.child('operator')?.text === '-') {
    const v = intValue(n.child('operand'), depth + 1);
    return v === null ? null : -v;
  }
  if (n.type === 'binary_expression') {
    const op = n.child('operator')?.text;
    const a = intValue(n.child('left'), depth + 1);
    const b = intValue(n.child('right'), depth + 1);
    if (a === null || b === null) return null;
    return op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : null;
  }
  if (n.type === 'identifier') {
    const fn = enclosingFunction(n);
    if (!fn || mutated(fn, n.text)) return null;
    const b = lastBinding(fn, n.text, n.start);
    if (!b?.value || enclosingFunction(b.stmt) !== fn || insideLoop(b.stmt, fn)) return null;
    return intValue(b.value, depth + 1);
  }
  return null;
}

function insideLoop(node: SyntaxNode, fn: SyntaxNode): boolean {
  for (let p = node.parent; p && p !== fn; p = p.parent) if (p.type === 'for_statement') return true;
  return false;
}

/** The extent of a slice or array expression, when every size in it is a constant. */
function extentOf(node: SyntaxNode | null, depth = 0): Extent | null {
  if (!node || depth > 6) return null;
  const n = unparen(node);
  switch (n.type) {
    case 'call_expression': {
      if (n.child('function')?.text !== 'make') return null;
      const args = n.child('arguments')?.namedChildren ?? [];
      if (args[0]?.type !== 'slice_type') return null;
      const len = intValue(args[1] ?? null);
      const cap = args[2] ? intValue(args[2]) : len;
      return len !== null && cap !== null && len >= 0 && cap >= len ? { len, cap } : null;
    }
    case 'composite_literal': {
      const type = n.child('type');
      const body = n.child('body')?.namedChildren ?? [];
      if (body.some((e) => e.type === 'keyed_element')) return null;
      if (type?.type === 'array_type') {
        const len = intValue(type.child('length'));
        return len === null ? null : { len, cap: len };
      }
      if (type?.type === 'slice_type') return { len: body.length, cap: body.length };
      return null;
    }
    case 'slice_expression': {
      const base = extentOf(n.child('operand'), depth + 1);
      if (!base) return null;
      const lo = n.child('start') ? intValue(n.child('start')) : 0;
      const hi = n.child('end') ? intValue(n.child('end')) : base.len;
      const max = n.child('capacity') ? intValue(n.child('capacity')) : base.cap;
      if (lo === null || hi === null || max === null || lo > hi || hi > max || max > base.cap) return null;
      return { len: hi - lo, cap: max - lo };
    }
    case 'identifier': {
      const fn = enclosingFunction(n);
      if (!fn) return null;
      const b = lastBinding(fn, n.text, n.start);
      if (b) {
        if (b.value) return insideLoop(b.stmt, fn) && !insideLoop(n, fn) ? null : extentOf(b.value, depth + 1);
        // `var s [20]int`, `var s []int` (nil).
        const type = b.stmt.type === 'var_spec' ? b.stmt.child('type') : null;
        if (type?.type === 'array_type') {
          const len = intValue(type.child('length'));
          return len === null ? null : { len, cap: len };
        }
        return type?.type === 'slice_type' ? { len: 0, cap: 0 } : null;
      }
      return null;
    }
    default:
      return null;
  }
}

/** A condition above the access mentions `len(name)`: the code checks the length itself. */
function lengthChecked(node: SyntaxNode, name: string): boolean {
  const needle = `len(${name})`;
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'if_statement' && (p.child('condition')?.text ?? '').includes(needle)) return true;
    if ((p.type === 'expression_switch_statement' || p.type === 'type_switch_statement') && (p.child('value')?.text ?? '').includes(needle)) return true;
    if (p.type === 'function_declaration' || p.type === 'method_declaration' || p.type === 'func_literal') return false;
  }
  return false;
}

/** The range of a loop variable `i` at `at`: `for i := A; i < B; i++`, `for i := range N`, `for i := range arr`. */
function loopRange(name: string, at: SyntaxNode): { min: number; max: number } | null {
  for (let p = at.parent; p; p = p.parent) {
    if (p.type === 'function_declaration' || p.type === 'method_declaration' || p.type === 'func_literal') return null;
    if (p.type !== 'for_statement') continue;
    const clause = p.namedChildren.find((c) => c.type === 'for_clause' || c.type === 'range_clause');
    if (!clause) continue;
    const body = p.child('body');
    if (body && mutated(body, name)) return null;
    if (clause.type === 'range_clause') {
      const left = clause.child('left')?.namedChildren ?? [];
      if (left[0]?.text !== name) continue;
      const right = clause.child('right');
      const count = intValue(right) ?? extentOf(right)?.len ?? null;
      return count === null || count < 1 ? null : { min: 0, max: count - 1 };
    }
    const init = clause.child('initializer');
    const cond = clause.child('condition');
    const update = clause.child('update');
    const declared = init?.type === 'short_var_declaration' ? init.child('left')?.namedChildren[0]?.text : undefined;
    if (declared !== name) continue;
    if (update?.type !== 'inc_statement' || update.namedChildren[0]?.text !== name) return null;
    const start = intValue(init?.child('right')?.namedChildren[0] ?? null);
    if (start === null || cond?.type !== 'binary_expression' || cond.child('left')?.text !== name) return null;
    const op = cond.child('operator')?.text;
    const right = cond.child('right');
    const r = right ? unparen(right) : null;
    const bound = r?.type === 'call_expression' && r.child('function')?.text === 'len' ? (extentOf(r.child('arguments')?.namedChildren[0] ?? null)?.len ?? null) : intValue(right);
    if (bound === null) return null;
    const max = op === '<' ? bound - 1 : op === '<=' ? bound : null;
    return max === null || max < start ? null : { min: start, max };
  }
  return null;
}

/** The smallest and largest value an index can take: a constant, or a loop variable plus a constant. */
function indexRange(index: SyntaxNode): { min: number; max: number } | null {
  const k = intValue(index);
  if (k !== null) return { min: k, max: k };
  const n = unparen(index);
  if (n.type === 'identifier') return loopRange(n.text, n);
  if (n.type === 'binary_expression' && (n.child('operator')?.text === '+' || n.child('operator')?.text === '-')) {
    const left = n.child('left');
    const right = n.child('right');
    const offset = intValue(right);
    if (left && offset !== null) {
      const r = indexRange(left);
      const sign = n.child('operator')?.text === '-' ? -1 : 1;
      return r ? { min: r.min + sign * offset, max: r.max + sign * offset } : null;
    }
  }
  return null;
}

function access(node: SyntaxNode): Verdict {
  const operand = node.child('operand');
  const o = operand ? unparen(operand) : null;
  if (!o || o.type !== 'identifier') return false;
  const extent = extentOf(o);
  if (!extent || lengthChecked(node, o.text)) return false;
  if (node.type === 'index_expression') {
    const index = node.child('index');
    const range = index ? indexRange(index) : null;
    if (!range || (range.min >= 0 && range.max < extent.len)) return false;
    return {
      node,
      message: `${o.text} has ${extent.len} element${extent.len === 1 ? '' : 's'} here, and this index can be ${range.min < 0 ? range.min : range.max}: the access panics at run time`,
    };
  }
  const lo = node.child('start') ? intValue(node.child('start')) : 0;
  const hi = node.child('end') ? intValue(node.child('end')) : extent.len;
  const max = node.child('capacity') ? intValue(node.child('capacity')) : null;
  const bad = (lo !== null && (lo < 0 || lo > (hi ?? extent.cap))) || (hi !== null && hi > extent.cap) || (max !== null && max > extent.cap);
  return bad ? { node, message: `${o.text} has capacity ${extent.cap} here, and this slice bound is outside it: the expression panics at run time` } : false;
}

export default defineRule({
  class: 'out-of-bounds-index',
  confidence: 'medium',
  cwe: ['CWE-118', 'CWE-129'],
  languages: ['go'],
  remediation: 'Check the index against `len(s)` (and slice bounds against `cap(s)`) before the access, or size the slice for the largest index used.',
  references: ['https://cwe.mitre.org/data/definitions/118.html', 'https://go.dev/ref/spec#Index_expressions'],
  matcher: { kind: 'node', types: ['index_expression', 'slice_expression'], where: access },
});
