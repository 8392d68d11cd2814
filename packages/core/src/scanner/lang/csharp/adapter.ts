import type { SyntaxNode } from '../../syntax.ts';
import { SyntaxNode as Node } from '../../syntax.ts';
import type { Arg, CallView, FunctionView, LanguageAdapter, ParamView, View } from '../../engine/adapter.ts';

/**
 * The C# adapter (tree-sitter-c-sharp): ASP.NET Core, classic ASP.NET (MVC, Web API, WebForms),
 * console programs.
 *
 * Conventions beyond the engine contract:
 * - `this.X` / `base.X` are the name `X` (fields and properties of the current object).
 * - Object initializers (`new SqlCommand { CommandText = sql }`) become keyword arguments of the
 *   constructor call (`CommandText`), collection initializers positional-less items (index -1).
 * - `Request["id"]` (classic ASP.NET's indexer over query, form, cookies and server variables)
 *   is an index (`Request.[]`), while `Request.Query["id"]` is the member `Request.Query.id`.
 * - A declaration with a numeric, boolean, Guid or date type (`int id = …`, `foreach (long x in …)`)
 *   binds a value that carries no string, whatever the initializer.
 * - WebForms controls (`txtName.Text`, `lblMessage.Text`) are aliased to their control type in
 *   pages and user controls, so `System.Web.UI.WebControls.TextBox.Text` can be a source.
 */

const FUNCTION_TYPES = new Set([
  'method_declaration',
  'constructor_declaration',
  'destructor_declaration',
  'operator_declaration',
  'conversion_operator_declaration',
  'local_function_statement',
  'lambda_expression',
  'anonymous_method_expression',
  'accessor_declaration',
]);
const STRING_TYPES = new Set(['string_literal', 'verbatim_string_literal', 'raw_string_literal', 'interpolated_string_expression', 'character_literal']);
const COMMENT_TYPES = new Set(['comment']);
export const CLASS_TYPES = new Set(['class_declaration', 'struct_declaration', 'record_declaration', 'record_struct_declaration', 'interface_declaration']);
const SKIP_TYPES = new Set([
  'comment',
  'using_directive',
  'extern_alias_directive',
  'attribute_list',
  'global_attribute',
  'modifier',
  'base_list',
  'type_parameter_list',
  'type_parameter_constraints_clause',
  'parameter_list',
  'bracketed_parameter_list',
  'enum_declaration',
  'interface_declaration',
  'delegate_declaration',
  'event_declaration',
  'event_field_declaration',
  'preproc_region',
  'preproc_endregion',
  'preproc_pragma',
  'preproc_nullable',
  'preproc_define',
  'preproc_undef',
  'preproc_line',
  'preproc_error',
  'preproc_warning',
  'empty_statement',
  'catch_declaration',
  'implicit_type',
  'array_type',
  'nullable_type',
  'pointer_type',
  'tuple_type',
  'function_pointer_type',
  'type_argument_list',
  'constructor_initializer',
]);
const LITERAL_TYPES = new Set([
  'integer_literal',
  'real_literal',
  'boolean_literal',
  'null_literal',
  'character_literal',
  'default_expression',
  'typeof_expression',
  'sizeof_expression',
  'discard',
]);
const PASS_TYPES = new Set([
  'parenthesized_expression',
  'await_expression',
  'checked_expression',
  'ref_expression',
  'makeref_expression',
  'expression_element',
  'collection_element',
  'spread_element',
  'argument',
]);
const COMPARISON = new Set(['==', '!=']);
const CLEAN_BINARY = new Set(['<', '>', '<=', '>=', '-', '*', '/', '%', '&', '|', '^', '<<', '>>', '>>>', '&&', '||']);

/** Value types that cannot carry a string: a variable declared with one of them is clean. */
export const NON_STRING_TYPE =
  /^(?:System\.)?(?:int|uint|long|ulong|short|ushort|byte|sbyte|bool|double|float|decimal|nint|nuint|Int16|Int32|Int64|UInt16|UInt32|UInt64|Byte|SByte|Boolean|Double|Single|Decimal|Guid|DateTime|DateTimeOffset|DateOnly|TimeOnly|TimeSpan|CancellationToken|IntPtr)\??$/;

/** The identifier text of a name node (`Foo`, `Foo<T>`, `A.B.Foo`, `global::Foo`). */
export function simpleName(node: SyntaxNode | null): string {
  if (!node) return '?';
  switch (node.type) {
    case 'identifier':
      return node.text;
    case 'generic_name':
      return node.namedChildren.find((c) => c.type === 'identifier')?.text ?? '?';
    case 'qualified_name':
    case 'alias_qualified_name':
    case 'member_access_expression':
      return simpleName(node.child('name'));
    case 'predefined_type':
      return node.text;
    case 'nullable_type':
    case 'array_type':
      return simpleName(node.child('type') ?? node.namedChildren[0] ?? null);
    default:
      return node.text;
  }
}

/** A type's text without generic arguments, nullability and namespace (`System.Collections.Generic.List<T>?` → `List`). */
export function typeName(text: string | null): string {
  if (!text) return '';
  let t = text.trim();
  const lt = t.indexOf('<');
  if (lt > 0) t = t.slice(0, lt);
  t = t.replace(/\?$/, '').replace(/^global::/, '');
  const dot = t.lastIndexOf('.');
  return dot >= 0 ? t.slice(dot + 1) : t;
}

/** The value of an `argument` node (after an optional `name:` and `ref`/`out`/`in`). */
function argumentValue(arg: SyntaxNode): SyntaxNode | null {
  let value: SyntaxNode | null = null;
  for (const c of arg.children) if (c.named && c.field !== 'name' && c.type !== 'comment') value = c;
  return value;
}

