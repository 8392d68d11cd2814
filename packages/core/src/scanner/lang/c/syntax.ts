/**
 * Syntax helpers shared by the C and C++ adapter and by the `c.*` / `cpp.*` rules: declarations
 * and the scopes they live in, declared array sizes, integer constant folding (`#define`, `enum`,
 * `const`, `sizeof`), and C string literal lengths. Everything here reads the syntax tree only
 * (no taint), is bounded, and caches per tree.
 */
import type { SyntaxNode } from '../../syntax.ts';

/** Node types that hold statements or declarations in sequence (a scope, or a preprocessor region inside one). */
const BLOCK_TYPES = new Set([
  'compound_statement',
  'translation_unit',
  'declaration_list',
  'preproc_if',
  'preproc_ifdef',
  'preproc_else',
  'preproc_elif',
  'preproc_elifdef',
  'case_statement',
  'linkage_specification',
  'namespace_definition',
]);
const FUNCTION_TYPES = new Set(['function_definition', 'lambda_expression']);
const DECLARATOR_WRAPPERS = new Set([
  'pointer_declarator',
  'array_declarator',
  'reference_declarator',
  'init_declarator',
  'parenthesized_declarator',
  'attributed_declarator',
  'function_declarator',
]);

/** Strips parentheses and casts: `((char *)p)` → `p`. */
export function unwrap(node: SyntaxNode): SyntaxNode {
  let n = node;
  for (let i = 0; i < 32; i++) {
    if (n.type === 'parenthesized_expression') {
      const inner = n.namedChildren.find((c) => c.type !== 'comment');
      if (!inner) return n;
      n = inner;
    } else if (n.type === 'cast_expression') {
      const v = n.child('value');
      if (!v) return n;
      n = v;
    } else if (
      n.type === 'call_expression' &&
      n.child('function')?.type === 'template_function' &&
      /^(?:std::)?(?:static|reinterpret|const)_cast$/.test(n.child('function')?.child('name')?.text ?? '')
    ) {
      const v = n.child('arguments')?.namedChildren.find((c) => c.type !== 'comment');
      if (!v) return n;
      n = v;
    } else return n;
  }
  return n;
}

/** The shape of a declarator: the bound name, pointer depth, array dimensions, reference. */
export interface DeclaratorShape {
  name: SyntaxNode | null;
  pointers: number;
  /** Array size expressions, outermost first (`char a[4][8]` → [4, 8]); null for `[]`. */
  arrays: (SyntaxNode | null)[];
  reference: boolean;
  function: boolean;
}

/** Reads a declarator (`*p`, `buf[64]`, `&s`, `x = 1`, `(*fp)(int)`) down to its name. */
export function declaratorShape(declarator: SyntaxNode | null): DeclaratorShape {
  const shape: DeclaratorShape = { name: null, pointers: 0, arrays: [], reference: false, function: false };
  let n = declarator;
  for (let i = 0; n && i < 32; i++) {
    switch (n.type) {
      case 'identifier':
      case 'field_identifier':
      case 'type_identifier':
        shape.name = n;
        return shape;
      case 'qualified_identifier':
      case 'destructor_name':
      case 'operator_name':
        shape.name = n;
        return shape;
      case 'pointer_declarator':
        shape.pointers++;
        n = n.child('declarator');
        break;
      case 'array_declarator':
        // `char a[4][8]` nests as ((a[4])[8]): the outer declarator holds the last dimension.
        shape.arrays.unshift(n.child('size'));
        n = n.child('declarator');
        break;
      case 'reference_declarator':
        shape.reference = true;
        n = n.namedChildren.find((c) => c.type !== 'comment') ?? null;
        break;
      case 'function_declarator':
        shape.function = true;
        n = n.child('declarator');
        break;
      case 'init_declarator':
        n = n.child('declarator');
        break;
      case 'parenthesized_declarator':
      case 'attributed_declarator':
        n = n.namedChildren.find((c) => DECLARATOR_WRAPPERS.has(c.type) || c.type === 'identifier' || c.type === 'field_identifier') ?? null;
        break;
      default:
        return shape;
    }
  }
  return shape;
}

/** One declared name: a local or global variable, a parameter, or a struct field. */
export interface Declaration {
  name: string;
  /** The declarator node (inside the declaration). */
  declarator: SyntaxNode;
  /** The declaration, parameter_declaration or field_declaration it belongs to. */
  owner: SyntaxNode;
  /** Type text with qualifiers (`const char`, `std::string`, `unsigned int`), without pointer stars. */
  type: string;
  pointers: number;
  arrays: (SyntaxNode | null)[];
  reference: boolean;
  /** Initial value, if any. */
  init: SyntaxNode | null;
  kind: 'local' | 'global' | 'param' | 'field';
  /** The function the declaration is in (parameters and locals), or null. */
  fn: SyntaxNode | null;
}

