/**
 * Whether a byte buffer holds a value anyone can predict: a literal, a constant, a buffer made with
 * `make` and never filled, or one whose bytes are overwritten with constants after it was filled.
 * Used for IVs and nonces (`cipher.NewCTR(block, iv)`), where such a value breaks the cipher. A call
 * that receives the buffer (`rand.Read(iv)`, `io.ReadFull(r, iv)`, `fill(iv)`) counts as filling it:
 * what that call writes is unknown, so the buffer is not reported.
 */
import { countBefore, namedDescendants, type SyntaxNode } from '../../syntax.ts';
import { enclosingFunction } from './adapter.ts';
import { bindingPairs, unparen } from './util.ts';

const BINDINGS = new Set(['short_var_declaration', 'assignment_statement', 'var_spec']);
const LITERALS = new Set(['interpreted_string_literal', 'raw_string_literal', 'int_literal', 'rune_literal', 'float_literal']);
/** Calls that read a buffer without writing it. */
const READS_ONLY = new Set(['len', 'cap', 'string', 'print', 'println']);
/** Methods and functions that only read a buffer: the cipher constructors and AEAD calls themselves, printing, encoding. */
const READING_METHODS = new Set([
  'NewCTR',
  'NewOFB',
  'NewCBCEncrypter',
  'NewCBCDecrypter',
  'NewCFBEncrypter',
  'NewCFBDecrypter',
  'Seal',
  'Open',
  'Print',
  'Println',
  'Printf',
  'Sprintf',
  'Sprint',
  'Errorf',
  'EncodeToString',
  'Equal',
  'Compare',
]);
/** What fills a package-level buffer from elsewhere in the file: a read into it, a copy, or a helper named for randomness. */
const FILLING = /^(?:Read|ReadFull|ReadAtLeast|copy)$|rand|random|fill|generate|init|reset|new/i;

function rootOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}

/** The identifier a buffer expression is rooted at: `iv`, `iv[:16]`, `&iv`, `*p`. */
function bufferName(node: SyntaxNode): string | null {
  let n = unparen(node);
  for (let i = 0; i < 4; i++) {
    if (n.type === 'identifier') return n.text;
    if (n.type === 'slice_expression' || n.type === 'index_expression') n = unparen(n.child('operand') ?? n);
    else if (n.type === 'unary_expression') n = unparen(n.child('operand') ?? n);
    else return null;
  }
  return null;
}

/** The last binding of `name` before `at` inside `scope` (`x := v`, `x = v`, `var x = v`): the statement and the value. */
export function lastBinding(scope: SyntaxNode, name: string, at: number): { stmt: SyntaxNode; value: SyntaxNode | null } | null {
  let found: { stmt: SyntaxNode; value: SyntaxNode | null } | null = null;
  // The last binding of each kind before `at`, searched backwards; the latest of the kinds wins.
  for (const type of BINDINGS) {
    const list = namedDescendants(scope, type);
    for (let k = countBefore(list, at) - 1; k >= 0; k--) {
      const n = list[k] as SyntaxNode;
      if (found && n.start <= found.stmt.start) break;
      if (n.type === 'assignment_statement' && n.child('operator')?.text !== '=') continue;
      const { names, values } = bindingPairs(n);
      const i = names.findIndex((x) => x.type === 'identifier' && x.text === name);
      if (i < 0) continue;
      found = { stmt: n, value: values.length === names.length ? (values[i] ?? null) : null };
      break;
    }
  }
  return found;
}

/** Calls between `from` and `to` in `scope` that are given the buffer `name` (or a slice of it): each may fill it. */
function fills(scope: SyntaxNode, names: readonly string[], from: number, to: number, filling: RegExp | null = null): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const calls = namedDescendants(scope, 'call_expression');
  for (let k = countBefore(calls, from); k < calls.length; k++) {
    const n = calls[k] as SyntaxNode;
    if (n.start >= to) break;
    // A call that contains `to` is the use itself (`cipher.NewCTR(block, iv)`), not a fill before it.
    if (n.end > to) continue;
    const f = n.child('function');
    if (f?.type === 'identifier' && READS_ONLY.has(f.text)) continue;
    const callee = f?.type === 'selector_expression' ? (f.child('field')?.text ?? '') : (f?.text ?? '');
    if (READING_METHODS.has(callee) || (filling && !filling.test(callee))) continue;
    const args = n.child('arguments')?.namedChildren ?? [];
    if (args.some((a) => names.includes(bufferName(a) ?? ''))) out.push(n);
  }
  return out;
}

/** `iv[0] = 1` after `from` and before `to`: a constant byte written at a constant index. */
function constantWrite(scope: SyntaxNode, names: readonly string[], from: number, to: number): boolean {
  const assignments = namedDescendants(scope, 'assignment_statement');
  for (let k = countBefore(assignments, from); k < assignments.length; k++) {
    const n = assignments[k] as SyntaxNode;
    if (n.start >= to) break;
    for (const target of n.child('left')?.namedChildren ?? []) {
      if (target.type !== 'index_expression') continue;
      const index = target.child('index');
      if (index?.type === 'int_literal' && names.includes(bufferName(target) ?? '')) return true;
    }
  }
  return false;
}

