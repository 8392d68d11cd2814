import { SyntaxNode } from '../../syntax.ts';
import { returnsOnlyConstants } from './constant-functions.ts';
import type { Arg, CallView, FunctionView, LanguageAdapter, ParamView, View } from '../../engine/adapter.ts';

/**
 * The Go adapter (tree-sitter-go).
 *
 * Import canonicalisation: a package is named by its default package name — the last path segment,
 * without a `/vN` major-version suffix, a `.vN` gopkg.in suffix, a `go-` prefix or a `-go` / `.go`
 * suffix (`github.com/go-ldap/ldap/v3` → `ldap`, `gopkg.in/yaml.v3` → `yaml`,
 * `github.com/dgrijalva/jwt-go` → `jwt`, `math/rand/v2` → `rand`). Three standard packages that
 * share a default name with a package of different security meaning get distinct canonical names:
 * `html/template` → `template` (contextual auto-escaping), `text/template` → `texttemplate` (no
 * escaping), `crypto/rand` → `cryptorand` (so `rand` always means `math/rand`). Rules are written
 * against these canonical names; an aliased import (`ex "os/exec"`) maps its alias to the canonical
 * name (`ex` → `exec`).
 *
 * Go idioms the engine has no direct view for are expressed with small synthetic nodes (never part
 * of the tree, so never reported on or swept by node rules):
 * - `if init; cond {…}`: the condition is a synthetic node that evaluates the init statement first;
 *   `if _, ok := allowed[x]; !ok {…}` becomes a membership guard on x;
 * - `switch v { case "a", "b": … default: … }`: a chain of ifs on `v == "a" || v == "b"`, so a
 *   switch over constants is an allow-list guard;
 * - `a, b := x, y`: pairwise assignments;
 * - `json.Unmarshal(data, &x)`, `json.NewDecoder(r.Body).Decode(&x)`, `c.ShouldBindJSON(&x)`,
 *   `c.BodyParser(&x)`: the out-argument is assigned the data's taint (the receiver's or the first
 *   argument's), and the call's own result (an error) is clean;
 * - `sb.WriteString(x)` / `fmt.Fprintf(&sb, …)` on a local builder: `sb += x`, so the builder keeps
 *   the literal text it was built with;
 * - `filepath.Clean("/" + x)` (a rooted clean cannot climb out of the root) is named `CleanRooted`
 *   so it can be declared a path sanitizer, while a plain `filepath.Clean(x)` / `filepath.Abs(x)` is
 *   transparent (it does not remove `..` from a relative path).
 */

const FUNCTION_TYPES = new Set(['function_declaration', 'method_declaration', 'func_literal']);
const STRING_TYPES = new Set(['interpreted_string_literal', 'raw_string_literal']);
const COMMENT_TYPES = new Set(['comment']);
const SKIP_TYPES = new Set([
  'import_declaration',
  'package_clause',
  'type_declaration',
  'comment',
  'empty_statement',
  'fallthrough_statement',
  'goto_statement',
  'break_statement',
  'continue_statement',
  'inc_statement',
  'dec_statement',
  'label_name',
  'type_identifier',
  'package_identifier',
  'field_identifier',
  'blank_identifier',
]);
const LITERAL_TYPES = new Set(['int_literal', 'float_literal', 'imaginary_literal', 'rune_literal', 'true', 'false', 'nil', 'iota']);
/** Builtin types whose conversion yields a value that cannot carry a string. */
const NUMERIC_TYPES = new Set([
  'int',
  'int8',
  'int16',
  'int32',
  'int64',
  'uint',
  'uint8',
  'uint16',
  'uint32',
  'uint64',
  'uintptr',
  'float32',
  'float64',
  'complex64',
  'complex128',
  'bool',
  'byte',
  'rune',
]);
const CLEAN_BINARY = new Set(['<', '>', '<=', '>=', '-', '*', '/', '%', '&', '|', '^', '<<', '>>', '&^', '&&', '||']);
/** Calls that decode into their first argument, from their receiver: `dec.Decode(&x)`, `c.ShouldBindJSON(&x)`. */
export const BIND_INTO_ARG0 = new Set([
  'Decode',
  'Bind',
  'BindJSON',
  'BindQuery',
  'BindUri',
  'BindHeader',
  'BindXML',
  'BindYAML',
  'BindTOML',
  'BindWith',
  'ShouldBind',
  'ShouldBindJSON',
  'ShouldBindQuery',
  'ShouldBindUri',
  'ShouldBindHeader',
  'ShouldBindXML',
  'ShouldBindYAML',
  'ShouldBindTOML',
  'ShouldBindWith',
  'ShouldBindBodyWith',
  'ShouldBindBodyWithJSON',
  'MustBindWith',
  'BodyParser',
  'QueryParser',
  'ParamsParser',
  'ReqHeaderParser',
  'CookieParser',
  'BindBody',
  'BindQueryParams',
  'BindPathParams',
  'BindHeaders',
]);
/** Package functions that decode their first argument into their second: `json.Unmarshal(b, &x)`, `render.Bind(r, &x)`. */
export const DECODE_INTO_ARG1: Readonly<Record<string, ReadonlySet<string>>> = {
  json: new Set(['Unmarshal']),
  xml: new Set(['Unmarshal']),
  yaml: new Set(['Unmarshal']),
  toml: new Set(['Unmarshal', 'Decode']),
  bson: new Set(['Unmarshal', 'UnmarshalExtJSON']),
  proto: new Set(['Unmarshal']),
  protojson: new Set(['Unmarshal']),
  msgpack: new Set(['Unmarshal']),
  jsoniter: new Set(['Unmarshal', 'UnmarshalFromString']),
  sonic: new Set(['Unmarshal', 'UnmarshalString']),
  mapstructure: new Set(['Decode', 'WeakDecode']),
  render: new Set(['Bind', 'DecodeJSON', 'DecodeXML', 'DecodeForm']),
  binding: new Set(['Bind']),
};
/** Builder methods that append their argument to a local receiver. */
const BUILDER_WRITES = new Set(['WriteString', 'WriteByte', 'WriteRune']);
/** Names that never carry data in a multi-value assignment (`v, err := f()`, `v, ok := m[k]`). */
const STATUS_NAMES = /^(?:err|ok|found|exists|present|[a-z]\w*Err)$/;

