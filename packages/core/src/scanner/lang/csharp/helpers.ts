/** Helpers shared by the C# rules (predicates over the tree-sitter-c-sharp syntax). */
import type { CallView } from '../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { SyntaxNode as SpanNode } from '../../syntax.ts';
import { CLASS_TYPES, declaratorValue, simpleName, typeName } from './adapter.ts';

export const FUNCTION_NODES = new Set([
  'method_declaration',
  'constructor_declaration',
  'local_function_statement',
  'lambda_expression',
  'anonymous_method_expression',
  'accessor_declaration',
  'operator_declaration',
  'property_declaration',
]);
const SCOPE_NODES = new Set(['method_declaration', 'constructor_declaration', 'local_function_statement', 'accessor_declaration', 'property_declaration', 'operator_declaration']);

/** Programs that run their arguments as a command line. */
export const SHELL_PROGRAM = /^(?:(?:[A-Za-z]:)?[\\/\w.-]*[\\/])?(?:cmd(?:\.exe)?|powershell(?:\.exe)?|pwsh(?:\.exe)?|bash(?:\.exe)?|sh|zsh|dash|ksh|wsl(?:\.exe)?)$/i;

export function rootOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}

/** Last segment of a path, without a call's `()`. */
export function lastSegment(path: readonly string[] | null): string | null {
  const last = path?.[path.length - 1];
  return last === undefined ? null : last.replace(/\(\)$/, '');
}

/** The receiver's path segments of a call (`_db.Database` for `_db.Database.ExecuteSqlRaw(...)`). */
export function receiverPath(call: CallView, ctx: MatchContext): string[] {
  return call.receiver ? (ctx.path(call.receiver) ?? []) : [];
}

/** Enclosing method, local function or lambda of a node (the innermost), or null. */
export function enclosingFunction(node: SyntaxNode, outermost = false): SyntaxNode | null {
  let found: SyntaxNode | null = null;
  for (let p: SyntaxNode | null = node.parent; p; p = p.parent) {
    if (outermost ? SCOPE_NODES.has(p.type) : FUNCTION_NODES.has(p.type)) {
      found = p;
      if (!outermost) return p;
    }
    if (CLASS_TYPES.has(p.type)) break;
  }
  return found;
}

/** The method (or other member) a node is in, or the whole file at top level. */
export function scopeOf(node: SyntaxNode): SyntaxNode {
  return enclosingFunction(node, true) ?? node.ancestor(CLASS_TYPES) ?? rootOf(node);
}

/** Depth-first walk of named descendants (bounded). */
export function* descendants(node: SyntaxNode, budget = 200000): Generator<SyntaxNode> {
  const stack: SyntaxNode[] = [...node.children].reverse();
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (!n.named || n.type === 'comment') continue;
    yield n;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as SyntaxNode);
  }
}

// ---- what a variable holds -----------------------------------------------------------------

export interface Binding {
  /** Declared type name (without namespace and generics), or null for `var`. */
  type: string | null;
  /** The initializer, when there is one. */
  value: SyntaxNode | null;
  node: SyntaxNode;
}

const bindingCache = new WeakMap<SyntaxNode, Map<string, Binding[]>>();

/**
 * Every declaration of a name in a file: locals, parameters, fields, properties, and assignments
 * (`x = new T()`). Rules use it to answer "what is this receiver" (`formatter.Deserialize(…)`
 * where `var formatter = new BinaryFormatter()`). Names are few per file, so collisions between
 * methods are rare and only widen what a rule considers.
 */