/** Value of a `variable_declarator`: the expression after `=`. */
export function declaratorValue(decl: SyntaxNode): SyntaxNode | null {
  let seenEq = false;
  for (const c of decl.children) {
    if (!c.named && c.text === '=') seenEq = true;
    else if (seenEq && c.named && c.type !== 'comment') return c;
  }
  return null;
}

/** Left side (a name) and value of an assignment in an object initializer, or null. */
function initializerEntry(n: SyntaxNode): { name: string | null; value: SyntaxNode } | null {
  if (n.type === 'assignment_expression') {
    const left = n.child('left');
    const right = n.child('right');
    if (!right) return null;
    return { name: left && left.type === 'identifier' ? left.text : null, value: right };
  }
  if (n.named && n.type !== 'comment') return { name: null, value: n };
  return null;
}

function argsOf(list: SyntaxNode | null, initializer: SyntaxNode | null): Arg[] {
  const out: Arg[] = [];
  if (list) {
    let index = 0;
    for (const c of list.children) {
      if (c.type !== 'argument') continue;
      const value = argumentValue(c);
      if (!value) continue;
      const name = c.child('name');
      if (name) out.push({ node: value, name: name.text, index: -1 });
      else out.push({ node: value, name: null, index: index++ });
    }
  }
  if (initializer) {
    for (const c of initializer.children) {
      const e = initializerEntry(c);
      if (e) out.push({ node: e.value, name: e.name, index: -1 });
    }
  }
  return out;
}

/** Receiver and name of an invocation's callee. */
function calleeParts(fn: SyntaxNode): { receiver: SyntaxNode | null; name: string } {
  switch (fn.type) {
    case 'member_access_expression': {
      const obj = fn.child('expression');
      const name = simpleName(fn.child('name'));
      if (obj && (obj.type === 'this' || obj.type === 'base' || obj.text === 'this' || obj.text === 'base')) return { receiver: null, name };
      return { receiver: obj, name };
    }
    case 'conditional_access_expression': {
      const obj = fn.child('condition');
      const binding = fn.namedChildren.find((c) => c.type === 'member_binding_expression');
      return { receiver: obj, name: simpleName(binding?.child('name') ?? null) };
    }
    case 'identifier':
    case 'generic_name':
      return { receiver: null, name: simpleName(fn) };
    default:
      return { receiver: null, name: '?' };
  }
}

const STREAM_WRAPPERS = /^(?:StreamReader|BinaryReader|BufferedStream|GZipStream|DeflateStream|BrotliStream)$/;
const STREAM_ARG = /(?:Body|InputStream|BodyReader|Stream|stream|OpenReadStream\(\)|GetStream\(\)|Content|^ms|^fs)$/;

/**
 * `new StreamReader(Request.Body)`: a reader over a stream is the stream's data (a transparent
 * wrapper), not a file path. Only a reader over a path (`new StreamReader(path)`) opens a file.
 */
function streamWrapper(node: SyntaxNode): SyntaxNode | null {
  if (!STREAM_WRAPPERS.test(simpleName(node.child('type')))) return null;
  const first = node.child('arguments')?.namedChildren.find((c) => c.type === 'argument');
  const value = first ? argumentValue(first) : null;
  if (!value || !STREAM_ARG.test(value.text)) return null;
  return value;
}

/** The type a target-typed `new()` creates, from its declaration (`XmlReaderSettings s = new() { … }`). */
function targetType(node: SyntaxNode): SyntaxNode | null {
  const p = node.parent;
  if (p?.type === 'variable_declarator') {
    const decl = p.parent;
    const t = decl?.type === 'variable_declaration' ? decl.child('type') : null;
    if (t && t.type !== 'implicit_type') return t;
  }
  if (p?.type === 'property_declaration') return p.child('type');
  return null;
}

const BUILDER_APPENDS = new Set(['Append', 'AppendLine', 'AppendFormat', 'Insert']);

/**
 * `sb.Append(a).Append(b)`: every call of the chain appends to `sb` (each returns the builder).
 * Shown as one append of all the values to the chain's root variable, so the builder — not the
 * chain's intermediate results — holds the text, as `sb.Append(a); sb.Append(b);` would.
 */
function appendChain(node: SyntaxNode, fn: SyntaxNode, name: string): CallView | null {
  if (!BUILDER_APPENDS.has(name) || fn.type !== 'member_access_expression') return null;
  const calls: SyntaxNode[] = [node];
  let n = fn.child('expression');
  for (let i = 0; n && n.type === 'invocation_expression' && i < 256; i++) {
    const f = n.child('function');
    if (f?.type !== 'member_access_expression' || !BUILDER_APPENDS.has(simpleName(f.child('name')))) return null;
    calls.unshift(n);
    n = f.child('expression');
  }
  if (calls.length < 2 || !n || (n.type !== 'identifier' && n.type !== 'member_access_expression')) return null;
  const args: Arg[] = [];
  for (const c of calls) for (const a of argsOf(c.child('arguments'), null)) args.push({ ...a, index: a.index < 0 ? -1 : args.length });
  return { kind: 'call', node, callee: fn, receiver: n, name, args, isNew: false };
}

/** Name a same-file path-confining helper's calls are shown under (a path sanitizer in the profile). */
export const CONFINED_PATH = 'ConfinedPathHelper';

const confiningCache = new WeakMap<SyntaxNode, boolean>();

/** Whether a subtree contains an invocation of one of these names (bounded). */
function invokes(node: SyntaxNode, names: ReadonlySet<string>, budget = { n: 5000 }): boolean {
  if (budget.n-- <= 0) return false;
  if (node.type === 'invocation_expression') {
    const f = node.child('function');
    const name = f?.type === 'member_access_expression' ? simpleName(f.child('name')) : f ? simpleName(f) : '';
    if (names.has(name)) return true;
  }
  for (const c of node.children) if (c.named && invokes(c, names, budget)) return true;
  return false;
}