/** Type text of a declaration-like node: qualifiers, signedness and the type itself. */
export function typeText(owner: SyntaxNode): string {
  const parts: string[] = [];
  for (const c of owner.children) {
    if (c.type === 'type_qualifier' || c.field === 'type') parts.push(c.text);
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}

/** The `= value` of a single-declarator field declaration (`static constexpr int kMax = 64;`), not a braced `{}` one. */
function fieldDefault(owner: SyntaxNode, declarator: SyntaxNode): SyntaxNode | null {
  const value = owner.child('default_value');
  if (!value || value.type === 'initializer_list' || value.start < declarator.end) return null;
  return owner.children.filter((c) => c.field === 'declarator').length === 1 ? value : null;
}

function declarationsOf(owner: SyntaxNode, kind: Declaration['kind'], fn: SyntaxNode | null): Declaration[] {
  const out: Declaration[] = [];
  const type = typeText(owner);
  for (const c of owner.children) {
    if (c.field !== 'declarator') continue;
    const shape = declaratorShape(c);
    // `std::istringstream in(line);` inside a function parses as a function declaration: it is a variable.
    if (!shape.name || (shape.function && !(kind === 'local' && owner.parent?.type === 'compound_statement'))) continue;
    // A class member's initialiser: `static constexpr size_t kMax = 64;` (the field's `default_value`).
    const init = c.type === 'init_declarator' ? c.child('value') : kind === 'field' && owner.type === 'field_declaration' ? fieldDefault(owner, c) : null;
    out.push({
      name: shape.name.text,
      declarator: c,
      owner,
      type,
      pointers: shape.pointers,
      arrays: shape.arrays,
      reference: shape.reference,
      init,
      kind,
      fn,
    });
  }
  return out;
}

/** Declarations of a function's parameters. */
export function parameterDeclarations(fn: SyntaxNode): Declaration[] {
  let params: SyntaxNode | null = null;
  if (fn.type === 'lambda_expression') params = fn.child('declarator')?.child('parameters') ?? null;
  else {
    let d = fn.child('declarator');
    for (let i = 0; d && i < 16; i++) {
      if (d.type === 'function_declarator') {
        params = d.child('parameters');
        break;
      }
      d = d.child('declarator') ?? d.namedChildren.find((c) => DECLARATOR_WRAPPERS.has(c.type)) ?? null;
    }
  }
  if (!params) return [];
  const out: Declaration[] = [];
  for (const p of params.namedChildren) {
    if (p.type === 'parameter_declaration' || p.type === 'optional_parameter_declaration') out.push(...declarationsOf(p, 'param', fn));
  }
  return out;
}

/** The function definition (or lambda) a node is in. */
export function enclosingFunction(node: SyntaxNode): SyntaxNode | null {
  return node.ancestor(FUNCTION_TYPES);
}

/** Whether a function takes a variable argument list (`...`): a printf-like wrapper. */
export function isVariadic(fn: SyntaxNode | null): boolean {
  if (!fn) return false;
  let d = fn.child('declarator');
  for (let i = 0; d && i < 16; i++) {
    if (d.type === 'function_declarator' || d.type === 'abstract_function_declarator') {
      return d.child('parameters')?.children.some((c) => c.type === 'variadic_parameter' || c.type === '...') ?? false;
    }
    d = d.child('declarator');
  }
  return false;
}

const scopeCache = new WeakMap<SyntaxNode, Declaration[]>();

/** Declarations made directly in a block (not in nested blocks), cached. */
function blockDeclarations(block: SyntaxNode): Declaration[] {
  const hit = scopeCache.get(block);
  if (hit) return hit;
  const fn = enclosingFunction(block);
  const kind: Declaration['kind'] = fn ? 'local' : 'global';
  const out: Declaration[] = [];
  const visit = (n: SyntaxNode, depth: number): void => {
    for (const c of n.children) {
      if (c.type === 'declaration') out.push(...declarationsOf(c, kind, fn));
      // Declarations nested in preprocessor regions belong to the same scope.
      else if (depth < 4 && (c.type.startsWith('preproc_if') || c.type === 'preproc_else' || c.type === 'preproc_elif')) visit(c, depth + 1);
    }
  };
  visit(block, 0);
  scopeCache.set(block, out);
  return out;
}

/**
 * The declaration of `name` visible at `at`: the nearest enclosing scope's last declaration of
 * that name made before `at`, then the function's parameters, then the file's globals.
 */
export function findDeclaration(name: string, at: SyntaxNode): Declaration | null {
  for (let a: SyntaxNode | null = at.parent; a; a = a.parent) {
    if (BLOCK_TYPES.has(a.type)) {
      let best: Declaration | null = null;
      for (const d of blockDeclarations(a)) {
        if (d.name === name && (d.owner.start < at.start || a.type === 'translation_unit' || a.type === 'declaration_list')) best = d;
      }
      if (best) return best;
    } else if (a.type === 'for_statement' || a.type === 'for_range_loop' || a.type === 'if_statement' || a.type === 'while_statement' || a.type === 'condition_clause') {
      for (const c of a.children) {
        if (c.type === 'declaration') for (const d of declarationsOf(c, 'local', enclosingFunction(a))) if (d.name === name && d.owner.start < at.start) return d;
      }
      if (a.type === 'for_range_loop') {
        const shape = declaratorShape(a.child('declarator'));
        if (shape.name?.text === name) {
          return {
            name,
            declarator: a.child('declarator') as SyntaxNode,
            owner: a,
            type: typeText(a),
            pointers: shape.pointers,
            arrays: [],
            reference: shape.reference,
            init: null,
            kind: 'local',
            fn: enclosingFunction(a),
          };
        }
      }
    } else if (FUNCTION_TYPES.has(a.type)) {
      for (const d of parameterDeclarations(a)) if (d.name === name) return d;
    } else if (a.type === 'field_declaration_list') {
      // Inside a C++ class: members are visible in its methods.
      const f = fieldsOf(a).find((d) => d.name === name);
      if (f) return f;
    }
  }
  return null;
}

function fieldsOf(list: SyntaxNode): Declaration[] {
  const out: Declaration[] = [];
  for (const c of list.children) if (c.type === 'field_declaration') out.push(...declarationsOf(c, 'field', null));
  return out;
}

const fieldCache = new WeakMap<SyntaxNode, Map<string, Declaration[]>>();

/** Struct/class fields of the whole file, by name (`struct user { char name[32]; }`). */
export function fieldDeclarations(root: SyntaxNode, name: string): Declaration[] {
  let map = fieldCache.get(root);
  if (!map) {
    map = new Map();
    for (const n of structureOf(root)) {
      if (n.type !== 'field_declaration_list') continue;
      for (const d of fieldsOf(n)) {
        let list = map.get(d.name);
        if (!list) map.set(d.name, (list = []));
        list.push(d);
      }
    }
    fieldCache.set(root, map);
  }
  return map.get(name) ?? [];
}

const STRUCTURE = ['call_expression', 'class_specifier', 'field_declaration_list', 'function_definition', 'struct_specifier', 'union_specifier'];

/** Functions, calls, classes, structs and their bodies in the whole file, in order: one shared walk for the per-file indexes. */
export function structureOf(root: SyntaxNode): SyntaxNode[] {
  return scopeDescendants(root, STRUCTURE);
}

const typeCache = new WeakMap<SyntaxNode, Map<string, SyntaxNode>>();

/** Struct, class and union bodies of the file by type name (`struct user {…}`, `class Session {…}`, `typedef struct {…} user_t`). */
function typeBodies(root: SyntaxNode): Map<string, SyntaxNode> {
  let map = typeCache.get(root);
  if (map) return map;
  map = new Map();
  for (const n of structureOf(root)) {
    if (n.type !== 'struct_specifier' && n.type !== 'class_specifier' && n.type !== 'union_specifier') continue;
    const body = n.child('body');
    const name = n.child('name')?.text;
    if (body && name && !map.has(name)) map.set(name, body);
    // `typedef struct { … } user_t;`
    if (body && n.parent?.type === 'type_definition') {
      for (const d of n.parent.children) if (d.field === 'declarator' && d.type === 'type_identifier' && !map.has(d.text)) map.set(d.text, body);
    }
  }
  typeCache.set(root, map);
  return map;
}

/**
 * The declaration of field `field` of the struct or class an object expression has: `rec.user` with
 * `SessionRecord rec;`, `s->name` with `struct session *s`. Null when the object's type is not
 * declared in this file.
 */
export function memberDeclaration(object: SyntaxNode, field: string, at: SyntaxNode): Declaration | null {
  const o = unwrap(object);
  let type: string | null = null;
  if (o.type === 'identifier') type = findDeclaration(o.text, at)?.type ?? null;
  else if (o.type === 'field_expression') {
    const inner = o.child('argument');
    const name = o.child('field')?.text;
    if (inner && name) type = memberDeclaration(inner, name, at)?.type ?? null;
  } else if (o.type === 'subscript_expression') {
    const base = unwrap(o.child('argument') ?? o);
    if (base.type === 'identifier') type = findDeclaration(base.text, at)?.type ?? null;
  }
  if (!type) return null;
  const words = type.split(' ').filter((w) => w !== 'const' && w !== 'struct' && w !== 'class' && w !== 'union' && w !== 'volatile');
  const last = words[words.length - 1];
  if (!last || words.length > 2) return null;
  const name = last.includes('::') ? last.slice(last.lastIndexOf('::') + 2) : last;
  const body = typeBodies(rootOf(object)).get(name);
  return body ? (fieldsOf(body).find((d) => d.name === field) ?? null) : null;
}

const roots = new WeakMap<object, SyntaxNode>();

/** The root of the tree a node is in (remembered per source text: every node of a tree shares it). */
export function rootOf(node: SyntaxNode): SyntaxNode {
  const hit = roots.get(node.source);
  if (hit) return hit;
  let n = node;
  while (n.parent) n = n.parent;
  if (n.type === 'translation_unit') roots.set(node.source, n);
  return n;
}

// ---- constants ---------------------------------------------------------------------------------

const defineCache = new WeakMap<SyntaxNode, Map<string, string>>();

/** `#define NAME value` of the file (object-like macros only), by name. */
export function defines(root: SyntaxNode): Map<string, string> {
  let map = defineCache.get(root);
  if (map) return map;
  map = new Map();
  const stack: SyntaxNode[] = [root];
  let budget = 200_000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'preproc_def') {
      const name = n.child('name')?.text;
      const value = n.child('value')?.text.trim();
      if (name && value !== undefined && !map.has(name)) map.set(name, value);
      continue;
    }
    if (n.type === 'enumerator') continue;
    if (n.type === 'function_definition' || n.type === 'comment') continue;
    for (const c of n.children) if (c.named) stack.push(c);
  }
  defineCache.set(root, map);
  return map;
}