export function bindingsOf(root: SyntaxNode): Map<string, Binding[]> {
  let map = bindingCache.get(root);
  if (map) return map;
  map = new Map();
  const add = (name: string, b: Binding): void => {
    const list = map!.get(name);
    if (list) list.push(b);
    else map!.set(name, [b]);
  };
  for (const n of descendants(root, 400000)) {
    switch (n.type) {
      case 'variable_declarator': {
        const name = n.child('name');
        const decl = n.parent;
        const t = decl?.type === 'variable_declaration' ? decl.child('type') : null;
        if (name) add(name.text, { type: t && t.type !== 'implicit_type' ? typeName(t.text) : null, value: declaratorValue(n), node: n });
        break;
      }
      case 'parameter': {
        const name = n.child('name');
        if (name) add(name.text, { type: typeName(n.child('type')?.text ?? null) || null, value: null, node: n });
        break;
      }
      case 'property_declaration': {
        const name = n.child('name');
        const v = n.child('value');
        if (name) add(name.text, { type: typeName(n.child('type')?.text ?? null) || null, value: v && v.type !== 'arrow_expression_clause' ? v : null, node: n });
        break;
      }
      case 'assignment_expression': {
        const left = n.child('left');
        const right = n.child('right');
        if (left && right && n.child('operator')?.text === '=') {
          const name =
            left.type === 'identifier'
              ? left.text
              : left.type === 'member_access_expression' && /^(?:this|base)$/.test(left.child('expression')?.text ?? '')
                ? simpleName(left.child('name'))
                : null;
          if (name) add(name, { type: null, value: right, node: n });
        }
        break;
      }
      case 'declaration_expression': {
        const name = n.child('name');
        const t = n.child('type');
        if (name) add(name.text, { type: t && t.type !== 'implicit_type' ? typeName(t.text) : null, value: null, node: n });
        break;
      }
    }
  }
  bindingCache.set(root, map);
  return map;
}

/** Type names an expression may have: `new T(…)`, `T.Create()`, a variable declared as or assigned `T`, a cast. */
export function typesOf(node: SyntaxNode | null, depth = 0): Set<string> {
  const out = new Set<string>();
  if (!node || depth > 4) return out;
  switch (node.type) {
    case 'object_creation_expression':
      out.add(typeName(node.child('type')?.text ?? ''));
      return out;
    case 'implicit_object_creation_expression': {
      const p = node.parent;
      if (p?.type === 'variable_declarator') {
        const t = p.parent?.child('type');
        if (t && t.type !== 'implicit_type') out.add(typeName(t.text));
      }
      return out;
    }
    case 'invocation_expression': {
      // T.Create(), T.CreateDefault(), (T)Activator…, new T().With…
      const fn = node.child('function');
      if (fn?.type === 'member_access_expression') {
        const obj = fn.child('expression');
        const name = simpleName(fn.child('name'));
        if (obj && /^(?:Create|Create\w+|New|Instance|Default|Shared)$/.test(name) && /^[A-Z]/.test(obj.text)) out.add(typeName(obj.text));
        else if (obj) for (const t of typesOf(obj, depth + 1)) out.add(t);
      }
      return out;
    }
    case 'member_access_expression': {
      const obj = node.child('expression');
      const name = simpleName(node.child('name'));
      if (obj && /^(?:this|base)$/.test(obj.text)) return typesOfName(node, name, depth);
      if (/^(?:Shared|Default|Instance|Current)$/.test(name) && obj) out.add(typeName(obj.text));
      return out;
    }
    case 'cast_expression':
      out.add(typeName(node.child('type')?.text ?? ''));
      return out;
    case 'as_expression':
      out.add(typeName(node.child('right')?.text ?? ''));
      return out;
    case 'parenthesized_expression':
    case 'await_expression':
      return typesOf(node.namedChildren[0] ?? null, depth + 1);
    case 'identifier':
      return typesOfName(node, node.text, depth);
    default:
      return out;
  }
}

function typesOfName(at: SyntaxNode, name: string, depth: number): Set<string> {
  const out = new Set<string>();
  for (const b of bindingsOf(rootOf(at)).get(name) ?? []) {
    if (b.type) out.add(b.type);
    if (b.value) for (const t of typesOf(b.value, depth + 1)) out.add(t);
  }
  return out;
}

/** Whether any of the names is among the types an expression may have. */
export function hasType(node: SyntaxNode | null, names: ReadonlySet<string>): boolean {
  for (const t of typesOf(node)) if (names.has(t)) return true;
  return false;
}

// ---- initializers and later assignments ---------------------------------------------------

/** `Prop = value` entries of an object creation's initializer. */
export function initializerValues(creation: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  const init = creation.child('initializer') ?? creation.namedChildren.find((c) => c.type === 'initializer_expression') ?? null;
  if (!init) return out;
  for (const c of init.namedChildren) {
    if (c.type !== 'assignment_expression') continue;
    const left = c.child('left');
    const right = c.child('right');
    if (left?.type === 'identifier' && right) out.set(left.text, right);
  }
  return out;
}