// ---- synthetic nodes ---------------------------------------------------------------------

const synthetic = new WeakMap<SyntaxNode, View>();

function synth(parent: SyntaxNode, type: string, start: number, end: number, view: View): SyntaxNode {
  const node = new SyntaxNode(type, true, null, start, end, parent, parent.source);
  synthetic.set(node, view);
  return node;
}

// ---- imports ---------------------------------------------------------------------------

/** `yaml.v3` → `yaml` (gopkg.in style version suffixes). */
function withoutVersionSuffix(name: string): string {
  const dot = name.lastIndexOf('.v');
  return dot > 0 && /^[0-9]+$/.test(name.slice(dot + 2)) ? name.slice(0, dot) : name;
}

/** The default package name of an import path (see the header comment). */
export function defaultPackageName(importPath: string): string {
  const segs = importPath.split('/').filter((s) => s.length > 0);
  let last = segs.pop() ?? importPath;
  if (/^v\d+$/.test(last) && segs.length > 0) last = segs.pop() as string;
  last = withoutVersionSuffix(last)
    .replace(/^go[-.]/, '')
    .replace(/[-.]go$/, '');
  return last.replace(/[^A-Za-z0-9_]/g, '');
}

/** The canonical name rules use for an import path. */
export function canonicalPackage(importPath: string): string {
  if (importPath === 'html/template') return 'template';
  if (importPath === 'text/template') return 'texttemplate';
  if (importPath === 'crypto/rand') return 'cryptorand';
  return defaultPackageName(importPath);
}

interface FileImports {
  /** Local name → canonical name (every import, identity included). */
  aliases: Map<string, string>;
  /** Import paths of the file. */
  paths: Set<string>;
}

const importCache = new WeakMap<SyntaxNode, FileImports>();

function rootOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}

function stringContent(node: SyntaxNode): string {
  if (node.type === 'raw_string_literal') {
    const t = node.text;
    return t.length >= 2 ? t.slice(1, -1) : t;
  }
  let out = '';
  for (const c of node.children) if (c.type === 'interpreted_string_literal_content' || c.type === 'escape_sequence') out += c.text;
  return out;
}

/** Imports of the file containing `node` (computed once per file). */
export function fileImports(node: SyntaxNode): FileImports {
  const root = rootOf(node);
  const hit = importCache.get(root);
  if (hit) return hit;
  const aliases = new Map<string, string>();
  const paths = new Set<string>();
  for (const decl of root.children) {
    if (decl.type !== 'import_declaration') continue;
    const specs: SyntaxNode[] = [];
    for (const c of decl.children) {
      if (c.type === 'import_spec') specs.push(c);
      else if (c.type === 'import_spec_list') for (const s of c.children) if (s.type === 'import_spec') specs.push(s);
    }
    for (const spec of specs) {
      const pathNode = spec.child('path');
      if (!pathNode) continue;
      const importPath = stringContent(pathNode);
      paths.add(importPath);
      const name = spec.child('name');
      if (name && (name.type === 'blank_identifier' || name.type === 'dot' || name.text === '_' || name.text === '.')) continue;
      const local = name ? name.text : defaultPackageName(importPath);
      aliases.set(local, canonicalPackage(importPath));
    }
  }
  const out = { aliases, paths };
  importCache.set(root, out);
  return out;
}

function importAliases(root: SyntaxNode): Map<string, string> {
  return new Map(fileImports(root).aliases);
}

/** Whether an identifier names an imported package (and so a selector on it is a qualified name, not a method call). */
export function isPackageName(node: SyntaxNode): boolean {
  return node.type === 'identifier' && fileImports(node).aliases.has(node.text);
}

/** Canonical package of an identifier that names an import, or null. */
export function packageOf(node: SyntaxNode): string | null {
  if (node.type !== 'identifier') return null;
  return fileImports(node).aliases.get(node.text) ?? null;
}

// ---- declared types of parameters --------------------------------------------------------

const paramTypeCache = new WeakMap<SyntaxNode, Map<string, string>>();

function paramTypesOf(fn: SyntaxNode): Map<string, string> {
  const hit = paramTypeCache.get(fn);
  if (hit) return hit;
  const out = new Map<string, string>();
  for (const field of ['receiver', 'parameters']) {
    const list = fn.child(field);
    if (!list) continue;
    for (const p of list.children) {
      if (p.type !== 'parameter_declaration' && p.type !== 'variadic_parameter_declaration') continue;
      const type = p.child('type')?.text ?? '';
      for (const n of p.fieldChildren('name')) out.set(n.text, p.type === 'variadic_parameter_declaration' ? `...${type}` : type);
    }
  }
  paramTypeCache.set(fn, out);
  return out;
}

/**
 * Declared type of the parameter an identifier refers to (looking through enclosing closures), or
 * null when it is not a parameter. Shadowing by a local declaration is not considered.
 */
export function declaredParamType(ident: SyntaxNode): string | null {
  if (ident.type !== 'identifier') return null;
  for (let p = ident.parent; p; p = p.parent) {
    if (!FUNCTION_TYPES.has(p.type)) continue;
    const t = paramTypesOf(p).get(ident.text);
    if (t !== undefined) return t;
  }
  return null;
}