const writesCache = new WeakMap<SyntaxNode, Set<string>>();

/** Names a function assigns (`x = …`, `x += …`) or steps (`x++`) anywhere in its body. */
function assignedIn(fn: SyntaxNode): Set<string> {
  let set = writesCache.get(fn);
  if (set) return set;
  set = new Set();
  for (const n of scopeDescendants(fn, ['assignment_expression', 'update_expression'])) {
    const target = n.type === 'assignment_expression' ? n.child('left') : n.child('argument');
    const t = target ? unwrap(target) : null;
    if (t?.type === 'identifier') set.add(t.text);
  }
  writesCache.set(fn, set);
  return set;
}

/**
 * The local variable another name stands for: a pointer initialised with its address and never
 * reassigned (`char **p = &data;` — `*p` is `data`), or a C++ reference bound to it
 * (`char *&ref = data;` — `ref` is `data`). Returns the identifier node of that variable.
 */
export function aliasOf(name: SyntaxNode, via: 'pointer' | 'reference'): SyntaxNode | null {
  if (name.type !== 'identifier') return null;
  const d = findDeclaration(name.text, name);
  if (!d || d.kind !== 'local' || !d.init || !d.fn) return null;
  if (via === 'reference' ? !d.reference : d.reference || d.pointers === 0) return null;
  let target = unwrap(d.init);
  if (via === 'pointer') {
    if (target.type !== 'pointer_expression' || target.child('operator')?.text !== '&') return null;
    target = unwrap(target.child('argument') ?? target);
  }
  if (target.type !== 'identifier' || target.text === name.text) return null;
  if (assignedIn(d.fn).has(name.text)) return null;
  const t = findDeclaration(target.text, d.owner);
  return t && t.kind === 'local' ? target : null;
}

const aliasCache = new WeakMap<SyntaxNode, Map<string, string>>();
const NAME = /^(?:::)?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*$/;
/**
 * Memory functions programs call through an all-capitals macro from a shared header
 * (`ALLOCA(n)`, `MALLOC(n)`, `FREE(p)`), which the file itself does not define.
 */
const CONVENTIONAL_MACROS: Readonly<Record<string, string>> = { ALLOCA: 'alloca', MALLOC: 'malloc', CALLOC: 'calloc', REALLOC: 'realloc', FREE: 'free', STRDUP: 'strdup' };

/**
 * Object-like macros of the file that stand for another name: `#define FOPEN fopen`,
 * `#define EXECLP _execlp`, `#define CLOSE_SOCKET closesocket`, `#define COMMAND_ARG3 data`. A
 * macro defined twice (once per platform) keeps its first definition when both name the same kind
 * of thing; a name defined once as something that is not a name (a number, an expression) is left.
 */
export function macroAliases(root: SyntaxNode): Map<string, string> {
  let map = aliasCache.get(root);
  if (map) return map;
  map = new Map();
  const stack: SyntaxNode[] = [root];
  let budget = 200_000;
  const refused = new Set<string>();
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'preproc_def') {
      const name = n.child('name')?.text;
      const value = n.child('value')?.text.trim();
      if (!name || refused.has(name)) continue;
      if (value === undefined || !NAME.test(value) || value === name) {
        refused.add(name);
        map.delete(name);
      } else if (!map.has(name)) map.set(name, value.replace(/^::/, ''));
      continue;
    }
    if (n.type === 'function_definition' || n.type === 'comment') continue;
    for (let i = n.children.length - 1; i >= 0; i--) {
      const c = n.children[i] as SyntaxNode;
      if (c.named) stack.push(c);
    }
  }
  aliasCache.set(root, map);
  return map;
}