/**
 * Values assigned to `<variable>.<prop>` in a scope (`settings.DtdProcessing = …`), plus the
 * initializer of the variable's creation. `variable` is the name the object is bound to.
 */
export function propertyValues(scope: SyntaxNode, variable: string, prop: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const n of descendants(scope)) {
    if (n.type === 'assignment_expression') {
      const left = n.child('left');
      const right = n.child('right');
      if (!left || !right || left.type !== 'member_access_expression') continue;
      if (simpleName(left.child('name')) !== prop) continue;
      const obj = left.child('expression');
      if (obj && (obj.text === variable || obj.text === `this.${variable}`)) out.push(right);
    } else if (n.type === 'variable_declarator' && n.child('name')?.text === variable) {
      const v = declaratorValue(n);
      if (v && (v.type === 'object_creation_expression' || v.type === 'implicit_object_creation_expression')) {
        const init = initializerValues(v).get(prop);
        if (init) out.push(init);
      }
    }
  }
  return out;
}

/** The name an expression is stored in: `var x = <expr>`, `x = <expr>`, `Foo = <expr>` in an initializer. */
export function assignedName(node: SyntaxNode): string | null {
  let n = node;
  while (n.parent && (n.parent.type === 'parenthesized_expression' || n.parent.type === 'await_expression' || n.parent.type === 'cast_expression')) n = n.parent;
  const p = n.parent;
  if (p?.type === 'variable_declarator') return p.child('name')?.text ?? null;
  if (p?.type === 'assignment_expression' && p.child('right') === n) {
    const left = p.child('left');
    if (left?.type === 'identifier') return left.text;
    if (left?.type === 'member_access_expression') return simpleName(left.child('name'));
  }
  if (p?.type === 'property_declaration') return p.child('name')?.text ?? null;
  return null;
}

/** Whether an expression is the literal `true` (or a lambda / anonymous method that always returns true). */
export function alwaysTrue(node: SyntaxNode | null, depth = 0): boolean {
  if (!node || depth > 3) return false;
  if (node.type === 'boolean_literal') return node.text === 'true';
  if (node.type === 'parenthesized_expression') return alwaysTrue(node.namedChildren[0] ?? null, depth + 1);
  if (node.type === 'lambda_expression' || node.type === 'anonymous_method_expression') {
    const body = node.child('body') ?? node.namedChildren.find((c) => c.type === 'block') ?? null;
    if (!body) return false;
    if (body.type !== 'block') return alwaysTrue(body, depth + 1);
    return blockAlwaysTrue(body, depth);
  }
  return false;
}

/** A block whose every `return` returns `true` (and that has at least one). */
export function blockAlwaysTrue(block: SyntaxNode, depth = 0): boolean {
  let returns = 0;
  for (const n of descendants(block)) {
    if (n.type === 'lambda_expression' || n.type === 'anonymous_method_expression' || n.type === 'local_function_statement') continue;
    if (n.type === 'return_statement') {
      const v = n.namedChildren[0] ?? null;
      if (!alwaysTrue(v, depth + 1)) return false;
      returns++;
    }
  }
  return returns > 0;
}

/** A method declared in the file that always returns true (`static bool AcceptAll(...) { return true; }`). */
export function methodAlwaysTrue(root: SyntaxNode, name: string): boolean {
  const n = methodsByName(root).get(name);
  if (!n) return false;
  const body = n.child('body');
  if (!body) return false;
  if (body.type === 'arrow_expression_clause') return alwaysTrue(body.namedChildren[0] ?? null);
  return blockAlwaysTrue(body);
}

const methodIndex = new WeakMap<SyntaxNode, Map<string, SyntaxNode>>();

/** The first method or local function of each name under a node, in the order `descendants` walks (one walk per node). */
function methodsByName(root: SyntaxNode): Map<string, SyntaxNode> {
  let map = methodIndex.get(root);
  if (map) return map;
  map = new Map();
  for (const n of descendants(root)) {
    if (n.type !== 'method_declaration' && n.type !== 'local_function_statement') continue;
    const name = n.child('name')?.text;
    if (name !== undefined && !map.has(name)) map.set(name, n);
  }
  methodIndex.set(root, map);
  return map;
}