/** A package-level `var name = …` or `const name = …`: its value. */
function packageValue(root: SyntaxNode, name: string): SyntaxNode | null {
  for (const decl of root.namedChildren) {
    if (decl.type !== 'var_declaration' && decl.type !== 'const_declaration') continue;
    for (const spec of decl.namedChildren) {
      if (spec.type !== 'var_spec' && spec.type !== 'const_spec') continue;
      const names = spec.fieldChildren('name');
      const i = names.findIndex((x) => x.text === name);
      const values = spec.child('value')?.namedChildren ?? [];
      if (i >= 0) return values[i] ?? null;
    }
  }
  return null;
}

/** The function declared in the file under `name`, and its parameters' names. */
function functionNamed(root: SyntaxNode, name: string): SyntaxNode | null {
  for (const decl of root.namedChildren) if (decl.type === 'function_declaration' && decl.child('name')?.text === name) return decl;
  return null;
}

function parameterNames(fn: SyntaxNode): string[] {
  const out: string[] = [];
  for (const p of fn.child('parameters')?.namedChildren ?? []) for (const n of p.fieldChildren('name')) out.push(n.text);
  return out;
}

/** Every argument given for parameter `index` of the file's function `name` (`wrapper(iv, b)`). */
function argumentsFor(root: SyntaxNode, name: string, index: number): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const n of namedDescendants(root, 'call_expression')) {
    if (n.child('function')?.text !== name) continue;
    const a = n.child('arguments')?.namedChildren[index];
    if (a) out.push(a);
  }
  return out;
}

/** Whether every `return` of a closure called in place returns a predictable buffer. */
function closureReturnsPredictable(lit: SyntaxNode, depth: number): boolean {
  let seen = 0;
  for (const n of namedDescendants(lit, 'return_statement')) {
    if (enclosingFunction(n) !== lit) continue;
    const value = n.namedChildren[0]?.namedChildren[0] ?? n.namedChildren[0];
    if (!value || !predictableBytes(value, depth + 1)) return false;
    seen++;
  }
  return seen > 0;
}

/** Whether the buffer an expression evaluates to is predictable where it is used (see the file comment). */
export function predictableBytes(node: SyntaxNode, depth = 0): boolean {
  if (depth > 6) return false;
  const n = unparen(node);
  switch (n.type) {
    case 'interpreted_string_literal':
    case 'raw_string_literal':
      return true;
    case 'composite_literal': {
      const elements = n.child('body')?.namedChildren ?? [];
      return elements.every((e) => {
        const v = e.type === 'literal_element' ? e.namedChildren[0] : e;
        return v !== undefined && LITERALS.has(v.type);
      });
    }
    case 'type_conversion_expression': {
      const operand = n.child('operand');
      return operand !== null && predictableBytes(operand, depth + 1);
    }
    case 'call_expression': {
      const f = n.child('function');
      if (f?.type === 'func_literal') return closureReturnsPredictable(f, depth);
      return f?.type === 'identifier' && f.text === 'make';
    }
    case 'slice_expression': {
      const operand = n.child('operand');
      return operand !== null && predictableBytes(operand, depth + 1);
    }
    case 'unary_expression': {
      // `*p` where `p := &iv`.
      const operand = n.child('operand');
      if (n.child('operator')?.text !== '*' || !operand || unparen(operand).type !== 'identifier') return false;
      const fn = enclosingFunction(n);
      const b = fn ? lastBinding(fn, unparen(operand).text, n.start) : null;
      const v = b?.value ? unparen(b.value) : null;
      const target = v?.type === 'unary_expression' && v.child('operator')?.text === '&' ? v.child('operand') : null;
      return target !== null && unparen(target).type === 'identifier' && predictableName(unparen(target).text, n, depth + 1);
    }
    case 'identifier':
      return predictableName(n.text, n, depth);
    default:
      return false;
  }
}

/** Whether the buffer `name` holds at `use` is predictable. */
function predictableName(name: string, use: SyntaxNode, depth: number): boolean {
  const fn = enclosingFunction(use);
  const root = rootOf(use);
  if (fn) {
    const b = lastBinding(fn, name, use.start);
    if (b) {
      if (!b.value || !predictableBytes(b.value, depth + 1)) return false;
      // `key, iv := k[:32], k[32:]`: filling `k` fills `iv`.
      const names = [name];
      const source = unparen(b.value);
      if (source.type === 'slice_expression') {
        const base = bufferName(source);
        if (base) names.push(base);
      }
      const filled = fills(fn, names, b.stmt.end, use.start);
      const last = filled[filled.length - 1];
      return last === undefined || constantWrite(fn, names, last.end, use.start);
    }
    // A parameter: predictable when written with constants here, or when every caller in the file passes a predictable buffer.
    const params = fn.type === 'function_declaration' || fn.type === 'method_declaration' ? parameterNames(fn) : [];
    const index = params.indexOf(name);
    if (index >= 0) {
      const body = fn.child('body');
      if (body && constantWrite(body, [name], body.start, use.start) && fills(body, [name], body.start, use.start).length === 0) return true;
      const fnName = fn.type === 'function_declaration' ? fn.child('name')?.text : undefined;
      if (!fnName || !functionNamed(root, fnName)) return false;
      const args = argumentsFor(root, fnName, index);
      return args.length > 0 && args.every((a) => a.start !== use.start && predictableBytes(a, depth + 1));
    }
  }
  const value = packageValue(root, name);
  if (!value || !predictableBytes(value, depth + 1)) return false;
  // A package-level buffer filled anywhere in the file (`func init() { rand.Read(iv) }`) is not known;
  // a string constant cannot be filled.
  const text = unparen(value).type;
  if (text === 'interpreted_string_literal' || text === 'raw_string_literal') return true;
  return fills(root, [name], 0, root.end, FILLING).length === 0;
}
