/**
 * Conditions that fold to a constant: `if (0)`, `while (1)`, `if (DEBUG_LEVEL > 2)`, `if (5 == 5)`,
 * `if (kEnabled)` on a `static const int kEnabled = 1;`, `if (configured)` on a file-static
 * variable the file never writes after its initialiser, `if (always_on())` on a file-local function
 * that only returns a constant. A branch behind such a condition always or never runs, so the flow
 * rules (use after free, leaks, uninitialised reads, null dereferences) follow only the branch that
 * runs. Anything that is not certainly constant is `null`: a global another file can set, a call
 * that can return either, a value read from input.
 */
import type { SyntaxNode } from '../../syntax.ts';
import { constInt, descendants, functionsByName, rootOf, unwrap } from './syntax.ts';

const writtenCache = new WeakMap<SyntaxNode, Set<string>>();

/** Names the file assigns, increments or takes the address of anywhere (outside their declaration). */
function writtenNames(root: SyntaxNode): Set<string> {
  let set = writtenCache.get(root);
  if (set) return set;
  set = new Set();
  for (const n of descendants(root, new Set(['assignment_expression', 'update_expression', 'pointer_expression']), 2_000_000, true)) {
    let target: SyntaxNode | null = null;
    if (n.type === 'assignment_expression') target = n.child('left');
    else if (n.type === 'update_expression') target = n.child('argument');
    else if (n.child('operator')?.text === '&') target = n.child('argument');
    if (!target) continue;
    const t = unwrap(target);
    if (t.type === 'identifier') set.add(t.text);
  }
  writtenCache.set(root, set);
  return set;
}

const staticCache = new WeakMap<SyntaxNode, Map<string, SyntaxNode | null>>();

/**
 * File-scope `static` scalars and their initialisers (`static int staticTrue = 1;`). Only `static`
 * ones: a variable with external linkage can be set by another file.
 */
function fileStatics(root: SyntaxNode): Map<string, SyntaxNode | null> {
  let map = staticCache.get(root);
  if (map) return map;
  map = new Map();
  for (const decl of root.namedChildren) {
    if (decl.type !== 'declaration') continue;
    const storage = decl.namedChildren.some((c) => c.type === 'storage_class_specifier' && c.text === 'static');
    if (!storage) continue;
    for (const d of decl.namedChildren) {
      if (d.field !== 'declarator') continue;
      if (d.type === 'identifier') map.set(d.text, null);
      else if (d.type === 'init_declarator' && d.child('declarator')?.type === 'identifier') map.set(d.child('declarator')?.text as string, d.child('value'));
    }
  }
  staticCache.set(root, map);
  return map;
}

const returnCache = new WeakMap<SyntaxNode, number | null>();

/** The constant a file-local function without parameters always returns (`static int on(void) { return 1; }`). */
function constantReturn(call: SyntaxNode): number | null {
  const fn = call.child('function');
  const args = call.child('arguments')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  if (fn?.type !== 'identifier' || args.length > 0) return null;
  const def = functionsByName(rootOf(call)).get(fn.text);
  if (!def || def.contains(call)) return null;
  if (returnCache.has(def)) return returnCache.get(def) ?? null;
  let value: number | null = null;
  const body = def.child('body');
  const statements = body?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  const only = statements.length === 1 ? statements[0] : undefined;
  if (only?.type === 'return_statement') {
    const v = only.namedChildren.find((c) => c.type !== 'comment');
    value = v ? (constInt(v) ?? literalTruth(v)) : null;
  }
  returnCache.set(def, value);
  return value;
}

function literalTruth(node: SyntaxNode): number | null {
  const t = unwrap(node).type;
  return t === 'true' ? 1 : t === 'false' || t === 'null' || t === 'nullptr' ? 0 : null;
}

/** The value of an integer expression in a condition, when it is certain. */
function valueOf(node: SyntaxNode, depth: number): number | null {
  if (depth > 16) return null;
  const v = unwrap(node);
  const direct = constInt(v) ?? literalTruth(v);
  if (direct !== null) return direct;
  switch (v.type) {
    case 'identifier': {
      const root = rootOf(v);
      const statics = fileStatics(root);
      if (!statics.has(v.text) || writtenNames(root).has(v.text)) return null;
      const init = statics.get(v.text);
      // A static without an initialiser is zero.
      return init ? valueOf(init, depth + 1) : 0;
    }
    case 'call_expression':
      return constantReturn(v);
    case 'unary_expression': {
      const op = v.child('operator')?.text;
      const x = valueOf(v.child('argument') ?? v, depth + 1);
      if (x === null) return null;
      return op === '!' ? (x ? 0 : 1) : op === '-' ? -x : null;
    }
    case 'binary_expression': {
      const op = v.child('operator')?.text ?? '';
      const l = valueOf(v.child('left') ?? v, depth + 1);
      if (op === '&&' && l === 0) return 0;
      if (op === '||' && l !== null && l !== 0) return 1;
      const r = valueOf(v.child('right') ?? v, depth + 1);
      if (op === '&&' && r === 0) return 0;
      if (op === '||' && r !== null && r !== 0) return 1;
      if (l === null || r === null) return null;
      switch (op) {
        case '==':
          return l === r ? 1 : 0;
        case '!=':
          return l !== r ? 1 : 0;
        case '<':
          return l < r ? 1 : 0;
        case '<=':
          return l <= r ? 1 : 0;
        case '>':
          return l > r ? 1 : 0;
        case '>=':
          return l >= r ? 1 : 0;
        case '&&':
          return l && r ? 1 : 0;
        case '||':
          return l || r ? 1 : 0;
        case '+':
          return l + r;
        case '-':
          return l - r;
        case '*':
          return l * r;
        default:
          return null;
      }
    }
    default:
      return null;
  }
}

/** Whether a condition always holds (true), never holds (false), or depends on the run (null). */
export function conditionValue(condition: SyntaxNode | null): boolean | null {
  if (!condition) return null;
  // C++'s `if (T x = …)` / `if (init; cond)` declare something: not a plain condition.
  if (condition.type === 'condition_clause') {
    if (condition.child('initializer')) return null;
    const value = condition.child('value');
    if (!value || value.type === 'declaration') return null;
    return conditionValue(value);
  }
  const v = valueOf(condition, 0);
  return v === null ? null : v !== 0;
}

/** The case of a `switch` on a constant that runs (`switch (6) { case 6: … }`), `default` when none matches, or null. */
export function constantSwitchCase(sw: SyntaxNode): SyntaxNode | null | undefined {
  const value = valueOf(sw.child('condition') ?? sw, 0);
  if (value === null) return undefined;
  const body = sw.child('body');
  let fallback: SyntaxNode | null = null;
  for (const c of body?.namedChildren ?? []) {
    if (c.type !== 'case_statement') continue;
    const label = c.child('value');
    if (!label) fallback = c;
    else if (valueOf(label, 0) === value) return c;
  }
  return fallback;
}