/** Whether a node lies inside the `then` branch of an `if` whose condition matches (or the `else` of its negation). */
export function guardedBy(node: SyntaxNode, condition: { test(text: string): boolean }): boolean {
  let child = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    if (p.type === 'if_statement') {
      const cond = p.child('condition');
      if (cond && condition.test(cond.text)) {
        const negated = /^\s*!/.test(cond.text);
        const inThen = p.child('consequence') === child;
        const inElse = p.child('alternative') === child;
        if ((inThen && !negated) || (inElse && negated)) return true;
      }
    }
    if (p.type === 'conditional_expression') {
      const cond = p.child('condition');
      if (cond && condition.test(cond.text) && p.child('consequence') === child) return true;
    }
    if (p.type === 'method_declaration' || p.type === 'local_function_statement') {
      // `if (!env.IsDevelopment()) return;` earlier in the same method.
      const body = p.child('body');
      if (body) {
        for (const stmt of body.namedChildren) {
          if (stmt.start >= node.start) break;
          if (stmt.type !== 'if_statement') continue;
          const cond = stmt.child('condition');
          if (cond && /^\s*!/.test(cond.text) && condition.test(cond.text) && /^\s*(?:\{\s*)?return\b/.test(stmt.child('consequence')?.text ?? '')) return true;
        }
      }
      return false;
    }
  }
  return false;
}

/** The leftmost part of a string-building expression (`"http://" + host` → the literal). */
export function leftmost(node: SyntaxNode, depth = 0): SyntaxNode {
  if (depth > 16) return node;
  switch (node.type) {
    case 'binary_expression':
      if (node.child('operator')?.text === '+') return leftmost(node.child('left') ?? node, depth + 1);
      return node;
    case 'parenthesized_expression':
      return leftmost(node.namedChildren[0] ?? node, depth + 1);
    case 'interpolated_string_expression': {
      const first = node.namedChildren.find((c) => c.type === 'string_content' || c.type === 'interpolation' || c.type === 'escape_sequence');
      if (!first) return node;
      if (first.type === 'interpolation') {
        const e = first.namedChildren.find((x) => x.type !== 'interpolation_brace' && x.type !== 'interpolation_alignment_clause' && x.type !== 'interpolation_format_clause');
        return e ? leftmost(e, depth + 1) : node;
      }
      return first;
    }
    case 'invocation_expression': {
      // string.Format("http://{0}/…", x) / string.Concat(a, b): the format or first part.
      const fn = node.child('function');
      const name = fn?.type === 'member_access_expression' ? simpleName(fn.child('name')) : '';
      const obj = fn?.type === 'member_access_expression' ? fn.child('expression')?.text : '';
      if ((name === 'Format' || name === 'Concat') && /^(?:string|String)$/.test(obj ?? '')) {
        const first = node.child('arguments')?.namedChildren[0];
        const v = first ? first.namedChildren[first.namedChildren.length - 1] : null;
        return v ? leftmost(v, depth + 1) : node;
      }
      return node;
    }
    default:
      return node;
  }
}

/** Whether a literal URL prefix fixes scheme and host (`https://api.example.com/…`) or is a local path (`/orders/…`). */
export function fixesHost(prefix: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#{}\s]+[/?#]/i.test(prefix)) return true;
  if (/^\/(?![/\\])/.test(prefix) || /^~\//.test(prefix)) return true;
  return false;
}

/** Whether the string value looks like HTML content type or markup. */
export function isHtmlContentType(text: string | null): boolean {
  return text !== null && /text\/html|application\/xhtml/i.test(text);
}

/** Text of the enclosing member (method/property) or the file. */
export function scopeText(node: SyntaxNode): string {
  return scopeOf(node).text;
}

/** Words of identifiers near a node, for secret-context heuristics: assigned name, method name, class name. */
export function contextNames(node: SyntaxNode): string[] {
  const out: string[] = [];
  const assigned = assignedName(node);
  if (assigned) out.push(assigned);
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'variable_declarator' || p.type === 'assignment_expression') {
      const n = p.type === 'variable_declarator' ? p.child('name')?.text : p.child('left')?.text;
      if (n) out.push(n);
    }
    if (p.type === 'return_statement' || p.type === 'expression_statement' || p.type === 'local_declaration_statement') break;
  }
  const fn = enclosingFunction(node, true);
  const fnName = fn?.child('name')?.text;
  if (fnName) out.push(fnName);
  return out;
}

