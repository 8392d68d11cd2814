import type { SyntaxNode } from '../../syntax.ts';

/**
 * Same-file functions whose result is always one of the program's own constants: an allow-list
 * mapping such as
 *
 *   var sortColumns = map[string]string{"created": "created_at", "total": "total_cents"}
 *   func orderColumn(key string) string {
 *     if col, ok := sortColumns[key]; ok { return col }
 *     return "created_at"
 *   }
 *
 * or a `switch key { case "name": return "name"; default: return "id" }`. Whatever the argument
 * holds, the caller gets a literal back, so the call carries no taint. A function is only taken for
 * one when every value it returns is a literal, a package constant, an element of a package-level
 * collection literal made only of literals, or a local bound only to such values, and when it calls
 * nothing but a few string normalisers and error constructors (so no sink of its own is hidden).
 */

const LITERALS = new Set(['interpreted_string_literal', 'raw_string_literal', 'int_literal', 'float_literal', 'rune_literal', 'true', 'false', 'nil', 'iota']);
const CALLS_ALLOWED = new Set([
  'strings.ToLower',
  'strings.ToUpper',
  'strings.TrimSpace',
  'strings.EqualFold',
  'strings.Trim',
  'strings.TrimPrefix',
  'strings.TrimSuffix',
  'errors.New',
  'fmt.Errorf',
  'len',
]);
const ERROR_CALLS = new Set(['errors.New', 'fmt.Errorf']);

interface FileFacts {
  /** Package-level constants, and variables holding a collection literal made only of literals. */
  constants: Set<string>;
  functions: Map<string, SyntaxNode>;
  verdicts: Map<string, boolean>;
}

const cache = new WeakMap<SyntaxNode, FileFacts>();

function unparen(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.type === 'parenthesized_expression' && n.namedChildren[0]) n = n.namedChildren[0];
  return n;
}

function items(node: SyntaxNode | null): SyntaxNode[] {
  if (!node) return [];
  return node.type === 'expression_list' ? node.namedChildren.filter((c) => c.type !== 'comment') : [node];
}

/** A composite literal whose every element (and key) is a literal: `map[string]string{"a": "b"}`, `[]string{"x", "y"}`. */
function literalCollection(node: SyntaxNode): boolean {
  if (node.type !== 'composite_literal') return false;
  const body = node.child('body');
  if (!body) return false;
  const stack = [...body.namedChildren];
  let budget = 5000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'comment') continue;
    if (n.type === 'keyed_element' || n.type === 'literal_element' || n.type === 'literal_value') {
      stack.push(...n.namedChildren);
      continue;
    }
    if (!LITERALS.has(n.type)) return false;
  }
  return budget > 0;
}

function factsOf(root: SyntaxNode): FileFacts {
  let facts = cache.get(root);
  if (facts) return facts;
  facts = { constants: new Set(), functions: new Map(), verdicts: new Map() };
  for (const top of root.namedChildren) {
    if (top.type === 'function_declaration') {
      const name = top.child('name')?.text;
      if (name) facts.functions.set(name, top);
    } else if (top.type === 'const_declaration') {
      for (const spec of top.namedChildren) for (const n of spec.type === 'const_spec' ? spec.namedChildren : []) if (n.type === 'identifier') facts.constants.add(n.text);
    } else if (top.type === 'var_declaration') {
      const specs = top.namedChildren.flatMap((c) => (c.type === 'var_spec_list' ? c.namedChildren : [c]));
      for (const spec of specs) {
        if (spec.type !== 'var_spec') continue;
        const names = spec.namedChildren.filter((c) => c.type === 'identifier' && c.field === 'name');
        const values = items(spec.child('value'));
        names.forEach((n, i) => {
          const v = values[i];
          if (v && literalCollection(unparen(v))) facts.constants.add(n.text);
        });
      }
    }
  }
  cache.set(root, facts);
  return facts;
}

function calleeText(call: SyntaxNode): string {
  return call.child('function')?.text ?? '';
}

function* descendants(node: SyntaxNode, budget = 20000): Generator<SyntaxNode> {
  const stack = [...node.namedChildren];
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    yield n;
    if (n.type !== 'func_literal') stack.push(...n.namedChildren);
  }
}

/** The values a local is bound to in a function body (`col, ok := m[k]` binds col to `m[k]`); null when one is unknown. */
function bindings(body: SyntaxNode, name: string): SyntaxNode[] | null {
  const out: SyntaxNode[] = [];
  for (const n of descendants(body)) {
    if (n.type === 'short_var_declaration' || n.type === 'assignment_statement') {
      const left = items(n.child('left'));
      const i = left.findIndex((l) => l.type === 'identifier' && l.text === name);
      if (i < 0) continue;
      if (n.type === 'assignment_statement' && n.child('operator')?.text !== '=') return null;
      const right = items(n.child('right'));
      if (right.length === left.length) out.push(right[i] as SyntaxNode);
      else if (right.length === 1 && i === 0 && unparen(right[0] as SyntaxNode).type === 'index_expression') out.push(right[0] as SyntaxNode);
      else return null;
    } else if (n.type === 'var_spec' && n.namedChildren.some((c) => c.field === 'name' && c.text === name)) {
      const values = items(n.child('value'));
      if (values.length === 0) continue; // `var s string`: the zero value
      if (values.length !== 1) return null;
      out.push(values[0] as SyntaxNode);
    } else if (n.type === 'range_clause' || n.type === 'parameter_declaration') {
      if (items(n.child('left')).some((l) => l.text === name) || n.child('name')?.text === name) return null;
    }
  }
  return out;
}

function constantValue(node: SyntaxNode, body: SyntaxNode, facts: FileFacts, seen: Set<string>): boolean {
  const n = unparen(node);
  if (LITERALS.has(n.type)) return true;
  if (n.type === 'identifier') {
    if (n.text === 'err' || facts.constants.has(n.text)) return true;
    if (seen.has(n.text)) return true;
    seen.add(n.text);
    const values = bindings(body, n.text);
    return values !== null && values.length > 0 && values.every((v) => constantValue(v, body, facts, seen));
  }
  if (n.type === 'index_expression') {
    const operand = n.child('operand');
    return operand?.type === 'identifier' && facts.constants.has(operand.text);
  }
  if (n.type === 'call_expression') return ERROR_CALLS.has(calleeText(n));
  return false;
}

function decide(fn: SyntaxNode, facts: FileFacts): boolean {
  const body = fn.child('body');
  const result = fn.child('result');
  // A predicate (`contains(allowed, x) bool`) is left a call: its name makes it a guard.
  if (!body || !result || /^\(?\s{0,4}bool\b/.test(result.text)) return false;
  let returns = 0;
  for (const n of descendants(body)) {
    if (n.type === 'call_expression' && !CALLS_ALLOWED.has(calleeText(n))) return false;
    if (n.type === 'func_literal') return false;
    if (n.type !== 'return_statement') continue;
    const values = n.namedChildren.flatMap((c) => items(c));
    if (values.length === 0) return false; // named results: not followed
    returns++;
    if (!values.every((v) => constantValue(v, body, facts, new Set()))) return false;
  }
  return returns > 0;
}

/** Whether `name(…)` calls a function of this file that only ever returns its own constants. */
export function returnsOnlyConstants(call: SyntaxNode, name: string): boolean {
  let root = call;
  while (root.parent) root = root.parent;
  const facts = factsOf(root);
  const cached = facts.verdicts.get(name);
  if (cached !== undefined) return cached;
  const fn = facts.functions.get(name);
  const verdict = fn ? decide(fn, facts) : false;
  facts.verdicts.set(name, verdict);
  return verdict;
}