/** What an identifier stands for once the file's name macros are expanded (`FOPEN` → `fopen`), or the identifier itself. */
export function expandName(name: string, at: SyntaxNode): string {
  const aliases = macroAliases(rootOf(at));
  let out = name;
  for (let i = 0; i < 4; i++) {
    const next = aliases.get(out);
    if (next === undefined) break;
    out = next;
  }
  if (out === name && CONVENTIONAL_MACROS[name] !== undefined && !defines(rootOf(at)).has(name)) return CONVENTIONAL_MACROS[name] as string;
  return out;
}

const enumCache = new WeakMap<SyntaxNode, Map<string, SyntaxNode | number>>();

function enumerators(root: SyntaxNode): Map<string, SyntaxNode | number> {
  let map = enumCache.get(root);
  if (map) return map;
  map = new Map();
  const stack: SyntaxNode[] = [root];
  let budget = 200_000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'enumerator_list') {
      let next = 0;
      let previous: SyntaxNode | null = null;
      for (const e of n.namedChildren) {
        if (e.type !== 'enumerator') continue;
        const name = e.child('name')?.text;
        const value = e.child('value');
        if (value) {
          previous = value;
          next = 1;
          if (name) map.set(name, value);
        } else if (name) {
          // Implicit value: previous + n. Record a number when the chain started from 0.
          if (previous === null) map.set(name, next++);
          else next++;
        }
      }
      continue;
    }
    if (n.type === 'function_definition' || n.type === 'comment') continue;
    for (const c of n.children) if (c.named) stack.push(c);
  }
  enumCache.set(root, map);
  return map;
}

/** Parses a C integer literal (`64`, `0x40`, `0100`, `64u`, `64UL`, `'A'`), or null. */
export function parseIntLiteral(text: string): number | null {
  const t = text.trim().replace(/'/g, (m, i: number) => (i > 0 && /\d/.test(text[i - 1] ?? '') ? '' : m)); // digit separators 1'000
  if (/^'(?:[^'\\]|\\.)'$/.test(t)) {
    const body = t.slice(1, -1);
    if (body.length === 1) return body.charCodeAt(0);
    const esc: Record<string, number> = { n: 10, t: 9, r: 13, '0': 0, '\\': 92, "'": 39, '"': 34, a: 7, b: 8, f: 12, v: 11 };
    return esc[body[1] as string] ?? null;
  }
  const m = /^(0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)(?:[uUlLzZ]{0,4})$/.exec(t);
  if (!m) return null;
  const digits = m[1] as string;
  if (/^0[xX]/.test(digits)) return parseInt(digits.slice(2), 16);
  if (/^0[bB]/.test(digits)) return parseInt(digits.slice(2), 2);
  if (digits.length > 1 && digits.startsWith('0')) return parseInt(digits, 8);
  return parseInt(digits, 10);
}

const PRIMITIVE_SIZES: Record<string, number> = {
  char: 1,
  'signed char': 1,
  'unsigned char': 1,
  bool: 1,
  _Bool: 1,
  int8_t: 1,
  uint8_t: 1,
  BYTE: 1,
  CHAR: 1,
  UCHAR: 1,
  TCHAR: 1,
  gchar: 1,
  guchar: 1,
  u8: 1,
  s8: 1,
  short: 2,
  'unsigned short': 2,
  'short int': 2,
  int16_t: 2,
  uint16_t: 2,
  WORD: 2,
  char16_t: 2,
  u16: 2,
  s16: 2,
  int: 4,
  unsigned: 4,
  'unsigned int': 4,
  'signed int': 4,
  signed: 4,
  int32_t: 4,
  uint32_t: 4,
  float: 4,
  DWORD: 4,
  UINT: 4,
  INT: 4,
  LONG: 4,
  ULONG: 4,
  char32_t: 4,
  wchar_t: 4,
  u32: 4,
  s32: 4,
  gint: 4,
  guint: 4,
  long: 8,
  'unsigned long': 8,
  'long int': 8,
  'long long': 8,
  'unsigned long long': 8,
  'long long int': 8,
  int64_t: 8,
  uint64_t: 8,
  size_t: 8,
  ssize_t: 8,
  double: 8,
  off_t: 8,
  ptrdiff_t: 8,
  intptr_t: 8,
  uintptr_t: 8,
  u64: 8,
  s64: 8,
  gsize: 8,
};