/** Nearest enclosing function node. */
export function enclosingFunction(node: SyntaxNode): SyntaxNode | null {
  for (let p = node.parent; p; p = p.parent) if (FUNCTION_TYPES.has(p.type)) return p;
  return null;
}

/** Outermost enclosing function (a named declaration, or the top closure). */
export function outermostFunction(node: SyntaxNode): SyntaxNode | null {
  let out: SyntaxNode | null = null;
  for (let p = node.parent; p; p = p.parent) if (FUNCTION_TYPES.has(p.type)) out = p;
  return out;
}

// ---- calls -------------------------------------------------------------------------------

function unwrap(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.type === 'parenthesized_expression' && n.namedChildren[0]) n = n.namedChildren[0] as SyntaxNode;
  return n;
}

function argNodes(call: SyntaxNode): SyntaxNode[] {
  const list = call.child('arguments');
  if (!list) return [];
  return list.children.filter((c) => c.named && c.type !== 'comment');
}

function callArgs(call: SyntaxNode): Arg[] {
  return argNodes(call).map((node, index) => ({ node, name: null, index }));
}

/** A scheme written as a prefix check (`http://`, `https:`, `ws://`): it says nothing about the host or path. */
const SCHEME_ONLY = /^(?:https?|wss?|ftp)(?::(?:\/\/)?)?$/i;

/** `strings.HasPrefix(x, "https://")` / `bytes.HasPrefix(…)`: a check of the scheme alone. */
function schemeOnlyPrefix(call: SyntaxNode, pkg: string | null, name: string): boolean {
  if (name !== 'HasPrefix' || (pkg !== 'strings' && pkg !== 'bytes')) return false;
  const prefix = argNodes(call)[1];
  return prefix !== undefined && STRING_TYPES.has(prefix.type) && SCHEME_ONLY.test(stringContent(prefix));
}

/** Whether a call is `filepath.Clean("/" + x)` / `path.Clean(string(os.PathSeparator) + x)`: a clean rooted at `/`. */
function isRootedClean(call: SyntaxNode, pkg: string | null, name: string): boolean {
  if (name !== 'Clean' || (pkg !== 'filepath' && pkg !== 'path')) return false;
  const first = argNodes(call)[0];
  if (!first || first.type !== 'binary_expression') return false;
  let left = first.child('left');
  while (left && left.type === 'binary_expression') left = left.child('left');
  if (!left) return false;
  if (STRING_TYPES.has(left.type)) return stringContent(left).startsWith('/');
  return /PathSeparator|Separator/.test(left.text);
}

/** Calls that return their argument's data unchanged as far as injection goes: `filepath.Clean(x)`, `strings.TrimSpace(x)`. */
const TRANSPARENT: Record<string, ReadonlySet<string>> = {
  filepath: new Set(['Clean', 'Abs', 'EvalSymlinks', 'FromSlash', 'ToSlash']),
  path: new Set(['Clean']),
  strings: new Set(['TrimSpace', 'ToLower', 'ToUpper', 'Trim', 'TrimPrefix', 'TrimSuffix', 'TrimLeft', 'TrimRight', 'Title', 'ToTitle']),
};

function callView(node: SyntaxNode): View | null {
  const fnRaw = node.child('function');
  if (!fnRaw) return null;
  const fn = unwrap(fnRaw);
  const args = callArgs(node);
  // Conversions spelled as calls: int(x), string(b), (*T)(x).
  if (fn.type === 'identifier' && NUMERIC_TYPES.has(fn.text)) return { kind: 'clean', parts: args.map((a) => a.node) };
  if (fn.type === 'identifier' && fn.text === 'string') return args[0] ? { kind: 'pass', inner: args[0].node } : { kind: 'literal' };
  if (fnRaw.type === 'parenthesized_expression' || fn.type === 'slice_type' || fn.type === 'array_type' || fn.type === 'pointer_type' || fn.type === 'map_type') {
    return args[0] ? { kind: 'pass', inner: args[0].node } : { kind: 'literal' };
  }
  let receiver: SyntaxNode | null = null;
  let name = '?';
  let pkg: string | null = null;
  if (fn.type === 'selector_expression') {
    const operand = fn.child('operand');
    name = fn.child('field')?.text ?? '?';
    if (operand && isPackageName(operand)) pkg = packageOf(operand);
    else receiver = operand;
  } else if (fn.type === 'identifier') {
    name = fn.text;
    // A same-file allow-list mapping (`orderColumn(key)` returning one of its own constants) carries no taint.
    if (returnsOnlyConstants(node, name)) return { kind: 'clean', parts: args.map((a) => a.node) };
  }
  if (pkg && TRANSPARENT[pkg]?.has(name) && args[0] && !isRootedClean(node, pkg, name)) return { kind: 'pass', inner: args[0].node };
  // `strings.HasPrefix(u, "https://")` checks the scheme only: any host still passes, so it validates nothing.
  if (schemeOnlyPrefix(node, pkg, name)) return { kind: 'clean', parts: args.map((a) => a.node) };
  if (isRootedClean(node, pkg, name)) {
    // Named apart (with the package as receiver, so the path is `filepath.CleanRooted`) to be a path sanitizer.
    name = 'CleanRooted';
    receiver = fn.child('operand');
  }
  const view: CallView = { kind: 'call', node, callee: fn, receiver, name, args, isNew: false };
  return view;
}

/**
 * For an argument that a decoding call writes into (`&x` in `json.Unmarshal(b, &x)`), the node whose
 * data it receives; null otherwise.
 */