/**
 * A destination whose scheme and host are fixed by a literal prefix (`"/orders/" + id`,
 * `$"https://shop.example.com/p/{id}"`) or that starts with a value computed by the application
 * (`Url.Action(…) + "#" + tab`) cannot send the user to another site.
 */
export function untrustedDestination(taint: Taint, ctx: MatchContext, at: SyntaxNode): boolean {
  const first = leftmost(at);
  if (first !== at || at.type === 'interpolated_string_expression') {
    const literal = ctx.stringValue(first) ?? (first.type === 'string_content' ? first.text : null);
    if (literal !== null) return !fixesHost(literal);
    return ctx.taint(first) !== null;
  }
  if (taint.built && fixesHost(taint.text)) return false;
  return true;
}

// ---- archive entries (Zip Slip) -----------------------------------------------------------

const ENTRY_TYPES = new Set(['ZipArchiveEntry', 'ZipEntry', 'TarEntry', 'IArchiveEntry', 'IEntry', 'ArchiveEntry']);

/** Whether an expression is an archive entry: typed so, or the variable of `foreach (var e in archive.Entries)`. */
function isArchiveEntry(obj: SyntaxNode): boolean {
  if ([...typesOf(obj)].some((t) => ENTRY_TYPES.has(t))) return true;
  if (obj.type !== 'identifier') return false;
  for (const n of descendants(scopeOf(obj))) {
    if (n.type === 'foreach_statement' && n.child('left')?.text === obj.text) {
      const right = n.child('right')?.text ?? '';
      const type = typeName(n.child('type')?.text ?? '');
      if (/\.Entries$|^Entries$/.test(right) || ENTRY_TYPES.has(type)) return true;
    }
  }
  return false;
}

/** Values a local variable is given in its scope (`var p = …;`, `p = …;`). */
export function localValues(name: SyntaxNode): SyntaxNode[] {
  const scope = scopeOf(name);
  const out: SyntaxNode[] = [];
  for (const b of bindingsOf(rootOf(name)).get(name.text) ?? []) {
    if (!scope.contains(b.node) || b.node.start > name.start) continue;
    if (b.value) out.push(b.value);
  }
  return out;
}

/**
 * The archive-entry path an expression is built from, looking through locals of the same method:
 * `entry.FullName` / SharpCompress `entry.Key` (unsafe: the path inside the archive), or
 * `entry.Name` of a `ZipArchiveEntry` (safe: the file name only; but the full path for SharpZipLib's
 * `ZipEntry`). `guarded` when the method checks the resolved path with `GetFullPath` + `StartsWith`.
 */
export function zipEntryPath(expr: SyntaxNode, depth = 0): { member: SyntaxNode; safe: boolean; guarded: boolean } | null {
  if (depth > 3) return null;
  for (const n of [expr, ...descendants(expr, 2000)]) {
    if (n.type === 'identifier' && depth < 3 && n.parent?.type !== 'member_access_expression') {
      for (const v of localValues(n)) {
        const hit = zipEntryPath(v, depth + 1);
        if (hit) return hit;
      }
      continue;
    }
    if (n.type !== 'member_access_expression') continue;
    const member = simpleName(n.child('name'));
    const obj = n.child('expression');
    if (!obj || !/^(?:FullName|Key|Name)$/.test(member) || !isArchiveEntry(obj)) continue;
    const sharpZip = [...typesOf(obj)].some((t) => t === 'ZipEntry' || t === 'TarEntry');
    const text = scopeOf(n).text;
    const guarded = text.includes('GetFullPath') && callsNamed(text, 'StartsWith');
    return { member: n, safe: member === 'Name' && !sharpZip, guarded };
  }
  return null;
}

// ---- objects built in one statement and used by a later call (start info, searchers, requests) ----

const VALUE_WRAPPERS = new Set(['parenthesized_expression', 'await_expression', 'cast_expression', 'postfix_unary_expression']);