/** Size in bytes of a scalar type name (`char` 1, `int` 4, `size_t` 8, any pointer 8), or null. */
export function sizeOfType(type: string, pointers = 0): number | null {
  if (pointers > 0) return 8;
  const t = type
    .replace(/\b(?:const|volatile|static|register|extern|struct|restrict|inline)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return PRIMITIVE_SIZES[t] ?? null;
}

/** Whether a type name is an integer type (for "is this index/size an integer?"). */
export function isIntegerType(type: string, pointers = 0): boolean {
  if (pointers > 0) return false;
  const t = type
    .replace(/\b(?:const|volatile|static|register|extern)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return /^(?:(?:unsigned|signed)\s+)?(?:char|short|int|long|long long|short int|long int|long long int)$|^(?:unsigned|signed)$|^(?:u?int(?:8|16|32|64|max|ptr)?_t|s?size_t|off_t|ptrdiff_t|DWORD|WORD|UINT|INT|LONG|ULONG|BYTE|SIZE_T|u8|u16|u32|u64|s8|s16|s32|s64|gint|guint|gsize|socklen_t|uint|ushort)$/.test(
    t,
  );
}

/** Whether a type is a string type (`char *`, `std::string`, `wchar_t[]`, `LPSTR`). */
export function isStringType(type: string, pointers: number, arrays: number): boolean {
  const t = type
    .replace(/\b(?:const|volatile|static|unsigned|signed)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if ((pointers > 0 || arrays > 0) && /^(?:char|wchar_t|TCHAR|gchar|char8_t|CHAR|WCHAR)$/.test(t)) return true;
  return /^(?:std::)?(?:w|u8|u16|u32)?string(?:_view)?$|^(?:LPC?W?STR|LPC?TSTR|PC?W?STR|BSTR|QString|CString|std::basic_string<.*>)$/.test(t);
}

/**
 * The integer value of a constant expression: literals, `#define`s, enumerators, `const` variables,
 * `sizeof`, arithmetic. Null when it is not a compile-time constant this code can fold.
 */
export function constInt(node: SyntaxNode | null, depth = 0): number | null {
  if (!node || depth > 24) return null;
  switch (node.type) {
    case 'number_literal':
    case 'char_literal':
      return parseIntLiteral(node.text);
    case 'parenthesized_expression':
    case 'cast_expression':
      return constInt(unwrap(node) === node ? null : unwrap(node), depth + 1);
    case 'sizeof_expression':
      return sizeofValue(node, depth + 1);
    case 'identifier':
      return constName(node.text, node, depth + 1);
    case 'unary_expression': {
      const v = constInt(node.child('argument'), depth + 1);
      const op = node.child('operator')?.text;
      if (v === null) return null;
      return op === '-' ? -v : op === '+' ? v : op === '~' ? ~v : op === '!' ? (v ? 0 : 1) : null;
    }
    case 'binary_expression': {
      const l = constInt(node.child('left'), depth + 1);
      if (l === null) return null;
      const r = constInt(node.child('right'), depth + 1);
      if (r === null) return null;
      switch (node.child('operator')?.text) {
        case '+':
          return l + r;
        case '-':
          return l - r;
        case '*':
          return l * r;
        case '/':
          return r === 0 ? null : Math.trunc(l / r);
        case '%':
          return r === 0 ? null : l % r;
        case '<<':
          return r < 0 || r > 52 ? null : l * 2 ** r;
        case '>>':
          return r < 0 || r > 52 ? null : Math.floor(l / 2 ** r);
        case '&':
          return l & r;
        case '|':
          return l | r;
        default:
          return null;
      }
    }
    default:
      return null;
  }
}

/** The limits of <limits.h> and <stdint.h> (for the usual ILP32/LP64 data models; `long` is left out), and Windows' MAX_PATH. */
const LIMITS: Readonly<Record<string, number>> = {
  MAX_PATH: 260,
  CHAR_BIT: 8,
  CHAR_MAX: 127,
  CHAR_MIN: -128,
  SCHAR_MAX: 127,
  SCHAR_MIN: -128,
  UCHAR_MAX: 255,
  SHRT_MAX: 32767,
  SHRT_MIN: -32768,
  USHRT_MAX: 65535,
  INT_MAX: 2147483647,
  INT_MIN: -2147483648,
  UINT_MAX: 4294967295,
  INT8_MAX: 127,
  INT8_MIN: -128,
  UINT8_MAX: 255,
  INT16_MAX: 32767,
  INT16_MIN: -32768,
  UINT16_MAX: 65535,
  INT32_MAX: 2147483647,
  INT32_MIN: -2147483648,
  UINT32_MAX: 4294967295,
};

/** Value of a named constant: `#define N 64`, `enum { N = 64 }`, `const int N = 64;`, `INT_MAX`. */
function constName(name: string, at: SyntaxNode, depth: number): number | null {
  const root = rootOf(at);
  const def = defines(root).get(name);
  if (def !== undefined) return constText(def, root, depth + 1);
  const limit = LIMITS[name];
  if (limit !== undefined) return limit;
  const en = enumerators(root).get(name);
  if (typeof en === 'number') return en;
  if (en) return constInt(en, depth + 1);
  const decl = findDeclaration(name, at);
  if (decl && decl.init && decl.pointers === 0 && decl.arrays.length === 0 && /\bconst(?:expr)?\b/.test(decl.owner.text.slice(0, decl.declarator.start - decl.owner.start))) {
    return constInt(decl.init, depth + 1);
  }
  return null;
}

/** Folds the text of a macro value (`64`, `(1024 * 4)`, `BUF_LEN + 1`), with a tiny parser. */
function constText(text: string, root: SyntaxNode, depth: number): number | null {
  if (depth > 24 || text.length > 120) return null;
  const tokens = text.match(/0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*|[A-Za-z_]\w*|<<|>>|[-+*/%()&|]|\S/g);
  if (!tokens) return null;
  let i = 0;
  const primary = (): number | null => {
    const t = tokens[i++];
    if (t === undefined) return null;
    if (t === '(') {
      // A cast like `(size_t)64`: skip type names in parentheses.
      if (/^[A-Za-z_]\w*$/.test(tokens[i] ?? '') && tokens[i + 1] === ')' && sizeOfType(tokens[i] as string) !== null) {
        i += 2;
        return primary();
      }
      const v = expr();
      if (tokens[i++] !== ')') return null;
      return v;
    }
    if (t === '-') {
      const v = primary();
      return v === null ? null : -v;
    }
    if (/^\d|^0[xX]/.test(t)) return parseIntLiteral(t);
    if (t === 'sizeof') {
      if (tokens[i] !== '(') return null;
      let name = '';
      i++;
      while (i < tokens.length && tokens[i] !== ')') name += `${name ? ' ' : ''}${tokens[i++]}`;
      i++;
      return name.endsWith('*') ? sizeOfType(name.slice(0, -1).trimEnd(), 1) : sizeOfType(name, 0);
    }
    if (/^[A-Za-z_]\w*$/.test(t)) {
      const def = defines(root).get(t);
      if (def !== undefined) return constText(def, root, depth + 1);
      if (LIMITS[t] !== undefined) return LIMITS[t] as number;
      const en = enumerators(root).get(t);
      if (typeof en === 'number') return en;
      if (en) return constInt(en, depth + 1);
      return null;
    }
    return null;
  };
  const term = (): number | null => {
    let v = primary();
    while (v !== null && (tokens[i] === '*' || tokens[i] === '/' || tokens[i] === '%')) {
      const op = tokens[i++];
      const r = primary();
      if (r === null) return null;
      v = op === '*' ? v * r : r === 0 ? null : op === '/' ? Math.trunc(v / r) : v % r;
    }
    return v;
  };
  const sum = (): number | null => {
    let v = term();
    while (v !== null && (tokens[i] === '+' || tokens[i] === '-')) {
      const op = tokens[i++];
      const r = term();
      if (r === null) return null;
      v = op === '+' ? v + r : v - r;
    }
    return v;
  };
  const expr = (): number | null => {
    let v = sum();
    while (v !== null && (tokens[i] === '<<' || tokens[i] === '>>')) {
      const op = tokens[i++];
      const r = sum();
      if (r === null) return null;
      v = op === '<<' ? v * 2 ** r : Math.floor(v / 2 ** r);
    }
    return v;
  };
  const v = expr();
  return i === tokens.length ? v : null;
}

/** Value of `sizeof x` / `sizeof(type)`, or null. */
export function sizeofValue(node: SyntaxNode, depth = 0): number | null {
  const typeNode = node.child('type');
  if (typeNode) {
    const shape = declaratorShape(typeNode.child('declarator'));
    const abstractPointer = typeNode.child('declarator')?.type === 'abstract_pointer_declarator';
    return sizeOfType(typeNode.child('type')?.text ?? typeNode.text, shape.pointers + (abstractPointer ? 1 : 0));
  }
  const value = node.child('value');
  if (!value) return null;
  const v = unwrap(value);
  if (v.type === 'string_literal') return cStringLength(stringLiteralValue(v)) + 1;
  // `sizeof a[0]`, `sizeof names[i]`: one element of the array.
  if (v.type === 'subscript_expression') {
    let base = v;
    let dims = 0;
    while (base.type === 'subscript_expression' && dims < 4) {
      base = unwrap(base.child('argument') ?? base);
      dims++;
    }
    const d = base.type === 'identifier' ? findDeclaration(base.text, base) : null;
    if (d && d.arrays.length >= dims) return elementSize(d, dims - 1);
    if (d && d.arrays.length === 0 && d.pointers >= dims) return sizeOfType(d.type, d.pointers - dims);
  }
  const buf = bufferOf(v, v, depth + 1);
  if (buf && buf.elements !== null && buf.elemSize !== null && buf.kind === 'array') return buf.elements * buf.elemSize;
  if (buf && (buf.kind === 'heap' || buf.kind === 'pointer')) return 8;
  if (v.type === 'identifier') {
    const d = findDeclaration(v.text, v);
    if (d) return sizeOfType(d.type, d.pointers);
  }
  return null;
}

// ---- strings -----------------------------------------------------------------------------------

/** Content of a string literal node as written (escapes kept), without prefix and quotes. */
export function stringLiteralValue(node: SyntaxNode): string {
  if (node.type === 'raw_string_literal') return node.children.find((c) => c.type === 'raw_string_content')?.text ?? '';
  if (node.type === 'concatenated_string')
    return node.namedChildren.map((c) => (c.type === 'string_literal' || c.type === 'raw_string_literal' ? stringLiteralValue(c) : '')).join('');
  let out = '';
  for (const c of node.children) if (c.type === 'string_content' || c.type === 'escape_sequence') out += c.text;
  return out;
}

/** Length in characters of a C string literal's content as written (`a\nb` is 3). */
export function cStringLength(raw: string): number {
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    n++;
    if (raw[i] !== '\\') continue;
    const next = raw[i + 1];
    if (next === 'x') {
      i += 2;
      while (i < raw.length && /[0-9a-fA-F]/.test(raw[i] as string)) i++;
      i--;
    } else if (next !== undefined && /[0-7]/.test(next)) {
      let k = 1;
      while (k < 3 && /[0-7]/.test(raw[i + 1 + k] ?? '')) k++;
      i += k;
    } else if (next === 'u') i += 5;
    else if (next === 'U') i += 9;
    else i += 1;
  }
  return n;
}

// ---- buffers -----------------------------------------------------------------------------------

/** What a destination expression points at, as far as the declarations say. */
export interface BufferInfo {
  /** `array`: a declared fixed-size array; `heap`: memory from malloc/new with a size; `pointer`: unknown. */
  kind: 'array' | 'heap' | 'pointer';
  /** Capacity in elements from the expression on (after `buf + k`), or null when not a constant. */
  elements: number | null;
  /** Size of one element in bytes, when known. */
  elemSize: number | null;
  /** The declaration of the underlying name. */
  decl: Declaration | null;
  /** For heap memory: the size expression given to the allocator (in bytes). */
  alloc: SyntaxNode | null;
  /** The allocating call or the array declarator. */
  origin: SyntaxNode | null;
}

const ALLOCATORS = new Set([
  'malloc',
  'calloc',
  'realloc',
  'alloca',
  '_alloca',
  'xmalloc',
  'xcalloc',
  'xrealloc',
  'g_malloc',
  'g_malloc0',
  'kmalloc',
  'kzalloc',
  'reallocarray',
  'HeapAlloc',
  'LocalAlloc',
  'GlobalAlloc',
  'CoTaskMemAlloc',
  'OPENSSL_malloc',
  'av_malloc',
]);

/** The allocator call in an expression (`(char *)malloc(n)` → the call), or null. */
export function allocationCall(expr: SyntaxNode | null): SyntaxNode | null {
  if (!expr) return null;
  const v = unwrap(expr);
  if (v.type === 'call_expression') {
    const fn = v.child('function');
    const name = fn?.type === 'identifier' ? fn.text : fn?.type === 'qualified_identifier' ? fn.text.replace(/^.*::/, '') : null;
    if (name && ALLOCATORS.has(name)) return v;
  }
  if (v.type === 'new_expression' && v.child('declarator')?.type === 'new_declarator') return v;
  return null;
}

/** The size in bytes an allocation asks for (`malloc(n)` → n; `calloc(a, b)` → a*b when constant). */
function allocationSize(call: SyntaxNode): { expr: SyntaxNode | null; bytes: number | null; elemSize: number | null } {
  if (call.type === 'new_expression') {
    const len = call.child('declarator')?.child('length') ?? null;
    const elem = sizeOfType(call.child('type')?.text ?? '');
    const n = constInt(len);
    return { expr: len, bytes: n !== null && elem !== null ? n * elem : null, elemSize: elem };
  }
  const name = call.child('function')?.text.replace(/^.*::/, '') ?? '';
  const args = call.child('arguments')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  if (name === 'calloc' || name === 'xcalloc' || name === 'reallocarray') {
    const [a, b] = name === 'reallocarray' ? args.slice(1) : args;
    const x = constInt(a ?? null);
    const y = constInt(b ?? null);
    return { expr: null, bytes: x !== null && y !== null ? x * y : null, elemSize: null };
  }
  const sizeArg = name === 'realloc' || name === 'xrealloc' || name === 'LocalAlloc' || name === 'GlobalAlloc' ? args[1] : name === 'HeapAlloc' ? args[2] : args[0];
  return { expr: sizeArg ?? null, bytes: constInt(sizeArg ?? null), elemSize: null };
}

/** Element size of a declaration's base type (`char buf[8]` → 1, `int a[4]` → 4, `char *p` → 1). */
function elementSize(decl: Declaration, dimsUsed: number): number | null {
  const base = sizeOfType(decl.type, Math.max(0, decl.pointers - (decl.arrays.length > 0 ? 0 : 1)));
  if (base === null) return null;
  // The rest of a multi-dimensional array: `char names[10][32]`, `names[i]` has 32 elements of 1 byte.
  let size = base;
  for (let k = dimsUsed + 1; k < decl.arrays.length; k++) {
    const n = constInt(decl.arrays[k] ?? null);
    if (n === null) return null;
    size *= n;
  }
  return size;
}

/** The last `name = value` (or initialiser) before `at` in the same function, or null. */
export function lastAssignment(name: string, at: SyntaxNode, scope: SyntaxNode | null): { node: SyntaxNode; value: SyntaxNode } | null {
  if (!scope) return null;
  let best: { node: SyntaxNode; value: SyntaxNode } | null = null;
  for (const n of scopeDescendants(scope, ['assignment_expression', 'init_declarator'])) {
    if (n.start >= at.start) break;
    if (n.type === 'assignment_expression') {
      if (n.child('operator')?.text !== '=') continue;
      const left = n.child('left');
      const right = n.child('right');
      if (left && right && unwrap(left).type === 'identifier' && unwrap(left).text === name && right.end <= at.start) best = { node: n, value: right };
    } else {
      const value = n.child('value');
      if (value && value.end <= at.start && declaratorShape(n).name?.text === name) best = { node: n, value };
    }
  }
  return best;
}

/**
 * A `std::array<T, N>` declaration (not an array of them, not a pointer or a reference to one):
 * its element count N and element size, read from the type's template arguments.
 */
export function stdArrayOf(decl: Declaration): { elements: number | null; elemSize: number | null } | null {
  if (decl.pointers > 0 || decl.arrays.length > 0 || decl.reference) return null;
  let type = decl.owner.child('type');
  if (type?.type === 'qualified_identifier') {
    if (type.child('scope')?.text !== 'std') return null;
    type = type.child('name');
  }
  if (type?.type !== 'template_type' || type.child('name')?.text !== 'array') return null;
  const list = type.child('arguments')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  if (list.length !== 2) return null;
  const elem = list[0] as SyntaxNode;
  return { elements: constInt(list[1] as SyntaxNode), elemSize: elem.type === 'type_descriptor' ? sizeOfType(elem.text) : null };
}

/** `arr.data()`, `arr.begin()`, `std::data(arr)`, `std::begin(arr)`: the container whose storage the call points at. */
function storageOf(call: SyntaxNode): SyntaxNode | null {
  const fn = call.child('function');
  const args = call.child('arguments')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  if (fn?.type === 'field_expression' && args.length === 0 && /^(?:data|begin)$/.test(fn.child('field')?.text ?? '')) return fn.child('argument');
  if (fn?.type === 'qualified_identifier' && args.length === 1 && /^std::(?:data|begin)$/.test(fn.text.replace(/\s+/g, ''))) return args[0] as SyntaxNode;
  return null;
}

/**
 * The buffer a destination expression writes to: a declared array (`buf`, `s->name`, `buf + 4`,
 * `&buf[4]`, a pointer last assigned from one), heap memory with its allocation size, or an
 * unknown pointer. Null when the expression is not a buffer at all (or not understood).
 */
export function bufferOf(expr: SyntaxNode, at: SyntaxNode, depth = 0): BufferInfo | null {
  if (depth > 8) return null;
  const v = unwrap(expr);
  switch (v.type) {
    case 'identifier':
    case 'field_expression':
    case 'subscript_expression': {
      let decl: Declaration | null = null;
      let dims = 0;
      let base = v;
      while (base.type === 'subscript_expression' && dims < 4) {
        base = unwrap(base.child('argument') ?? base);
        dims++;
      }
      if (base.type === 'identifier') decl = findDeclaration(base.text, at);
      else if (base.type === 'field_expression') {
        const field = base.child('field')?.text;
        const object = base.child('argument');
        // The field of the object's declared type, else a field name that means one thing in every struct.
        if (field && object) decl = memberDeclaration(object, field, at);
        if (field && !decl) {
          const fields = fieldDeclarations(rootOf(base), field);
          // Only trust a field name that means the same thing in every struct that declares it.
          const sizes = new Set(fields.map((f) => (f.arrays.length > 0 ? (constInt(f.arrays[0] ?? null) ?? -1) : -2)));
          if (fields.length > 0 && sizes.size === 1) decl = fields[0] as Declaration;
        }
      } else return null;
      if (!decl) return null;
      // `std::array<char, 64> name_`: a fixed array behind a class (its `[]` is not checked either).
      const std = decl.kind !== 'param' && dims === 0 ? stdArrayOf(decl) : null;
      if (std) return { kind: 'array', elements: std.elements, elemSize: std.elemSize, decl, alloc: null, origin: decl.declarator };
      if (decl.arrays.length > dims && decl.kind !== 'param') {
        let elements = constInt(decl.arrays[dims] ?? null);
        if (elements === null && dims === 0 && decl.arrays[0] === null && decl.init) {
          // `char buf[] = "abc"` / `int a[] = {1, 2, 3}`
          const init = unwrap(decl.init);
          if (init.type === 'string_literal' || init.type === 'concatenated_string') elements = cStringLength(stringLiteralValue(init)) + 1;
          else if (init.type === 'initializer_list') elements = init.namedChildren.filter((c) => c.type !== 'comment').length;
        }
        return { kind: 'array', elements, elemSize: elementSize(decl, dims), decl, alloc: null, origin: decl.declarator };
      }
      if (decl.pointers > 0 || decl.arrays.length > 0) {
        if (dims > 0 || base.type !== 'identifier') return { kind: 'pointer', elements: null, elemSize: null, decl, alloc: null, origin: null };
        const last = lastAssignment(base.text, at, decl.fn ?? enclosingFunction(at));
        const value = last ? last.value : null;
        if (value) {
          const alloc = allocationCall(value);
          if (alloc) {
            const size = allocationSize(alloc);
            const elemSize = sizeOfType(decl.type, decl.pointers - 1);
            return { kind: 'heap', elements: size.bytes !== null && elemSize ? Math.floor(size.bytes / elemSize) : null, elemSize, decl, alloc: size.expr, origin: alloc };
          }
          const target = unwrap(value);
          if (target.type !== 'call_expression' && target.type !== 'string_literal' && target.type !== 'null' && target.type !== 'number_literal') {
            const inner = bufferOf(target, last?.node ?? at, depth + 1);
            if (inner) return inner;
          }
        }
        return { kind: 'pointer', elements: null, elemSize: sizeOfType(decl.type, Math.max(0, decl.pointers - 1)), decl, alloc: null, origin: null };
      }
      return null;
    }
    case 'binary_expression': {
      const op = v.child('operator')?.text;
      if (op !== '+' && op !== '-') return null;
      const left = v.child('left');
      const right = v.child('right');
      if (!left || !right) return null;
      const inner = bufferOf(left, at, depth + 1);
      if (!inner) return null;
      const k = constInt(right);
      return { ...inner, elements: inner.elements !== null && k !== null ? inner.elements - (op === '+' ? k : -k) : null };
    }
    case 'call_expression': {
      const container = storageOf(v);
      if (!container) return null;
      const inner = bufferOf(container, at, depth + 1);
      return inner && inner.kind === 'array' && inner.decl && stdArrayOf(inner.decl) ? inner : null;
    }
    case 'pointer_expression': {
      if (v.child('operator')?.text !== '&') return null;
      const arg = v.child('argument');
      if (!arg) return null;
      const a = unwrap(arg);
      if (a.type === 'subscript_expression') {
        const inner = bufferOf(a.child('argument') ?? a, at, depth + 1);
        if (!inner) return null;
        const idx = constInt(subscriptIndex(a));
        return { ...inner, elements: inner.elements !== null && idx !== null ? inner.elements - idx : null };
      }
      return null;
    }
    default:
      return null;
  }
}

/** The index expression of `a[i]` (C: `index`; C++: the first of `indices`). */
export function subscriptIndex(node: SyntaxNode): SyntaxNode | null {
  const index = node.child('index');
  if (index) return index;
  const list = node.child('indices');
  return list?.namedChildren.find((c) => c.type !== 'comment') ?? null;
}

/** Name of a called function (`strcpy`, `std::system` → `system`, `obj.m` → `m`), or null. */
export function calledName(call: SyntaxNode): string | null {
  const fn = call.child('function');
  if (!fn) return null;
  if (fn.type === 'identifier') return expandName(fn.text, fn).replace(/^.*::/, '');
  if (fn.type === 'qualified_identifier') return fn.text.replace(/^.*::/, '');
  if (fn.type === 'field_expression') return fn.child('field')?.text ?? null;
  if (fn.type === 'template_function') return fn.child('name')?.text.replace(/^.*::/, '') ?? null;
  return null;
}

/** Positional arguments of a call node. */
export function callArgs(call: SyntaxNode): SyntaxNode[] {
  return call.child('arguments')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
}

/** Descendants (and the node itself) of the given types, in document order, not inside nested functions. */
export function descendants(node: SyntaxNode, types: ReadonlySet<string>, limit = 20_000, intoFunctions = false): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [node];
  let budget = limit;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (types.has(n.type)) out.push(n);
    if (n !== node && !intoFunctions && FUNCTION_TYPES.has(n.type)) continue;
    if (n.type === 'comment' || n.type === 'string_literal') continue;
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as SyntaxNode);
  }
  return out;
}