function outArgumentSource(arg: SyntaxNode): SyntaxNode | null {
  const list = arg.parent;
  if (!list || list.type !== 'argument_list') return null;
  const call = list.parent;
  if (!call || call.type !== 'call_expression') return null;
  const fn = call.child('function');
  if (!fn || fn.type !== 'selector_expression') return null;
  const operand = fn.child('operand');
  const name = fn.child('field')?.text ?? '';
  if (!operand) return null;
  const args = argNodes(call);
  const index = args.indexOf(arg);
  if (isPackageName(operand)) {
    const pkg = packageOf(operand) ?? '';
    return DECODE_INTO_ARG1[pkg]?.has(name) && index === 1 && args[0] ? args[0] : null;
  }
  if (!BIND_INTO_ARG0.has(name) || index !== 0) return null;
  // The data comes from the receiver; the selector (`c.ShouldBindJSON`) evaluates to the receiver's
  // taint and, for a request context, names the source in findings.
  // gorilla/schema `decoder.Decode(&dst, r.PostForm)`: the data is the second argument.
  if (name === 'Decode' && args[1]) return args[1];
  if (arg.type === 'unary_expression') return fn; // c.ShouldBindJSON(&req)
  // A pointer variable (`req := new(T); c.Bind(req)`): only for decoders and framework binders.
  if (name === 'Decode') return fn;
  const root = unwrap(operand);
  return root.type === 'identifier' && /^\*?(?:gin\.Context|fiber\.Ctx)$|^echo\.Context$/.test(declaredParamType(root) ?? '') ? fn : null;
}

/** The local builder a statement appends to (`sb.WriteString(x)`, `fmt.Fprintf(&sb, …)`), with the appended value. */
function builderWrite(stmt: SyntaxNode): { target: SyntaxNode; value: SyntaxNode } | null {
  const call = stmt.namedChildren[0];
  if (!call || call.type !== 'call_expression') return null;
  const fn = call.child('function');
  if (!fn || fn.type !== 'selector_expression') return null;
  const operand = fn.child('operand');
  const name = fn.child('field')?.text ?? '';
  const args = argNodes(call);
  if (!operand) return null;
  if (BUILDER_WRITES.has(name) && operand.type === 'identifier' && !isPackageName(operand) && args[0]) {
    if (isWriterType(declaredParamType(operand))) return null;
    return { target: operand, value: args[0] };
  }
  if (packageOf(operand) === 'fmt' && /^Fprint(?:f|ln)?$/.test(name)) {
    const first = args[0];
    if (first && first.type === 'unary_expression' && first.child('operator')?.text === '&') {
      const target = first.child('operand');
      // The appended text is the format and its arguments, built (the call itself is an XSS sink pattern,
      // and what a sink returns is clean).
      const rest = args.slice(1);
      if (target && target.type === 'identifier' && rest.length > 0) {
        const value = synth(stmt, 'go_fprint_text', (rest[0] as SyntaxNode).start, call.end, { kind: 'concat', parts: rest });
        return { target, value };
      }
    }
  }
  return null;
}

/** Types that write an HTTP response (or are a framework context that does). */
export function isWriterType(type: string | null): boolean {
  if (!type) return false;
  return /(?:^|\.)ResponseWriter$|^\*?gin\.Context$|^echo\.Context$|^\*?fiber\.Ctx$|^\*?fasthttp\.RequestCtx$/.test(type.trim());
}

// ---- functions ---------------------------------------------------------------------------

function paramsOf(fn: SyntaxNode): ParamView[] {
  const list = fn.child('parameters');
  if (!list) return [];
  const out: ParamView[] = [];
  let index = 0;
  for (const p of list.children) {
    if (p.type !== 'parameter_declaration' && p.type !== 'variadic_parameter_declaration') continue;
    const typeNode = p.child('type');
    const type = typeNode ? (p.type === 'variadic_parameter_declaration' ? `...${typeNode.text}` : typeNode.text) : null;
    const names = p.fieldChildren('name');
    if (names.length === 0) {
      index++;
      continue;
    }
    for (const n of names) {
      if (n.text !== '_') out.push({ name: n.text, node: n, type, annotations: [], index });
      index++;
    }
  }
  return out;
}

function functionView(node: SyntaxNode): FunctionView {
  let className: string | null = null;
  if (node.type === 'method_declaration') {
    const recv = node.child('receiver');
    const decl = recv?.children.find((c) => c.type === 'parameter_declaration');
    const t = decl?.child('type')?.text ?? null;
    const base = t ? t.replace(/^\*/, '') : null;
    className = base !== null && base.includes('[') ? base.slice(0, base.indexOf('[')) : base;
  }
  let name: string | null = node.child('name')?.text ?? null;
  if (!name && node.type === 'func_literal') {
    // handler := func(w http.ResponseWriter, r *http.Request) {…}
    const parent = node.parent?.parent;
    if (parent && (parent.type === 'short_var_declaration' || parent.type === 'assignment_statement' || parent.type === 'var_spec')) {
      const left = parent.child('left') ?? parent.child('name');
      const first = left?.type === 'expression_list' ? left.namedChildren[0] : left;
      if (first && first.type === 'identifier') name = first.text;
    } else if (node.parent?.type === 'literal_element' && node.parent.parent?.type === 'keyed_element') {
      name = node.parent.parent.child('key')?.text ?? null;
    }
  }
  return {
    node,
    name,
    params: paramsOf(node),
    body: node.child('body'),
    decorators: [],
    className,
    classBases: [],
    passedTo: null,
  };
}

// ---- assignments -------------------------------------------------------------------------

function isBlank(n: SyntaxNode): boolean {
  return n.type === 'identifier' && n.text === '_';
}

function listItems(node: SyntaxNode | null): SyntaxNode[] {
  if (!node) return [];
  if (node.type === 'expression_list') return node.children.filter((c) => c.named && c.type !== 'comment');
  return [node];
}