/** The local a value is stored in: `var x = <v>`, `using var x = <v>`, `x = <v>` (through parentheses, `await`, casts, `!`). */
export function boundLocal(value: SyntaxNode): string | null {
  let n = value;
  while (n.parent && VALUE_WRAPPERS.has(n.parent.type)) n = n.parent;
  const p = n.parent;
  if (p?.type === 'variable_declarator') return p.child('name')?.text ?? null;
  if (p?.type === 'assignment_expression' && p.child('right') === n && p.child('operator')?.text === '=') {
    const left = p.child('left');
    if (left?.type === 'identifier') return left.text;
  }
  return null;
}

/** The value of an invocation's positional argument (after `name:` / `ref`). */
export function invocationArg(call: SyntaxNode, index: number): SyntaxNode | null {
  const list = call.child('arguments') ?? call.namedChildren.find((c) => c.type === 'argument_list') ?? null;
  if (!list) return null;
  let i = 0;
  for (const a of list.namedChildren) {
    if (a.type !== 'argument') continue;
    if (a.child('name')) continue;
    if (i++ === index) return a.namedChildren[a.namedChildren.length - 1] ?? null;
  }
  return null;
}

const BLOCKS = new Set(['block', 'compilation_unit', 'switch_section', 'declaration_list']);
/** Nodes one query may visit: the rest of a block is usually a few hundred. */
const REST_BUDGET = 20000;

/**
 * The named nodes after `at` in the block it is a statement of, up to `until` (a local declared
 * there is only used there): the statements that follow, and what they contain. Bounded.
 */
function* restOfBlock(at: SyntaxNode, until = Number.POSITIVE_INFINITY): Generator<SyntaxNode> {
  let stmt = at;
  while (stmt.parent && !BLOCKS.has(stmt.parent.type)) stmt = stmt.parent;
  const block = stmt.parent;
  if (!block) return;
  let budget = REST_BUDGET;
  const siblings = block.children;
  for (let i = siblings.indexOf(stmt); i >= 0 && i < siblings.length; i++) {
    const first = siblings[i] as SyntaxNode;
    if (first.start > until) return;
    const stack: SyntaxNode[] = [first];
    while (stack.length > 0) {
      if (budget-- <= 0) return;
      const n = stack.pop() as SyntaxNode;
      if (n.start > until) continue;
      if (!n.named || n.type === 'comment') continue;
      yield n;
      for (let j = n.children.length - 1; j >= 0; j--) stack.push(n.children[j] as SyntaxNode);
    }
  }
}

const usesCache = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();

/**
 * Invocations after `at` in its block, named one of `methods`, that use the local `name` as their
 * receiver (`searcher.FindAll()`) or as argument `role` (`Process.Start(psi)`).
 */
export function laterUses(at: SyntaxNode, name: string, methods: ReadonlySet<string>, role: 'receiver' | number): SyntaxNode[] {
  const key = `${name}|${[...methods].join(',')}|${role}`;
  let byKey = usesCache.get(at);
  const hit = byKey?.get(key);
  if (hit) return hit;
  const out: SyntaxNode[] = [];
  for (const n of restOfBlock(at)) {
    if (n.type !== 'invocation_expression' || n.start < at.end) continue;
    const fn = n.child('function');
    if (fn?.type !== 'member_access_expression' || !methods.has(simpleName(fn.child('name')))) continue;
    const used = role === 'receiver' ? fn.child('expression') : invocationArg(n, role);
    if (used?.type === 'identifier' && used.text === name) out.push(n);
  }
  if (!byKey) usesCache.set(at, (byKey = new Map()));
  byKey.set(key, out);
  return out;
}

/** Whether an object creation is stored in a local that a later call of the same method runs (see `laterUses`). */
export function runLater(creation: SyntaxNode, methods: ReadonlySet<string>, role: 'receiver' | number): boolean {
  const name = boundLocal(creation);
  return name !== null && laterUses(creation, name, methods, role).length > 0;
}

/** The creation (`new T(…)` of one of `types`) a local holds where it is used: the last one assigned before the use in its method. */
export function localCreation(use: SyntaxNode, types: ReadonlySet<string>): SyntaxNode | null {
  if (use.type !== 'identifier') return null;
  let found: SyntaxNode | null = null;
  for (const v of localValues(use)) {
    let n = v;
    while (VALUE_WRAPPERS.has(n.type) && n.namedChildren.length > 0) n = n.namedChildren[n.namedChildren.length - 1] as SyntaxNode;
    if (n.type === 'object_creation_expression' && types.has(typeName(n.child('type')?.text ?? ''))) found = n;
    else if (n.type === 'implicit_object_creation_expression' && [...typesOf(n)].some((t) => types.has(t))) found = n;
    else found = null;
  }
  return found;
}