const descendantCache = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();

/** `descendants()` of a scope, cached per scope and type set (for predicates that scan a whole function). */
export function scopeDescendants(scope: SyntaxNode, types: readonly string[]): SyntaxNode[] {
  const key = types.join(',');
  // The whole file includes function bodies; a function's scope stops at nested lambdas.
  const into = scope.parent === null;
  let map = descendantCache.get(scope);
  if (!map) descendantCache.set(scope, (map = new Map()));
  let hit = map.get(key);
  if (!hit) map.set(key, (hit = descendants(scope, new Set(types), 400_000, into)));
  return hit;
}

/** The name of a function definition (`gen_token`, `Session::create` → `create`), or null. */
export function functionName(fn: SyntaxNode | null): string | null {
  if (!fn || fn.type !== 'function_definition') return null;
  let d = fn.child('declarator');
  for (let i = 0; d && i < 16; i++) {
    if (d.type === 'function_declarator') {
      const name = d.child('declarator');
      return name ? name.text.replace(/\s+/g, '').replace(/^.*::/, '') : null;
    }
    d = d.child('declarator');
  }
  return null;
}

const EXITS = /^(?:exit|_exit|_Exit|abort|quick_exit|err|errx|verr|verrx|die|fatal|panic|usage|std::exit|std::abort|std::terminate|pthread_exit|ExitProcess|longjmp|siglongjmp)$/;
const noReturnCache = new WeakMap<SyntaxNode, boolean>();