function leaves(node: SyntaxNode | null): boolean {
  if (!node) return false;
  if (node.type === 'throw_statement' || node.type === 'return_statement') return true;
  return node.type === 'block' && node.namedChildren.some((c) => c.type === 'throw_statement' || c.type === 'return_statement');
}

const CANONICAL = new Set(['GetFullPath']);
/**
 * `name.EndsWith(".csv")`: a file-extension test says nothing about the rest of the value
 * (`../../secrets/x.csv` passes it), so it is a plain boolean, not a validator that cleans the value.
 */
function extensionCheck(node: SyntaxNode): View | null {
  const fn = node.child('function');
  if (fn?.type !== 'member_access_expression' || fn.child('name')?.text !== 'EndsWith') return null;
  const args = (node.child('arguments')?.namedChildren ?? []).filter((a) => a.type === 'argument');
  const first = args[0]?.namedChildren[args[0].namedChildren.length - 1];
  if (!first || first.type !== 'string_literal') return null;
  const text = first.text.slice(1, -1);
  if (!/^\.[A-Za-z0-9]{1,8}$/.test(text)) return null;
  const receiver = fn.child('expression');
  return { kind: 'clean', parts: [...(receiver ? [receiver] : []), ...args] };
}

const CONTAINMENT = new Set(['StartsWith', 'IsSubPathOf', 'IsBaseOf']);

/**
 * A helper of the file that canonicalises a path and refuses anything outside a root before
 * returning it: `var full = Path.GetFullPath(Path.Combine(_root, rel)); if (!full.StartsWith(_root …))
 * throw …; return full;`. What it returns stays inside the root, whatever it was given.
 */
function confinesPath(method: SyntaxNode): boolean {
  const hit = confiningCache.get(method);
  if (hit !== undefined) return hit;
  let result = false;
  const body = method.child('body');
  if (body && invokes(body, CANONICAL)) {
    const stack: SyntaxNode[] = [body];
    let budget = 5000;
    while (stack.length > 0 && budget-- > 0 && !result) {
      const n = stack.pop() as SyntaxNode;
      if (n.type === 'if_statement') {
        const cond = n.child('condition');
        if (cond && invokes(cond, CONTAINMENT) && leaves(n.child('consequence'))) result = true;
      }
      for (const c of n.children) if (c.named) stack.push(c);
    }
  }
  confiningCache.set(method, result);
  return result;
}

/** The method of the enclosing class a bare call (`Helper(x)`, `this.Helper(x)`) names, or null. */
function sameClassMethod(node: SyntaxNode, name: string): SyntaxNode | null {
  const cls = node.ancestor(CLASS_TYPES);
  const list = cls?.child('body') ?? cls?.namedChildren.find((c) => c.type === 'declaration_list') ?? null;
  if (!list) return null;
  for (const m of list.children) if (m.type === 'method_declaration' && m.child('name')?.text === name) return m;
  return null;
}

function callView(node: SyntaxNode): CallView | null {
  switch (node.type) {
    case 'invocation_expression': {
      const fn = node.child('function');
      if (!fn) return null;
      const { receiver, name } = calleeParts(fn);
      const chain = appendChain(node, fn, name);
      if (chain) return chain;
      let callee = fn;
      if (!receiver && (fn.type === 'identifier' || fn.type === 'member_access_expression')) {
        const method = sameClassMethod(node, name);
        if (method && method !== node.ancestor(FUNCTION_TYPES) && confinesPath(method)) {
          callee = new Node('$confined', true, null, fn.start, fn.end, fn.parent, fn.source);
          callee.viewCache = { kind: 'name', name: CONFINED_PATH };
        }
      }
      return { kind: 'call', node, callee, receiver, name, args: argsOf(node.child('arguments'), null), isNew: false };
    }
    case 'object_creation_expression': {
      const type = node.child('type');
      return {
        kind: 'call',
        node,
        callee: type,
        receiver: null,
        name: simpleName(type),
        args: argsOf(node.child('arguments'), node.child('initializer')),
        isNew: true,
      };
    }
    case 'implicit_object_creation_expression': {
      const type = targetType(node);
      const list = node.namedChildren.find((c) => c.type === 'argument_list') ?? null;
      const init = node.namedChildren.find((c) => c.type === 'initializer_expression') ?? null;
      return { kind: 'call', node, callee: type, receiver: null, name: type ? simpleName(type) : '?', args: argsOf(list, init), isNew: true };
    }
    default:
      return null;
  }
}

/** Identifiers bound by a target: `x`, `this.x`, `out var x`, `var (a, b)`, `(a, b) = …`. */
function bindingNames(target: SyntaxNode): SyntaxNode[] {
  switch (target.type) {
    case 'identifier':
      return [target];
    case 'member_access_expression': {
      const obj = target.child('expression');
      const name = target.child('name');
      if (obj && name && (obj.type === 'this' || obj.type === 'base' || obj.text === 'this' || obj.text === 'base')) return [name];
      return [];
    }
    case 'declaration_expression': {
      const name = target.child('name');
      if (name) return bindingNames(name);
      const out: SyntaxNode[] = [];
      for (const c of target.namedChildren) if (c.field !== 'type') out.push(...bindingNames(c));
      return out;
    }
    case 'tuple_pattern':
    case 'parenthesized_variable_designation':
    case 'tuple_expression':
    case 'argument': {
      const out: SyntaxNode[] = [];
      for (const c of target.namedChildren) if (c.field !== 'type' && c.type !== 'implicit_type' && c.type !== 'predefined_type') out.push(...bindingNames(c));
      return out;
    }
    case 'parenthesized_expression': {
      const inner = target.namedChildren[0];
      return inner ? bindingNames(inner) : [];
    }
    default:
      return [];
  }
}

/** Texts of the attribute lists and modifiers directly on a node. */
export function attributesOf(node: SyntaxNode): string[] {
  const out: string[] = [];
  for (const c of node.children) if (c.type === 'attribute_list') for (const a of c.namedChildren) if (a.type === 'attribute') out.push(a.text);
  return out;
}