function assignView(node: SyntaxNode, left: SyntaxNode[], right: SyntaxNode[], op: string): View | null {
  if (op !== '=' && op !== ':=' && op !== '+=') return { kind: 'clean', parts: right };
  const update = op === '+=';
  if (left.length > 1 && left.length === right.length) {
    // a, b := x, y: pairwise.
    const parts = left.map((l, i) => {
      const r = right[i] as SyntaxNode;
      return synth(node, 'go_assign_pair', Math.min(l.start, r.start), Math.max(l.end, r.end), {
        kind: 'assign',
        targets: isBlank(l) ? [] : [l],
        value: r,
        update,
      });
    });
    return { kind: 'clean', parts };
  }
  let targets = left.filter((l) => !isBlank(l));
  // v, err := f(): the status values carry nothing.
  if (left.length > 1) targets = targets.filter((t) => !(t.type === 'identifier' && STATUS_NAMES.test(t.text)));
  const value = right.length === 1 ? (right[0] as SyntaxNode) : right.length === 0 ? null : (node.child('right') ?? null);
  return { kind: 'assign', targets, value, update };
}

// ---- conditions --------------------------------------------------------------------------

/** Whether an expression is (part of) an if condition, through `!`, `&&`, `||` and parentheses. */
function inCondition(node: SyntaxNode): boolean {
  let n = node;
  for (let depth = 0; depth < 16; depth++) {
    const p = n.parent;
    if (!p) return false;
    if (p.type === 'if_statement') return n.field === 'condition';
    if (p.type === 'parenthesized_expression') {
      n = p;
      continue;
    }
    if (p.type === 'unary_expression' && p.child('operator')?.text === '!') {
      n = p;
      continue;
    }
    if (p.type === 'binary_expression') {
      const op = p.child('operator')?.text;
      if (op === '&&' || op === '||') {
        n = p;
        continue;
      }
    }
    return false;
  }
  return false;
}

/** `if _, ok := allowed[x]; !ok` → a membership test of x in allowed (negated for `!ok`). */
function okGuard(node: SyntaxNode, init: SyntaxNode, cond: SyntaxNode): SyntaxNode | null {
  if (init.type !== 'short_var_declaration' && init.type !== 'assignment_statement') return null;
  const left = listItems(init.child('left'));
  const right = listItems(init.child('right'));
  const lookup = right.length === 1 ? unwrap(right[0] as SyntaxNode) : null;
  const ok = left.length === 2 ? left[1] : null;
  if (!lookup || lookup.type !== 'index_expression' || !ok || ok.type !== 'identifier') return null;
  const map = lookup.child('operand');
  const key = lookup.child('index');
  // `_, ok := body.Filter["tenant"]` asks whether a fixed key is present: it says nothing about the map's data.
  if (!map || !key || STRING_TYPES.has(key.type)) return null;
  const c = unwrap(cond);
  let negated: boolean;
  if (c.type === 'identifier' && c.text === ok.text) negated = false;
  else if (c.type === 'unary_expression' && c.child('operator')?.text === '!' && unwrap(c.child('operand') ?? c).text === ok.text) negated = true;
  else return null;
  return synth(node, 'go_ok_guard', cond.start, cond.end, { kind: 'membership', subject: key, collection: map, negated });
}

/** Fields and methods of a parsed URL whose check validates the URL (`u.Host != ""`, `u.IsAbs()`, `allowed[u.Hostname()]`). */
const URL_CHECKS = new Set(['Host', 'Hostname', 'IsAbs', 'Opaque']);

interface Definition {
  start: number;
  end: number;
  /** The single call on the right-hand side, or null (`x := "a"`, `flag = true`). */
  call: SyntaxNode | null;
  /** For `flag = true`: the condition of the if it sits in. */
  setTrueUnder: SyntaxNode | null;
}

const definitionCache = new WeakMap<SyntaxNode, Map<string, Definition[]>>();

/** Assignments inside a function, by assigned name, in source order (built once per function). */
function definitionsOf(scope: SyntaxNode): Map<string, Definition[]> {
  const hit = definitionCache.get(scope);
  if (hit) return hit;
  const out = new Map<string, Definition[]>();
  const stack: SyntaxNode[] = [scope];
  let budget = 50000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'short_var_declaration' || n.type === 'assignment_statement') {
      const left = listItems(n.child('left'));
      const right = listItems(n.child('right'));
      const call = right.length === 1 && right[0]?.type === 'call_expression' ? (right[0] as SyntaxNode) : null;
      let setTrueUnder: SyntaxNode | null = null;
      if (left.length === 1 && right.length === 1 && right[0]?.type === 'true') {
        for (let p = n.parent; p && p !== scope; p = p.parent) {
          if (p.type === 'if_statement') {
            setTrueUnder = p.child('condition');
            break;
          }
        }
      }
      for (const l of left) {
        if (l.type !== 'identifier') continue;
        let list = out.get(l.text);
        if (!list) out.set(l.text, (list = []));
        list.push({ start: n.start, end: n.end, call, setTrueUnder });
      }
    }
    for (let i = n.children.length - 1; i >= 0; i--) {
      const c = n.children[i] as SyntaxNode;
      if (c.named) stack.push(c);
    }
  }
  for (const list of out.values()) list.sort((a, b) => a.start - b.start);
  definitionCache.set(scope, out);
  return out;
}

/** The call on the right of the last assignment to `name` before `before`, inside `scope`. */
function definingCall(scope: SyntaxNode, name: string, before: number): SyntaxNode | null {
  let found: Definition | null = null;
  for (const d of definitionsOf(scope).get(name) ?? []) if (d.end <= before) found = d;
  return found?.call ?? null;
}