/**
 * The value `<name>.<prop>` holds at `at`: the last `name.prop = …` between the creation and `at`
 * in the method, else the creation's initializer entry (`new T { Prop = … }`), else `fallback`
 * (a constructor argument). `name` may be a member chain (`process.StartInfo`).
 */
export function propertyAt(creation: SyntaxNode, name: string, prop: string, at: SyntaxNode, fallback: SyntaxNode | null): SyntaxNode | null {
  let last: SyntaxNode | null = null;
  for (const n of restOfBlock(creation, at.start)) {
    if (n.type !== 'assignment_expression' || n.start < creation.end || n.start > at.start) continue;
    const left = n.child('left');
    if (left?.type !== 'member_access_expression' || simpleName(left.child('name')) !== prop) continue;
    const obj = left.child('expression');
    if (obj && (obj.type === 'identifier' || obj.type === 'member_access_expression') && obj.text === name) last = n.child('right');
  }
  return last ?? initializerValues(creation).get(prop) ?? fallback;
}

/** A positional constructor argument of a creation (value node), or null. */
export function creationArg(creation: SyntaxNode, index: number): SyntaxNode | null {
  return invocationArg(creation, index);
}

/**
 * A node covering two nodes and everything between them, for reporting one finding over the lines
 * of one construct (`var options = new CookieOptions { Secure = false }` … `Response.Cookies.Append(…,
 * options)`), so a reader who marks any of those lines finds it. It is not part of the tree.
 */
export function span(first: SyntaxNode, last: SyntaxNode): SyntaxNode {
  if (first === last || last.end <= first.start) return first;
  return new SpanNode('csharp_span', true, null, Math.min(first.start, last.start), Math.max(first.end, last.end), first.parent, first.source);
}

/** The statement a node is part of (its nearest statement ancestor, or itself). */
export function statementOf(node: SyntaxNode): SyntaxNode {
  for (let p: SyntaxNode | null = node; p; p = p.parent) {
    if (p.type.endsWith('_statement') || p.type === 'local_declaration_statement') return p;
    if (FUNCTION_NODES.has(p.type) || CLASS_TYPES.has(p.type)) break;
  }
  return node;
}

// ---- names of secrets ---------------------------------------------------------------------

// ---- linear text searches ----------------------------------------------------------------

function identChar(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_');
}

/**
 * The first place `literal` occurs in `text` (at a word start when `word`) and is followed by what
 * the anchored pattern `after` matches: its offset and the match, or null. A linear scan —
 * `indexOf` for the literal, then `after` (which must begin with `^`) on a bounded window — so no
 * pattern ever runs unanchored over a long text.
 */
export function findAfter(text: string, literal: string, after: RegExp | null = null, word = false, window = 256): { index: number; match: RegExpExecArray | null } | null {
  for (let i = text.indexOf(literal); i >= 0; i = text.indexOf(literal, i + 1)) {
    if (word && identChar(text[i - 1])) continue;
    if (!after) return { index: i, match: null };
    const m = after.exec(text.slice(i + literal.length, i + literal.length + window));
    if (m) return { index: i, match: m };
  }
  return null;
}

/** Whether `text` calls a method or function of this name: `.Name(`, `Name (` (a linear scan). */
export function callsNamed(text: string, name: string): boolean {
  return findAfter(text, name, /^\s*\(/, true) !== null;
}

/** Names of the functions called in a text (`Foo(`, `x.Bar (`), by a scan over `(`: linear. */
export function calledNames(text: string): Set<string> {
  const out = new Set<string>();
  for (let i = text.indexOf('('); i >= 0; i = text.indexOf('(', i + 1)) {
    let j = i - 1;
    while (j >= 0 && (text[j] === ' ' || text[j] === '\t' || text[j] === '\n' || text[j] === '\r')) j--;
    const end = j + 1;
    while (j >= 0 && identChar(text[j])) j--;
    if (end > j + 1) out.add(text.slice(j + 1, end));
  }
  return out;
}