export function modifiersOf(node: SyntaxNode): string[] {
  const out: string[] = [];
  for (const c of node.children) if (c.type === 'modifier' || (!c.named && /^(?:ref|out|in|params|this|scoped)$/.test(c.type))) out.push(c.text);
  return out;
}

function paramsOf(node: SyntaxNode): ParamView[] {
  const list = node.child('parameters') ?? node.namedChildren.find((c) => c.type === 'parameter_list') ?? null;
  if (!list) return [];
  if (list.type === 'implicit_parameter' || list.type === 'identifier') {
    return [{ name: list.text, node: list, type: null, annotations: [], index: 0 }];
  }
  const out: ParamView[] = [];
  let index = 0;
  for (const p of list.children) {
    if (p.type !== 'parameter') continue;
    const name = p.child('name');
    if (name) {
      const annotations = [...attributesOf(p), ...modifiersOf(p)];
      out.push({ name: name.text, node: name, type: p.child('type')?.text ?? null, annotations, index });
    }
    index++;
  }
  return out;
}

/** Names of the base types of a class declaration, without namespaces and generic arguments. */
export function basesOf(cls: SyntaxNode | null): string[] {
  const out: string[] = [];
  const list = cls?.children.find((c) => c.type === 'base_list');
  if (list) for (const c of list.namedChildren) if (c.type !== 'argument_list') out.push(typeName(c.text));
  return out;
}

function functionBody(node: SyntaxNode): SyntaxNode | null {
  let body = node.child('body');
  if (!body && node.type === 'anonymous_method_expression') body = node.namedChildren.find((c) => c.type === 'block') ?? null;
  if (body?.type === 'arrow_expression_clause') return body.namedChildren[0] ?? null;
  return body;
}

function functionView(node: SyntaxNode): FunctionView {
  const cls = node.ancestor(CLASS_TYPES);
  let name: string | null = null;
  if (node.type === 'accessor_declaration') {
    const prop = node.parent?.parent;
    name = prop?.child('name')?.text ?? null;
  } else if (node.type !== 'lambda_expression' && node.type !== 'anonymous_method_expression') name = node.child('name')?.text ?? null;
  if (!name && node.parent?.type === 'variable_declarator') name = node.parent.child('name')?.text ?? null;
  const params = paramsOf(node);
  if (node.type === 'accessor_declaration' && node.child('name')?.text === 'set') {
    params.push({ name: 'value', node, type: node.parent?.parent?.child('type')?.text ?? null, annotations: ['set'], index: 0 });
  }
  return {
    node,
    name,
    params,
    body: functionBody(node),
    decorators: attributesOf(node),
    className: cls?.child('name')?.text ?? null,
    classBases: basesOf(cls),
    passedTo: null,
  };
}

/** Content of a regular string literal (escapes left as written). */
function stringContent(node: SyntaxNode): string {
  let out = '';
  for (const c of node.children) if (c.type === 'string_literal_content' || c.type === 'escape_sequence' || c.type === 'raw_string_content') out += c.text;
  return out;
}

function verbatimContent(text: string): string {
  const start = text.indexOf('"');
  if (start < 0) return text;
  return text.slice(start + 1, text.endsWith('"') ? -1 : undefined).replaceAll('""', '"');
}

function isThis(n: SyntaxNode | null): boolean {
  return n !== null && (n.type === 'this' || n.type === 'base' || n.text === 'this' || n.text === 'base');
}

/** Whether a member access reads a number or a flag (`s.Length`, `list.Count`): carries no string. */
const CLEAN_MEMBERS = new Set(['Length', 'Count', 'LongLength', 'HasValue', 'IsEmpty', 'Ticks', 'Year', 'Month', 'Day', 'Hour', 'Minute', 'Second', 'Millisecond']);

/** A synthetic wrapper: the wrapped expression is walked, its value is clean (numeric declarations). */
const CLEAN_WRAPPER = '$clean';

function cleanWrapper(value: SyntaxNode): SyntaxNode {
  const w = new Node(CLEAN_WRAPPER, true, null, value.start, value.end, value.parent, value.source);
  w.children.push(value);
  return w;
}

function declaredNonString(decl: SyntaxNode | null): boolean {
  if (!decl) return false;
  const t = decl.child('type');
  return t !== null && NON_STRING_TYPE.test(t.text.replace(/\s+/g, ''));
}

/** Patterns of `is`: constants compare for equality; anything else is a type test (clean). */
function isPatternView(node: SyntaxNode): View {
  const subject = node.child('expression');
  const pattern = node.child('pattern');
  if (subject && pattern) {
    if (pattern.type === 'constant_pattern') {
      const c = pattern.namedChildren[0];
      if (c && c.type !== 'binary_expression') return { kind: 'equality', left: subject, right: c, negated: false };
    }
    if (pattern.type === 'negated_pattern') {
      const inner = pattern.namedChildren[0];
      const c = inner?.type === 'constant_pattern' ? inner.namedChildren[0] : null;
      if (c && c.type !== 'binary_expression') return { kind: 'equality', left: subject, right: c, negated: true };
    }
  }
  return { kind: 'clean', parts: node.namedChildren.filter((c) => c.field !== 'pattern' || c.type !== 'declaration_pattern') };
}