/** `pkg.Fn(args…)` → its arguments when the call is one of `names` of canonical package `pkg`. */
function packageCallArgs(call: SyntaxNode | null, pkg: string, names: ReadonlySet<string>): SyntaxNode[] | null {
  const fn = call?.child('function');
  if (!call || !fn || fn.type !== 'selector_expression') return null;
  const operand = fn.child('operand');
  if (!operand || packageOf(operand) !== pkg || !names.has(fn.child('field')?.text ?? '')) return null;
  return argNodes(call);
}

const URL_PARSERS = new Set(['Parse', 'ParseRequestURI']);
const REL = new Set(['Rel']);
/** Parsers whose error (or nil result) says the input is well-formed: position of the parsed argument. */
const PARSE_CHECKS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  strconv: { Atoi: 0, ParseInt: 0, ParseUint: 0, ParseFloat: 0, ParseBool: 0 },
  uuid: { Parse: 0, FromString: 0, Validate: 0 },
  net: { ParseIP: 0, ParseCIDR: 0, ParseMAC: 0 },
  netip: { ParseAddr: 0, ParsePrefix: 0, ParseAddrPort: 0 },
  mail: { ParseAddress: 0 },
  time: { Parse: 1, ParseDuration: 0 },
  ulid: { Parse: 0 },
  primitive: { ObjectIDFromHex: 0 },
};
/** Predicates whose boolean result validates their arguments (`ok := re.MatchString(x)`). */
const PREDICATES =
  /^(?:MatchString|Match|HasPrefix|HasSuffix|Contains|ContainsAny|ContainsRune|IsLocal|EqualFold|ValidString|Valid)$|^(?:is_?|has_?|check_?)?(?:valid|safe|allowed|whitelist|allowlist|permitted|authori[sz]ed)/i;
/** Flags set by a loop over an allow-list (`allowed = true` when `h == host`). */
const FLAG_NAMES = /^(?:is)?(?:allowed|valid|ok|found|permitted|safe|whitelisted|allowlisted|matched|match|exists|known|supported|trusted)$/i;

/** The call a validated value comes from, when it is a parser whose success validates an argument. */
function parseCheckTarget(call: SyntaxNode | null): SyntaxNode | null {
  const fn = call?.child('function');
  if (!call || !fn || fn.type !== 'selector_expression') return null;
  const operand = fn.child('operand');
  const pkg = operand ? packageOf(operand) : null;
  const index = pkg ? PARSE_CHECKS[pkg]?.[fn.child('field')?.text ?? ''] : undefined;
  return index === undefined ? null : (argNodes(call)[index] ?? null);
}

/** Non-literal arguments of a predicate call (`re.MatchString(x)`, `isValidName(x)`), or null. */
function predicateArgs(call: SyntaxNode | null): SyntaxNode[] | null {
  const fn = call?.child('function');
  if (!call || !fn) return null;
  const name = fn.type === 'selector_expression' ? (fn.child('field')?.text ?? '') : fn.type === 'identifier' ? fn.text : '';
  if (!PREDICATES.test(name)) return null;
  if (fn.type === 'selector_expression' && name === 'HasPrefix') {
    const operand = fn.child('operand');
    if (operand && isPackageName(operand) && schemeOnlyPrefix(call, packageOf(operand), name)) return null;
  }
  return argNodes(call).filter((a) => !STRING_TYPES.has(a.type));
}

/** Conditions under which `flag = true` is set before `before` (a loop's allow-list match). */
function flagConditions(scope: SyntaxNode, flag: string, before: number): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const d of definitionsOf(scope).get(flag) ?? []) if (d.end <= before && d.setTrueUnder) out.push(d.setTrueUnder);
  return out;
}

/**
 * Values a condition validates through a derived variable: checking `u.Host` / `u.IsAbs()` of
 * `u, err := url.Parse(x)` validates x; checking `rel` of `rel, err := filepath.Rel(base, p)` for
 * `..` validates p; `ok := re.MatchString(x)`, `_, err := strconv.Atoi(x)`, `net.ParseIP(x) == nil`,
 * `x != filepath.Base(x)` and a flag set by an allow-list loop (`if h == x { allowed = true }`)
 * validate x.
 */
