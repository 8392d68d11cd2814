/**
 * Conditions that fold to a constant: `if (false)`, `if (5 == 5)`, a `static final` flag of this
 * class, a private field nothing ever assigns after its initialiser (`private boolean enabled =
 * true;`), a private method that only returns a literal. The walker visits only the branch such a
 * condition takes, so a dead branch neither hides a constant nor adds taint. Anything that can
 * change at run time (a field another class may assign, a parameter, a call elsewhere) does not fold.
 */
import type { SyntaxNode } from '../../syntax.ts';
import { enclosingClass, findDeclaration, invocationParts } from './tree.ts';

type Value = boolean | number;

interface ClassFacts {
  /** Fields with a literal initialiser that nothing assigns again, by name. */
  fields: Map<string, Value>;
  /** Private methods without parameters whose body is `return <literal>;`, by name. */
  methods: Map<string, Value>;
}

const factsCache = new WeakMap<SyntaxNode, ClassFacts>();
const LITERALS: Readonly<Record<string, (text: string) => Value | null>> = {
  true: () => true,
  false: () => false,
  decimal_integer_literal: (t) => intValue(t),
  hex_integer_literal: (t) => intValue(t),
};

function intValue(text: string): number | null {
  const n = Number(text.replace(/[lL_]/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}

/** A literal's value (`true`, `5`, `-1`), or null. */
function literal(node: SyntaxNode | null): Value | null {
  if (!node) return null;
  if (node.type === 'unary_expression' && node.child('operator')?.text === '-') {
    const v = literal(node.child('operand'));
    return typeof v === 'number' ? -v : null;
  }
  if (node.type === 'parenthesized_expression') return literal(node.namedChildren[0] ?? null);
  const read = LITERALS[node.type];
  return read ? read(node.text) : null;
}

function modifiersOf(decl: SyntaxNode): string {
  return decl.children.find((c) => c.type === 'modifiers')?.text ?? '';
}

/** Names assigned or incremented anywhere in the class (`x = …`, `this.x += …`, `x++`). */
function assignedNames(body: SyntaxNode): Set<string> {
  const out = new Set<string>();
  const stack: SyntaxNode[] = [body];
  let budget = 50000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    let target: SyntaxNode | null = null;
    if (n.type === 'assignment_expression') target = n.child('left');
    else if (n.type === 'update_expression') target = n.namedChildren[0] ?? null;
    if (target) {
      if (target.type === 'identifier') out.add(target.text);
      else if (target.type === 'field_access') {
        const f = target.child('field');
        if (f) out.add(f.text);
      }
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return out;
}

function classFacts(cls: SyntaxNode): ClassFacts {
  let facts = factsCache.get(cls);
  if (facts) return facts;
  facts = { fields: new Map(), methods: new Map() };
  factsCache.set(cls, facts);
  const body = cls.child('body');
  if (!body) return facts;
  const assigned = assignedNames(body);
  for (const m of body.children) {
    if (m.type === 'field_declaration') {
      const mods = modifiersOf(m);
      // Another class may assign a non-private, non-final field.
      if (!/\bfinal\b/.test(mods) && !/\bprivate\b/.test(mods)) continue;
      for (const d of m.children) {
        if (d.type !== 'variable_declarator') continue;
        const name = d.child('name')?.text;
        const v = literal(d.child('value'));
        if (name && v !== null && !assigned.has(name)) facts.fields.set(name, v);
      }
    } else if (m.type === 'method_declaration') {
      const name = m.child('name')?.text;
      const params = m.child('parameters')?.namedChildren ?? [];
      if (!name || params.length > 0 || !/\bprivate\b|\bfinal\b|\bstatic\b/.test(modifiersOf(m))) continue;
      const statements = (m.child('body')?.namedChildren ?? []).filter((c) => c.type !== 'line_comment' && c.type !== 'block_comment');
      const only = statements.length === 1 ? statements[0] : undefined;
      if (only?.type !== 'return_statement') continue;
      const v = literal(only.namedChildren.find((c) => c.type !== 'line_comment' && c.type !== 'block_comment') ?? null);
      if (v !== null) facts.methods.set(name, v);
    }
  }
  return facts;
}

/** The constant an operand of a condition certainly has, or null. */
function valueOf(node: SyntaxNode, depth: number): Value | null {
  if (depth > 12) return null;
  const lit = literal(node);
  if (lit !== null) return lit;
  if (node.type === 'parenthesized_expression') {
    const inner = node.namedChildren[0];
    return inner ? valueOf(inner, depth + 1) : null;
  }
  if (node.type === 'unary_expression' && node.child('operator')?.text === '!') {
    const v = foldWith(node.child('operand'), depth + 1);
    return v === null ? null : !v;
  }
  if (node.type === 'binary_expression') return foldBinary(node, depth);
  const cls = enclosingClass(node);
  if (!cls || cls.type !== 'class_declaration') return null;
  if (node.type === 'identifier') return findDeclaration(node.text, node)?.kind === 'field' ? (classFacts(cls).fields.get(node.text) ?? null) : null;
  if (node.type === 'field_access' && node.child('object')?.type === 'this') {
    const f = node.child('field')?.text;
    return f ? (classFacts(cls).fields.get(f) ?? null) : null;
  }
  if (node.type === 'method_invocation') {
    const { name, object, args } = invocationParts(node);
    if (args.length > 0 || (object && object.type !== 'this')) return null;
    return classFacts(cls).methods.get(name) ?? null;
  }
  return null;
}

function foldBinary(node: SyntaxNode, depth: number): Value | null {
  const op = node.child('operator')?.text ?? '';
  const l = node.child('left');
  const r = node.child('right');
  if (!l || !r) return null;
  if (op === '&&' || op === '||') {
    const a = foldWith(l, depth + 1);
    const b = foldWith(r, depth + 1);
    if (op === '&&') return a === false || b === false ? false : a === true && b === true ? true : null;
    return a === true || b === true ? true : a === false && b === false ? false : null;
  }
  const a = valueOf(l, depth + 1);
  const b = valueOf(r, depth + 1);
  if (a === null || b === null || typeof a !== typeof b) return null;
  switch (op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    default:
      return null;
  }
}

function foldWith(node: SyntaxNode | null, depth: number): boolean | null {
  if (!node) return null;
  const v = valueOf(node, depth);
  return typeof v === 'boolean' ? v : null;
}

/** The value a condition always has (`true`, `false`), or null when it can differ at run time. */
export function foldCondition(condition: SyntaxNode): boolean | null {
  return foldWith(condition, 0);
}