function viewOf(node: SyntaxNode): View | null {
  const t = node.type;
  if (SKIP_TYPES.has(t)) return { kind: 'skip' };
  if (t === CLEAN_WRAPPER) return { kind: 'clean', parts: node.children };
  if (LITERAL_TYPES.has(t)) return { kind: 'literal' };
  if (PASS_TYPES.has(t)) {
    const inner = t === 'argument' ? argumentValue(node) : node.namedChildren[0];
    return inner ? { kind: 'pass', inner } : { kind: 'literal' };
  }
  if (FUNCTION_TYPES.has(t)) {
    if (t === 'accessor_declaration' && !node.child('body')) return { kind: 'skip' };
    return { kind: 'function', fn: functionView(node) };
  }
  switch (t) {
    case 'identifier':
      return { kind: 'name', name: node.text };
    case 'this':
    case 'base':
      return { kind: 'name', name: node.text };
    case 'generic_name':
    case 'predefined_type':
      return { kind: 'name', name: simpleName(node) };
    case 'alias_qualified_name':
      return { kind: 'name', name: simpleName(node) };
    case 'qualified_name': {
      const q = node.child('qualifier');
      if (!q) return null;
      return { kind: 'member', object: q, property: simpleName(node.child('name')) };
    }
    case 'string_literal':
    case 'raw_string_literal':
      return { kind: 'string', value: stringContent(node) };
    case 'verbatim_string_literal':
      return { kind: 'string', value: verbatimContent(node.text) };
    case 'string_literal_content':
    case 'raw_string_content':
    case 'escape_sequence':
    case 'string_content':
      return { kind: 'string', value: node.text };
    case 'interpolated_string_expression': {
      const parts: SyntaxNode[] = [];
      let dynamic = false;
      for (const c of node.children) {
        if (c.type === 'interpolation') {
          const e = c.namedChildren.find((x) => x.type !== 'interpolation_brace' && x.type !== 'interpolation_alignment_clause' && x.type !== 'interpolation_format_clause');
          if (e) {
            parts.push(e);
            dynamic = true;
          }
        } else if (c.type === 'string_content' || c.type === 'escape_sequence') parts.push(c);
      }
      if (!dynamic) return { kind: 'string', value: parts.map((p) => p.text).join('') };
      return { kind: 'concat', parts };
    }
    case 'member_access_expression': {
      const object = node.child('expression');
      const name = node.child('name');
      if (!object || !name) return null;
      const property = simpleName(name);
      if (isThis(object)) return { kind: 'name', name: property };
      if (property === 'Empty' && /^(?:string|String|System\.String)$/.test(object.text)) return { kind: 'string', value: '' };
      if (CLEAN_MEMBERS.has(property) || nonStringMembers(node).has(property)) return { kind: 'clean', parts: [object] };
      return { kind: 'member', object, property };
    }
    case 'conditional_access_expression': {
      const object = node.child('condition');
      const binding = node.namedChildren.find((c) => c.type === 'member_binding_expression' || c.type === 'element_binding_expression');
      if (!object || !binding) return null;
      if (binding.type === 'member_binding_expression') {
        const property = simpleName(binding.child('name'));
        if (CLEAN_MEMBERS.has(property)) return { kind: 'clean', parts: [object] };
        return { kind: 'member', object, property };
      }
      return indexView(object, binding);
    }
    case 'element_access_expression': {
      const object = node.child('expression');
      const subscript = node.child('subscript');
      if (!object) return null;
      return indexView(object, subscript);
    }
    case 'invocation_expression': {
      const fn = node.child('function');
      if (fn?.type === 'identifier' && fn.text === 'nameof') return { kind: 'literal' };
      const extension = extensionCheck(node);
      if (extension) return extension;
      return callView(node);
    }
    case 'object_creation_expression': {
      const wrapped = streamWrapper(node);
      if (wrapped) return { kind: 'pass', inner: wrapped };
      return callView(node);
    }
    case 'implicit_object_creation_expression':
      return callView(node);
    case 'anonymous_object_creation_expression': {
      // new { Id = x, name }: the values (a name followed by `=` is a property name).
      const items: SyntaxNode[] = [];
      const cs = node.children;
      for (let i = 0; i < cs.length; i++) {
        const c = cs[i] as SyntaxNode;
        if (!c.named || c.type === 'comment') continue;
        const next = cs[i + 1];
        if (next && !next.named && next.text === '=') continue;
        items.push(c);
      }
      return { kind: 'collection', items };
    }
    case 'array_creation_expression':
    case 'implicit_array_creation_expression':
    case 'stackalloc_expression':
    case 'implicit_stackalloc_expression': {
      const init = node.namedChildren.find((c) => c.type === 'initializer_expression');
      return { kind: 'collection', items: init ? [init] : [] };
    }
    case 'initializer_expression':
    case 'collection_expression':
    case 'tuple_expression':
      return { kind: 'collection', items: node.namedChildren.map((c) => (c.type === 'assignment_expression' ? (c.child('right') ?? c) : c)) };
    case 'with_expression': {
      const items: SyntaxNode[] = [];
      for (const c of node.namedChildren) {
        if (c.type === 'with_initializer' || c.type === 'initializer_expression') {
          for (const a of c.namedChildren) items.push(a.type === 'assignment_expression' ? (a.child('right') ?? a) : a);
        } else items.push(c);
      }
      return { kind: 'collection', items };
    }
    case 'binary_expression': {
      const op = node.child('operator')?.text ?? '';
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right) return null;
      if (op === '+') return { kind: 'concat', parts: [left, right] };
      if (op === '??') return { kind: 'choice', options: [left, right] };
      if (COMPARISON.has(op)) return { kind: 'equality', left, right, negated: op === '!=' };
      if (CLEAN_BINARY.has(op)) return { kind: 'clean', parts: [left, right] };
      return null;
    }
    case 'is_expression': {
      const left = node.child('left');
      return { kind: 'clean', parts: left ? [left] : [] };
    }
    case 'is_pattern_expression':
      return isPatternView(node);
    case 'as_expression': {
      const left = node.child('left');
      return left ? { kind: 'pass', inner: left } : null;
    }
    case 'cast_expression': {
      const type = node.child('type');
      const value = node.child('value');
      if (!value) return null;
      if (type && NON_STRING_TYPE.test(type.text.replace(/\s+/g, ''))) return { kind: 'clean', parts: [value] };
      if (type && type.type === 'identifier' && isEnumName(node, type.text)) return { kind: 'clean', parts: [value] };
      return { kind: 'pass', inner: value };
    }
    case 'prefix_unary_expression': {
      const op = node.children.find((c) => !c.named)?.text ?? '';
      const arg = node.namedChildren[0];
      if (!arg) return null;
      if (op === '!') return { kind: 'not', inner: arg };
      return { kind: 'clean', parts: [arg] };
    }
    case 'postfix_unary_expression': {
      const arg = node.namedChildren[0];
      if (!arg) return null;
      const op = node.children.find((c) => !c.named)?.text ?? '';
      if (op === '!') return { kind: 'pass', inner: arg };
      return { kind: 'clean', parts: [arg] };
    }
    case 'conditional_expression': {
      const a = node.child('consequence');
      const b = node.child('alternative');
      // `Url.IsLocalUrl(u) ? u : "/"`, `allowed.Contains(s) ? s : "name"`: the checked branch is validated.
      const checked = ternaryCheck(node.child('condition'));
      if (checked && a && b) {
        if (checked.negated ? sameValue(b, checked.subject) : sameValue(a, checked.subject)) return { kind: 'choice', options: [checked.negated ? a : b] };
      }
      return { kind: 'choice', options: [a, b].filter((x): x is SyntaxNode => x !== null) };
    }
    case 'switch_expression': {
      const options: SyntaxNode[] = [];
      for (const arm of node.namedChildren) {
        if (arm.type !== 'switch_expression_arm') continue;
        const value = arm.namedChildren[arm.namedChildren.length - 1];
        if (value) options.push(value);
      }
      return { kind: 'choice', options };
    }
    case 'variable_declaration':
      return { kind: 'collection', items: node.namedChildren.filter((c) => c.type === 'variable_declarator') };
    case 'variable_declarator': {
      const name = node.child('name') ?? node.namedChildren.find((c) => c.type === 'tuple_pattern') ?? null;
      if (!name) return null;
      let value = declaratorValue(node);
      if (value && declaredNonString(node.parent)) value = cleanWrapper(value);
      return { kind: 'assign', targets: [name], value, update: false };
    }
    case 'declaration_expression': {
      const name = node.child('name');
      return name && name.type === 'identifier' ? { kind: 'name', name: name.text } : { kind: 'literal' };
    }
    case 'assignment_expression': {
      const left = node.child('left');
      const right = node.child('right');
      const op = node.child('operator')?.text ?? '=';
      if (!left) return null;
      return { kind: 'assign', targets: [left], value: right, update: op !== '=' };
    }
    case 'property_declaration':
      return propertyView(node);
    case 'if_statement': {
      const condition = node.child('condition');
      if (!condition) return null;
      return { kind: 'if', condition, then: node.child('consequence'), else: node.child('alternative') };
    }
    case 'return_statement':
      return { kind: 'return', value: node.namedChildren.find((c) => c.type !== 'comment') ?? null };
    case 'throw_statement':
    case 'throw_expression':
      return { kind: 'exit' };
    case 'foreach_statement': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right) return null;
      const type = node.child('type');
      const iterable = type && NON_STRING_TYPE.test(type.text.replace(/\s+/g, '')) ? cleanWrapper(right) : right;
      return { kind: 'loop', targets: [left], iterable, body: node.child('body') };
    }
    case 'attribute':
      // `[BindProperty]` as the value of a Razor Pages property (see propertyView): request data.
      return BOUND_PROPERTY.test(node.text) || /^BindProperties\b/.test(node.text) ? { kind: 'name', name: 'BindProperty' } : { kind: 'skip' };
    default:
      return null;
  }
}