function derivedTargets(ifNode: SyntaxNode, cond: SyntaxNode, init: SyntaxNode | null, depth = 0): SyntaxNode[] {
  const scope = enclosingFunction(ifNode);
  if (!scope || depth > 2) return [];
  const out: SyntaxNode[] = [];
  const seen = new Set<string>();
  const define = (name: string): SyntaxNode | null => {
    if (init) {
      const left = listItems(init.child('left'));
      const right = listItems(init.child('right'));
      if (left.some((l) => l.type === 'identifier' && l.text === name) && right.length === 1 && right[0]?.type === 'call_expression') return right[0] as SyntaxNode;
    }
    return definingCall(scope, name, ifNode.start);
  };
  const stack: SyntaxNode[] = [cond];
  let budget = 2000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'selector_expression' && URL_CHECKS.has(n.child('field')?.text ?? '')) {
      const operand = n.child('operand');
      if (operand?.type === 'identifier' && !seen.has(`url:${operand.text}`)) {
        seen.add(`url:${operand.text}`);
        const target = packageCallArgs(define(operand.text), 'url', URL_PARSERS)?.[0];
        if (target) out.push(target);
      }
    } else if (n.type === 'call_expression' || n.type === 'binary_expression') {
      const parts = n.type === 'call_expression' ? argNodes(n) : [n.child('left'), n.child('right')].filter((x): x is SyntaxNode => x !== null);
      // strings.HasPrefix(rel, ".."), rel == ".."
      const dots = parts.some((p) => STRING_TYPES.has(p.type) && stringContent(p).startsWith('..'));
      const ident = parts.find((p) => p.type === 'identifier');
      if (dots && ident && !seen.has(`rel:${ident.text}`)) {
        seen.add(`rel:${ident.text}`);
        const target = packageCallArgs(define(ident.text), 'filepath', REL)?.[1];
        if (target) out.push(target);
      }
      // net.ParseIP(x) == nil, and strconv.Atoi(x) used directly in a condition
      if (n.type === 'call_expression') {
        const parsed = parseCheckTarget(n);
        if (parsed) out.push(parsed);
      }
      // x != filepath.Base(x)
      if (n.type === 'binary_expression' && /^[!=]=$/.test(n.child('operator')?.text ?? '') && parts.length === 2) {
        const [a, b] = parts as [SyntaxNode, SyntaxNode];
        for (const [call, other] of [
          [a, b],
          [b, a],
        ] as const) {
          if (call.type !== 'call_expression') continue;
          const fn = call.child('function');
          if (fn?.type !== 'selector_expression' || !/^(?:Base|Clean|PathEscape|QueryEscape|EscapeString|HTMLEscapeString)$/.test(fn.child('field')?.text ?? '')) continue;
          if (argNodes(call)[0]?.text === other.text) out.push(other);
        }
      }
    } else if (n.type === 'identifier' && n.parent?.type !== 'selector_expression' && !seen.has(`id:${n.text}`)) {
      seen.add(`id:${n.text}`);
      const def = define(n.text);
      const parsed = parseCheckTarget(def);
      if (parsed) out.push(parsed);
      const args = predicateArgs(def);
      if (args) out.push(...args);
      if (!def && FLAG_NAMES.test(n.text)) {
        for (const c of flagConditions(scope, n.text, ifNode.start)) {
          const eq = c.type === 'binary_expression' && /^[!=]=$/.test(c.child('operator')?.text ?? '') ? [c.child('left'), c.child('right')] : [];
          for (const side of eq) {
            if (!side) continue;
            out.push(side);
            out.push(...derivedTargets(ifNode, side, init, depth + 1));
          }
          const args = c.type === 'call_expression' ? predicateArgs(c) : null;
          if (args) out.push(...args);
        }
      }
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return out;
}

/** A synthetic check that validates `target` on both branches of an if (the condition inspected it). */
function checkedEitherWay(ifNode: SyntaxNode, target: SyntaxNode): SyntaxNode {
  const check = synth(ifNode, 'go_derived_check', target.start, target.end, {
    kind: 'call',
    node: null as unknown as SyntaxNode,
    callee: null,
    receiver: null,
    name: 'IsValid',
    args: [{ node: target, name: null, index: 0 }],
    isNew: false,
  });
  (synthetic.get(check) as CallView).node = check;
  const negated = synth(ifNode, 'go_derived_not', target.start, target.end, { kind: 'not', inner: check });
  return synth(ifNode, 'go_derived_either', target.start, target.end, { kind: 'choice', options: [check, negated] });
}

function ifView(node: SyntaxNode): View | null {
  const cond = node.child('condition');
  if (!cond) return null;
  const init = node.child('initializer');
  const parts: SyntaxNode[] = [];
  if (init) parts.push(init, okGuard(node, init, cond) ?? cond);
  else parts.push(cond);
  for (const target of derivedTargets(node, cond, init)) parts.push(checkedEitherWay(node, target));
  const condition = parts.length === 1 ? cond : synth(node, 'go_if_header', (init ?? cond).start, cond.end, { kind: 'clean', parts });
  return { kind: 'if', condition, then: node.child('consequence'), else: node.child('alternative') };
}

/** `switch v { case "a", "b": … default: … }` as a chain of ifs on equality with the case values. */
function switchView(node: SyntaxNode): View | null {
  const init = node.child('initializer');
  const value = node.child('value');
  const cases = node.children.filter((c) => c.type === 'expression_case');
  const fallback = node.children.find((c) => c.type === 'default_case') ?? null;
  if (cases.length === 0) return null;
  let otherwise: SyntaxNode | null = fallback;
  let first: View | null = null;
  for (let i = cases.length - 1; i >= 0; i--) {
    const kase = cases[i] as SyntaxNode;
    const values = listItems(kase.child('value'));
    const tests = value ? values.map((v) => synth(kase, 'go_case_test', v.start, v.end, { kind: 'equality', left: value, right: v, negated: false })) : values;
    const parts: SyntaxNode[] = [];
    if (i === 0 && init) parts.push(init);
    const choice = synth(kase, 'go_case_choice', kase.start, kase.end, { kind: 'choice', options: tests });
    let condition = choice;
    if (parts.length > 0) condition = synth(kase, 'go_case_header', kase.start, kase.end, { kind: 'clean', parts: [...parts, choice] });
    const view: View = { kind: 'if', condition, then: kase, else: otherwise };
    if (i === 0) first = view;
    else otherwise = synth(node, 'go_case_if', kase.start, kase.end, view);
  }
  return first;
}

// ---- the view ----------------------------------------------------------------------------