/**
 * Whether a call never returns: exit(), abort(), err() and the like, or a function of this file
 * that ends by calling one (`static void quit(const char *msg) { fputs(msg, stderr); exit(1); }`)
 * or is declared `noreturn`.
 */
export function callNeverReturns(call: SyntaxNode): boolean {
  const fn = call.child('function');
  const name = fn ? fn.text.replace(/\s+/g, '') : '';
  if (EXITS.test(name)) return true;
  if (fn?.type !== 'identifier') return false;
  const def = functionsByName(rootOf(call)).get(name);
  if (!def || def.contains(call)) return false;
  let hit = noReturnCache.get(def);
  if (hit === undefined) {
    const head = def.text.slice(0, Math.max(0, (def.child('body')?.start ?? def.start) - def.start));
    const body = def.child('body');
    const last = body?.namedChildren.filter((c) => c.type !== 'comment').pop();
    const e = last?.type === 'expression_statement' ? last.namedChildren[0] : null;
    hit = /noreturn|_Noreturn|NORETURN/.test(head) || (e?.type === 'call_expression' && EXITS.test(e.child('function')?.text.replace(/\s+/g, '') ?? ''));
    noReturnCache.set(def, hit);
  }
  return hit;
}

const functionCache = new WeakMap<SyntaxNode, Map<string, SyntaxNode>>();

/** Function definitions of the file by name (the first one wins). */
export function functionsByName(root: SyntaxNode): Map<string, SyntaxNode> {
  let map = functionCache.get(root);
  if (map) return map;
  map = new Map();
  for (const fn of structureOf(root)) {
    if (fn.type !== 'function_definition') continue;
    const name = functionName(fn);
    if (name && !map.has(name)) map.set(name, fn);
  }
  functionCache.set(root, map);
  return map;
}