/** Validating predicates for the ternary guard `check(x) ? x : fallback`. */
const TERNARY_VALIDATOR = /^(?:IsLocalUrl|IsMatch|Contains|ContainsKey|TryParse|IsDefined|IsWellFormedUriString|(?:Is)?(?:Valid|Safe|Allowed)\w*)$/;

function ternaryCheck(cond: SyntaxNode | null): { subject: string; negated: boolean } | null {
  let c = cond;
  let negated = false;
  for (let i = 0; c && i < 4; i++) {
    if (c.type === 'parenthesized_expression') c = c.namedChildren[0] ?? null;
    else if (c.type === 'prefix_unary_expression' && c.children.some((x) => !x.named && x.text === '!')) {
      negated = !negated;
      c = c.namedChildren[0] ?? null;
    } else break;
  }
  if (!c || c.type !== 'invocation_expression') return null;
  const fn = c.child('function');
  if (!fn) return null;
  const { name } = calleeParts(fn);
  if (!TERNARY_VALIDATOR.test(name)) return null;
  const args = (c.child('arguments')?.namedChildren ?? []).map((a) => argumentValue(a)).filter((x): x is SyntaxNode => x !== null);
  const subject = args.find((a) => a.type === 'identifier' || a.type === 'member_access_expression');
  return subject ? { subject: subject.text, negated } : null;
}

function sameValue(node: SyntaxNode, text: string): boolean {
  let n = node;
  while (n.type === 'parenthesized_expression' && n.namedChildren[0]) n = n.namedChildren[0];
  return n.text === text;
}

function indexView(object: SyntaxNode, subscript: SyntaxNode | null): View {
  const args = subscript ? subscript.namedChildren.filter((c) => c.type === 'argument') : [];
  const first = args.length === 1 && args[0] ? argumentValue(args[0]) : null;
  // Classic ASP.NET `Request["id"]` searches query, form, cookies and server variables: keep it an index.
  const classicRequest = object.type === 'identifier' ? object.text === 'Request' : object.type === 'member_access_expression' && simpleName(object.child('name')) === 'Request';
  if (first && !classicRequest && (first.type === 'string_literal' || first.type === 'verbatim_string_literal')) {
    const property = first.type === 'string_literal' ? stringContent(first) : verbatimContent(first.text);
    if (property.length > 0) return { kind: 'member', object, property };
  }
  return { kind: 'index', object, index: first };
}