function viewOf(node: SyntaxNode): View | null {
  const s = synthetic.get(node);
  if (s) return s;
  const t = node.type;
  if (SKIP_TYPES.has(t)) return { kind: 'skip' };
  if (LITERAL_TYPES.has(t)) return { kind: 'literal' };
  if (FUNCTION_TYPES.has(t)) return { kind: 'function', fn: functionView(node) };
  switch (t) {
    case 'identifier': {
      const out = outArgumentSource(node);
      if (out) return { kind: 'assign', targets: [node], value: out, update: false };
      return { kind: 'name', name: node.text };
    }
    case 'interpreted_string_literal':
    case 'raw_string_literal':
      return { kind: 'string', value: stringContent(node) };
    case 'selector_expression': {
      const out = outArgumentSource(node);
      if (out) return { kind: 'assign', targets: [node], value: out, update: false };
      const object = node.child('operand');
      const field = node.child('field');
      if (!object || !field) return null;
      return { kind: 'member', object, property: field.text };
    }
    case 'index_expression': {
      const object = node.child('operand');
      const index = node.child('index');
      if (!object) return null;
      if (index && inCondition(node) && !STRING_TYPES.has(index.type)) return { kind: 'membership', subject: index, collection: object };
      if (index && STRING_TYPES.has(index.type)) return { kind: 'member', object, property: stringContent(index) };
      return { kind: 'index', object, index };
    }
    case 'slice_expression': {
      const operand = node.child('operand');
      return operand ? { kind: 'pass', inner: operand } : null;
    }
    case 'call_expression':
      return callView(node);
    case 'type_conversion_expression': {
      const operand = node.child('operand');
      const type = node.child('type');
      if (!operand) return null;
      if (type && type.type === 'type_identifier' && NUMERIC_TYPES.has(type.text)) return { kind: 'clean', parts: [operand] };
      return { kind: 'pass', inner: operand };
    }
    case 'type_assertion_expression': {
      const operand = node.child('operand');
      return operand ? { kind: 'pass', inner: operand } : null;
    }
    case 'parenthesized_expression':
    case 'variadic_argument':
    case 'literal_element': {
      const inner = node.namedChildren.find((c) => c.type !== 'comment');
      return inner ? { kind: 'pass', inner } : { kind: 'literal' };
    }
    case 'unary_expression': {
      const op = node.child('operator')?.text ?? '';
      const operand = node.child('operand');
      if (!operand) return null;
      if (op === '&') {
        const out = outArgumentSource(node);
        if (out) return { kind: 'assign', targets: [operand], value: out, update: false };
      }
      if (op === '!') return { kind: 'not', inner: operand };
      if (op === '&' || op === '*' || op === '<-') return { kind: 'pass', inner: operand };
      return { kind: 'clean', parts: [operand] };
    }
    case 'binary_expression': {
      const op = node.child('operator')?.text ?? '';
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right) return null;
      if (op === '+') return { kind: 'concat', parts: [left, right] };
      if (op === '==' || op === '!=') return { kind: 'equality', left, right, negated: op === '!=' };
      if (CLEAN_BINARY.has(op)) return { kind: 'clean', parts: [left, right] };
      return null;
    }
    case 'composite_literal': {
      const body = node.child('body');
      return { kind: 'collection', items: body ? body.namedChildren.filter((c) => c.type !== 'comment') : [] };
    }
    case 'literal_value':
      return { kind: 'collection', items: node.namedChildren.filter((c) => c.type !== 'comment') };
    case 'keyed_element': {
      const key = node.child('key');
      const value = node.child('value');
      if (!value) return null;
      // A struct field name (`Name: x`) is not data; a computed map key (`bson.M{k: v}`) is.
      const keyInner = key?.namedChildren[0];
      if (key && keyInner && keyInner.type !== 'identifier' && !STRING_TYPES.has(keyInner.type)) return { kind: 'collection', items: [key, value] };
      return { kind: 'pass', inner: value };
    }
    case 'expression_list':
      return { kind: 'collection', items: node.namedChildren.filter((c) => c.type !== 'comment') };
    case 'short_var_declaration':
      return assignView(node, listItems(node.child('left')), listItems(node.child('right')), ':=');
    case 'assignment_statement': {
      const op = node.child('operator')?.text ?? '=';
      return assignView(node, listItems(node.child('left')), listItems(node.child('right')), op);
    }
    case 'var_spec':
    case 'const_spec': {
      const names = node.fieldChildren('name');
      const value = node.child('value');
      if (t === 'const_spec' && !value) return { kind: 'skip' };
      if (!value) return { kind: 'assign', targets: names.filter((n) => !isBlank(n)), value: null, update: false };
      return assignView(node, names, listItems(value), '=');
    }
    case 'expression_statement': {
      const write = builderWrite(node);
      if (write) return { kind: 'assign', targets: [write.target], value: write.value, update: true };
      return null;
    }
    case 'if_statement':
      return ifView(node);
    case 'expression_switch_statement':
      return switchView(node);
    case 'for_statement': {
      const range = node.children.find((c) => c.type === 'range_clause');
      if (!range) return null;
      const right = range.child('right');
      if (!right) return null;
      const targets = listItems(range.child('left')).filter((l) => !isBlank(l));
      return { kind: 'loop', targets, iterable: right, body: node.child('body') };
    }
    case 'return_statement': {
      const list = node.namedChildren.find((c) => c.type !== 'comment') ?? null;
      if (!list) return { kind: 'return', value: null };
      const items = listItems(list);
      return { kind: 'return', value: items.length === 1 ? (items[0] as SyntaxNode) : list };
    }
    default:
      return null;
  }
}

/** Identifiers bound by an assignment target. */
function bindingNames(target: SyntaxNode): SyntaxNode[] {
  switch (target.type) {
    case 'identifier':
      return target.text === '_' ? [] : [target];
    case 'expression_list': {
      const out: SyntaxNode[] = [];
      for (const c of target.namedChildren) out.push(...bindingNames(c));
      return out;
    }
    case 'parenthesized_expression':
    case 'unary_expression': {
      const inner = target.child('operand') ?? target.namedChildren[0];
      return inner ? bindingNames(inner) : [];
    }
    default:
      return [];
  }
}

/** The adapter for Go. */
export const goAdapter: LanguageAdapter = {
  language: 'go',
  grammar: () => 'go',
  commentTypes: COMMENT_TYPES,
  stringTypes: STRING_TYPES,
  functionTypes: FUNCTION_TYPES,
  view: viewOf,
  imports: importAliases,
  targetNames: bindingNames,
};