/**
 * Properties: an initializer is an assignment; an expression-bodied property is a getter; a Razor
 * Pages `[BindProperty]` property (or any settable property of a `[BindProperties]` class) is
 * bound from the request, so it starts out with request data.
 */
function propertyView(node: SyntaxNode): View | null {
  const name = node.child('name');
  const value = node.child('value');
  if (!name) return { kind: 'skip' };
  if (value?.type === 'arrow_expression_clause') {
    const body = value.namedChildren[0] ?? null;
    const cls = node.ancestor(CLASS_TYPES);
    return {
      kind: 'function',
      fn: { node, name: name.text, params: [], body, decorators: attributesOf(node), className: cls?.child('name')?.text ?? null, classBases: basesOf(cls), passedTo: null },
    };
  }
  const bind = boundAttribute(node);
  if (bind) return { kind: 'assign', targets: [name], value: bind, update: false };
  if (value) return { kind: 'assign', targets: [name], value, update: false };
  const accessors = node.child('accessors');
  if (accessors && accessors.namedChildren.some((a) => a.child('body'))) return null;
  return { kind: 'skip' };
}

/** Attributes that bind a property from the request (Razor Pages, controllers, Blazor query parameters). */
const BOUND_PROPERTY = /^(?:BindProperty|SupplyParameterFromQuery|SupplyParameterFromForm|FromQuery|FromForm|FromRoute|FromHeader|FromBody)\b/;

function boundAttribute(prop: SyntaxNode): SyntaxNode | null {
  const type = prop.child('type')?.text.replace(/\s+/g, '') ?? '';
  if (NON_STRING_TYPE.test(type)) return null;
  for (const list of prop.children) {
    if (list.type !== 'attribute_list') continue;
    for (const a of list.namedChildren) if (a.type === 'attribute' && BOUND_PROPERTY.test(a.text)) return a;
  }
  const cls = prop.ancestor(CLASS_TYPES);
  if (cls && /\bpublic\b/.test(modifiersOf(prop).join(' '))) {
    for (const list of cls.children) {
      if (list.type !== 'attribute_list') continue;
      for (const a of list.namedChildren) if (a.type === 'attribute' && /^BindProperties\b/.test(a.text)) return a;
    }
  }
  return null;
}

// ---- members declared in the file --------------------------------------------------------

const memberCache = new WeakMap<SyntaxNode, Set<string>>();

/**
 * Properties and fields the file declares only with numeric, boolean, Guid or date types
 * (`public int Quantity { get; set; }`, `record Item(Guid Id, string Name)`): reading them from
 * a request model yields no string.
 */
export function nonStringMembers(node: SyntaxNode): Set<string> {
  const root = rootOf(node);
  let names = memberCache.get(root);
  if (names) return names;
  const numeric = new Set<string>();
  const other = new Set<string>();
  const note = (name: string | undefined, type: SyntaxNode | null): void => {
    if (!name || !type) return;
    const t = type.text.replace(/\s+/g, '');
    (NON_STRING_TYPE.test(t) || (type.type === 'identifier' && enumNames(node).has(t)) ? numeric : other).add(name);
  };
  const stack: SyntaxNode[] = [root];
  let budget = 200000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'property_declaration') note(n.child('name')?.text, n.child('type'));
    else if (n.type === 'field_declaration') {
      const decl = n.namedChildren.find((c) => c.type === 'variable_declaration');
      for (const v of decl?.namedChildren ?? []) if (v.type === 'variable_declarator') note(v.child('name')?.text, decl?.child('type') ?? null);
    } else if (n.type === 'parameter' && (n.parent?.parent?.type === 'record_declaration' || n.parent?.parent?.type === 'class_declaration')) {
      note(n.child('name')?.text, n.child('type'));
    }
    if (
      n.type === 'compilation_unit' ||
      n.type === 'namespace_declaration' ||
      n.type === 'file_scoped_namespace_declaration' ||
      n.type === 'declaration_list' ||
      n.type === 'parameter_list' ||
      CLASS_TYPES.has(n.type) ||
      n.type.startsWith('preproc_')
    ) {
      for (const c of n.children) if (c.named) stack.push(c);
    }
  }
  names = new Set([...numeric].filter((n) => !other.has(n)));
  memberCache.set(root, names);
  return names;
}

// ---- enums declared in the file ------------------------------------------------------------

const enumCache = new WeakMap<SyntaxNode, Set<string>>();

function rootOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}

/** Names of the enums declared in the file of a node. */
export function enumNames(node: SyntaxNode): Set<string> {
  const root = rootOf(node);
  let names = enumCache.get(root);
  if (names) return names;
  names = new Set();
  const stack: SyntaxNode[] = [root];
  let budget = 200000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'enum_declaration') {
      const nm = n.child('name')?.text;
      if (nm) names.add(nm);
      continue;
    }
    if (
      n.type === 'compilation_unit' ||
      n.type === 'namespace_declaration' ||
      n.type === 'file_scoped_namespace_declaration' ||
      n.type === 'declaration_list' ||
      CLASS_TYPES.has(n.type) ||
      n.type.startsWith('preproc_')
    ) {
      for (const c of n.children) if (c.named) stack.push(c);
    }
  }
  enumCache.set(root, names);
  return names;
}

function isEnumName(node: SyntaxNode, name: string): boolean {
  return enumNames(node).has(name);
}

// ---- imports -------------------------------------------------------------------------------

const INPUT_CONTROL: Record<string, string> = {
  TextBox: 'System.Web.UI.WebControls.TextBox',
  HiddenField: 'System.Web.UI.WebControls.HiddenField',
  DropDownList: 'System.Web.UI.WebControls.DropDownList',
  ListBox: 'System.Web.UI.WebControls.ListBox',
  RadioButtonList: 'System.Web.UI.WebControls.RadioButtonList',
  HtmlInputText: 'System.Web.UI.HtmlControls.HtmlInputText',
  HtmlInputHidden: 'System.Web.UI.HtmlControls.HtmlInputHidden',
  HtmlTextArea: 'System.Web.UI.HtmlControls.HtmlTextArea',
  Label: 'System.Web.UI.WebControls.Label',
  Literal: 'System.Web.UI.WebControls.Literal',
};
const CONTROL_PREFIX: readonly [RegExp, string][] = [
  [/^(?:txt|tb)[A-Z_0-9]|^TextBox\d+$/, 'TextBox'],
  [/^(?:hf|hdn|hid)[A-Z_0-9]|^HiddenField\d+$/, 'HiddenField'],
  [/^(?:ddl|drp)[A-Z_0-9]|^DropDownList\d+$/, 'DropDownList'],
  [/^lbl[A-Z_0-9]|^Label\d+$/, 'Label'],
  [/^(?:lit|ltl|ltr)[A-Z_0-9]|^Literal\d+$/, 'Literal'],
];
/** Members of the static classes whose `using static` imports matter to the rules. */
const STATIC_MEMBERS: Record<string, readonly string[]> = {
  File: [
    'ReadAllText',
    'ReadAllTextAsync',
    'ReadAllBytes',
    'ReadAllBytesAsync',
    'ReadAllLines',
    'ReadAllLinesAsync',
    'ReadLines',
    'OpenRead',
    'OpenText',
    'Open',
    'OpenWrite',
    'Create',
    'CreateText',
    'WriteAllText',
    'WriteAllTextAsync',
    'WriteAllBytes',
    'WriteAllBytesAsync',
    'WriteAllLines',
    'AppendAllText',
    'AppendAllLines',
    'AppendText',
    'Delete',
    'Copy',
    'Move',
    'Replace',
  ],
  Directory: ['Delete', 'CreateDirectory', 'GetFiles', 'GetDirectories', 'EnumerateFiles', 'EnumerateDirectories', 'Move'],
  Path: ['Combine', 'Join', 'GetFileName', 'GetFileNameWithoutExtension', 'GetExtension', 'GetFullPath'],
  Console: ['ReadLine', 'ReadKey'],
  Environment: ['GetEnvironmentVariable', 'GetCommandLineArgs'],
  Process: ['Start'],
};

const WEBFORMS_BASE = /^(?:Page|UserControl|MasterPage|System\.Web\.UI\.(?:Page|UserControl|MasterPage))$/;

/**
 * `using P = System.Diagnostics.Process;` aliases, and in WebForms pages the server controls
 * (declared fields, or the usual `txt`/`lbl`/`lit` prefixes) mapped to their control type.
 */
function importAliases(root: SyntaxNode): Map<string, string> {
  const aliases = new Map<string, string>();
  const staticAliases = new Map<string, string>();
  let webforms = false;
  const stack: SyntaxNode[] = [root];
  const fields: [string, string][] = [];
  const memberNames = new Set<string>();
  let budget = 400000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'using_directive') {
      const alias = n.child('name');
      const target = n.namedChildren.find((c) => c !== alias && (c.type === 'qualified_name' || c.type === 'identifier' || c.type === 'generic_name'));
      if (alias && target) aliases.set(alias.text, target.text.includes('<') ? target.text.slice(0, target.text.indexOf('<')) : target.text);
      else if (target && n.children.some((c) => c.type === 'static')) {
        // using static System.IO.File; → ReadAllText(p) is System.IO.File.ReadAllText(p).
        const cls = target.text.replace(/^global::/, '');
        for (const member of STATIC_MEMBERS[typeName(cls)] ?? []) staticAliases.set(member, `${cls}.${member}`);
      } else if (/\bSystem\.Web\.UI\b/.test(n.text)) webforms = true;
      continue;
    }
    if (n.type === 'class_declaration') {
      if (basesOf(n).some((b) => WEBFORMS_BASE.test(b)) || n.children.some((c) => c.type === 'base_list' && /System\.Web\.UI\.(?:Page|UserControl)/.test(c.text))) webforms = true;
    }
    if (n.type === 'field_declaration') {
      const decl = n.namedChildren.find((c) => c.type === 'variable_declaration');
      const type = decl ? typeName(decl.child('type')?.text ?? '') : '';
      if (decl && INPUT_CONTROL[type]) for (const v of decl.namedChildren) if (v.type === 'variable_declarator') fields.push([v.child('name')?.text ?? '', type]);
    }
    if (n.type === 'member_access_expression') {
      const obj = n.child('expression');
      if (obj?.type === 'identifier') memberNames.add(obj.text);
    }
    for (let i = n.children.length - 1; i >= 0; i--) {
      const c = n.children[i] as SyntaxNode;
      if (c.named && c.type !== 'comment' && !STRING_TYPES.has(c.type)) stack.push(c);
    }
  }
  for (const [name, path] of staticAliases) if (!aliases.has(name)) aliases.set(name, path);
  if (webforms) {
    for (const [name, type] of fields) if (name) aliases.set(name, INPUT_CONTROL[type] as string);
    for (const name of memberNames) {
      if (aliases.has(name)) continue;
      for (const [re, type] of CONTROL_PREFIX) if (re.test(name)) aliases.set(name, INPUT_CONTROL[type] as string);
    }
  }
  return aliases;
}

/** The adapter for C#. */
export const csharpAdapter: LanguageAdapter = {
  language: 'csharp',
  grammar: () => 'c_sharp',
  commentTypes: COMMENT_TYPES,
  stringTypes: STRING_TYPES,
  functionTypes: FUNCTION_TYPES,
  view: viewOf,
  imports: importAliases,
  targetNames: bindingNames,
};
