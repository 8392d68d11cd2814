/** Predicates shared by the Python rules (rules/python/*.ts). */
import type { CallView } from '../../engine/adapter.ts';
import { classBit, type MatchContext, type Taint, type VulnClass } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { DB_RECEIVER, looksLikeSql } from '../common.ts';

export { looksLikeSql };

/** Positional arguments of a call, in order. */
export function positional(call: CallView): SyntaxNode[] {
  return call.args.filter((a) => a.index >= 0).map((a) => a.node);
}

/** A keyword argument's value (`shell=True` → the `True` node). */
export function keyword(call: CallView, name: string): SyntaxNode | null {
  for (const a of call.args) if (a.name === name) return a.node;
  return null;
}

/** The argument at a position, or given by keyword. */
export function argument(call: CallView, index: number, name?: string): SyntaxNode | null {
  for (const a of call.args) if (a.index === index || (name !== undefined && a.name === name)) return a.node;
  return null;
}

export function isTrue(node: SyntaxNode | null): boolean {
  return node !== null && (node.type === 'true' || node.text === '1');
}

export function isFalse(node: SyntaxNode | null): boolean {
  return node !== null && (node.type === 'false' || node.type === 'none' || node.text === '0');
}

/** The last segment of a receiver's access path without the call marker (`self.conn.cursor()` → `cursor`). */
export function receiverName(call: CallView, ctx: MatchContext): string | null {
  if (!call.receiver) return null;
  const p = ctx.path(call.receiver);
  const last = p?.[p.length - 1];
  return last ? last.replace(/\(\)$/, '') : null;
}

/** Whether a call's receiver is a database handle: `cursor`, `conn`, `db.session`, `connection.cursor()`, `self.db`, `get_db()`. */
export function isDbReceiver(call: CallView, ctx: MatchContext): boolean {
  const name = receiverName(call, ctx);
  if (name === null) return false;
  if (DB_RECEIVER.test(name) || /(?:^|_)(?:cursor|cur|conn|connection|db|database|session|engine|pool|sqlite|mysql|pg|postgres|psql)$/i.test(name)) return true;
  return /^(?:get_db|get_conn|get_connection|get_cursor|get_session|connect|cursor)$/.test(name);
}

/** Whether data comes from the process environment (configuration, not an attacker). */
export function fromEnvironment(t: Taint): boolean {
  return t.strength === 'local' && /\benviron\b|\bgetenv\b|environb/.test(t.label);
}

/**
 * Whether the taint at a sink is only configuration: it comes from the environment and no other
 * part of the argument (`DB_PATH + " > " + args.dest`) carries data from elsewhere.
 */
export function onlyEnvironment(t: Taint, at: SyntaxNode, ctx: MatchContext): boolean {
  if (!fromEnvironment(t)) return false;
  const stack: SyntaxNode[] = [at];
  let budget = 200;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'identifier' || n.type === 'attribute' || n.type === 'subscript' || n.type === 'call') {
      const other = ctx.taint(n);
      if (other && !fromEnvironment(other)) return false;
      if (n.type === 'identifier') continue;
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return true;
}

/**
 * Whether a node carries untrusted data that is dangerous for a class at this point: not
 * sanitized for it, and remote, or (for local / parameter data) allowed by the policy.
 */
export function dangerous(
  ctx: MatchContext,
  node: SyntaxNode | null,
  cls: VulnClass,
  policy: { local?: 'any' | 'built' | 'never'; params?: 'any' | 'built' | 'never' } = {},
): Taint | null {
  if (!node) return null;
  const t = ctx.taint(node);
  if (!t || t.sanitized & classBit(cls)) return null;
  if (t.strength === 'remote') return t;
  const p = t.strength === 'local' ? (policy.local ?? 'any') : (policy.params ?? 'built');
  return p === 'any' || (p === 'built' && t.built) ? t : null;
}

// ---- definitions -------------------------------------------------------------------------

const SCOPES = new Set(['function_definition', 'module']);
const defCache = new WeakMap<SyntaxNode, Map<string, { at: number; value: SyntaxNode }[]>>();

function scopeOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  for (let p = node.parent; p; p = p.parent) {
    n = p;
    if (SCOPES.has(p.type)) return p;
  }
  return n;
}

function collectDefinitions(scope: SyntaxNode): Map<string, { at: number; value: SyntaxNode }[]> {
  const out = new Map<string, { at: number; value: SyntaxNode }[]>();
  const add = (name: string, at: number, value: SyntaxNode): void => {
    let list = out.get(name);
    if (!list) out.set(name, (list = []));
    list.push({ at, value });
  };
  const stack: SyntaxNode[] = [...scope.children];
  let budget = 20000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'function_definition' || n.type === 'class_definition' || n.type === 'lambda') continue;
    if (n.type === 'assignment') {
      const left = n.child('left');
      const right = n.child('right');
      if (left?.type === 'identifier' && right) add(left.text, n.start, right);
    } else if (n.type === 'as_pattern') {
      const value = n.namedChildren[0];
      const alias = n.child('alias');
      const id = alias?.namedChildren[0] ?? alias;
      if (value && id?.type === 'identifier') add(id.text, n.start, value);
    } else if (n.type === 'named_expression') {
      const name = n.child('name');
      const value = n.child('value');
      if (name && value) add(name.text, n.start, value);
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return out;
}

/** The expression last assigned to a name before `use`, in its own scope (then the module's). */
export function definitionOf(use: SyntaxNode): SyntaxNode | null {
  if (use.type !== 'identifier') return null;
  let scope: SyntaxNode | null = scopeOf(use);
  for (let i = 0; i < 3 && scope; i++) {
    let defs = defCache.get(scope);
    if (!defs) defCache.set(scope, (defs = collectDefinitions(scope)));
    const list = defs.get(use.text);
    if (list) {
      let best: { at: number; value: SyntaxNode } | null = null;
      for (const d of list) if (d.at < use.start && (!best || d.at > best.at) && !d.value.contains(use)) best = d;
      if (best) return best.value;
      if (scope.type === 'function_definition') return null; // assigned later in the function: not a module constant
    }
    if (scope.type === 'module' || !scope.parent) return null;
    scope = scopeOf(scope);
  }
  return null;
}

/** Unwraps parentheses, `await` and names bound to a single expression, up to a few steps. */
export function resolve(node: SyntaxNode | null, depth = 0): SyntaxNode | null {
  if (!node || depth > 4) return node;
  if (node.type === 'parenthesized_expression' || node.type === 'await') return resolve(node.namedChildren[0] ?? null, depth + 1);
  if (node.type === 'identifier') {
    const d = definitionOf(node);
    return d ? resolve(d, depth + 1) : node;
  }
  return node;
}

/** The call an expression was produced by (`t = Template(s)` → `Template(s)`), or null. */
export function originCall(node: SyntaxNode | null, ctx: MatchContext): CallView | null {
  const r = resolve(node);
  return r ? ctx.call(r) : null;
}

// ---- URLs --------------------------------------------------------------------------------

/**
 * The literal text an expression certainly starts with: a string's leading fragment, the
 * constant a leading f-string field holds, the left side of `+` / `%`, a `.format` template.
 * A leading configuration value (`{BASE_URL}`, `settings.API`, `os.environ[…]`) counts as a
 * configured origin. Null when it starts with untrusted data.
 */
export function literalPrefix(node: SyntaxNode | null, ctx: MatchContext, depth = 0): string | null {
  if (!node || depth > 6) return null;
  const whole = ctx.stringValue(node);
  if (whole !== null) return whole;
  switch (node.type) {
    case 'parenthesized_expression':
    case 'await':
      return literalPrefix(node.namedChildren[0] ?? null, ctx, depth + 1);
    case 'string': {
      let out = '';
      for (const c of node.children) {
        if (c.type === 'string_content' || c.type === 'escape_sequence') out += c.text;
        else if (c.type === 'interpolation') {
          const inner = c.child('expression');
          const s = inner ? ctx.stringValue(inner) : null;
          if (s !== null) {
            out += s;
            continue;
          }
          if (out === '' && inner && configured(inner, ctx)) out += 'https://configured.invalid/';
          else return out;
        }
      }
      return out;
    }
    case 'concatenated_string':
      return literalPrefix(node.namedChildren[0] ?? null, ctx, depth + 1);
    case 'binary_operator': {
      const op = node.child('operator')?.text;
      const left = node.child('left');
      if (op !== '+' && op !== '%') return null;
      if (left && ctx.stringValue(left) === null && configured(left, ctx)) return 'https://configured.invalid/';
      const prefix = literalPrefix(left, ctx, depth + 1);
      // `"https://%s/path" % host`: the text before the first placeholder is all that is fixed.
      return op === '%' && prefix !== null ? beforePlaceholder(prefix, '%') : prefix;
    }
    case 'identifier': {
      if (configured(node, ctx)) return 'https://configured.invalid/';
      const d = definitionOf(node);
      return d ? literalPrefix(d, ctx, depth + 1) : null;
    }
    case 'call': {
      const c = ctx.call(node);
      if (!c) return null;
      if (c.name === 'format' && c.receiver) {
        const prefix = literalPrefix(c.receiver, ctx, depth + 1);
        return prefix === null ? null : beforePlaceholder(prefix, '{');
      }
      // urljoin(BASE, "/users/" + x): a local path keeps the base's host.
      if (/^(?:urllib\.parse\.|urlparse\.)?urljoin$/.test(ctx.pathText(c.callee ?? node) ?? '')) {
        const base = argument(c, 0);
        const rel = argument(c, 1);
        const relPrefix = literalPrefix(rel, ctx, depth + 1);
        if (relPrefix !== null && /^\/[^/\\]/.test(relPrefix)) {
          const basePrefix = literalPrefix(base, ctx, depth + 1);
          return basePrefix === null ? null : withoutTrailingSlashes(basePrefix) + relPrefix;
        }
        return null;
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * The text of a format template before its first placeholder: `%s` / `%(name)s` for `%` (not `%%`),
 * `{}` / `{0}` / `{name}` for `.format` (not `{{`).
 */
export function beforePlaceholder(template: string, style: '%' | '{'): string {
  for (let i = template.indexOf(style); i >= 0; i = template.indexOf(style, i + 2)) {
    if (template[i + 1] !== style) return template.slice(0, i);
  }
  return template;
}

/** A value that comes from configuration rather than the request: a constant, a setting, the environment. */
function configured(node: SyntaxNode, ctx: MatchContext): boolean {
  if (ctx.isConstant(node)) return true;
  const t = ctx.taint(node);
  if (t) return t.strength === 'local' && fromEnvironment(t);
  const p = ctx.pathText(node) ?? '';
  return /(?:^|\.)(?:settings|config|app\.config|current_app\.config|conf)\b|\b(?:base_url|api_url|api_base|endpoint|host_url|service_url)$/i.test(p);
}

/** Whether a URL prefix pins the destination: an absolute URL with a host and a path, or a local path (`/users/`, not `//evil`). */
export function pinsHost(prefix: string): boolean {
  return /^(?:https?:)?\/\/[^/?#\\]+[/?#]/i.test(prefix) || /^\/[^/\\]/.test(prefix) || bareHost(prefix);
}

/** `api.example.com/…`: dot-separated labels of letters, digits, `_` and `-` ending in a letters-only TLD, then `/`. */
function bareHost(prefix: string): boolean {
  const slash = prefix.indexOf('/');
  if (slash < 0) return false;
  const labels = prefix.slice(0, slash).split('.');
  return labels.length >= 2 && labels.every((l) => /^[\w-]+$/.test(l)) && /^[a-z]{2,}$/i.test(labels[labels.length - 1] as string);
}

/** `https://api.example.com//` → `https://api.example.com`. */
function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') end--;
  return text.slice(0, end);
}

/** The default value of the parameter a name refers to, in the function enclosing it (`def fetch(url="http://…")`), or null. */
export function parameterDefault(name: SyntaxNode): SyntaxNode | null {
  if (name.type !== 'identifier') return null;
  const fn = enclosingFunction(name);
  for (const p of fn?.child('parameters')?.children ?? []) {
    if ((p.type === 'default_parameter' || p.type === 'typed_default_parameter') && p.child('name')?.text === name.text) return p.child('value');
  }
  return null;
}

/** Hosts that never leave the machine or a private network's naming: loopback, unqualified names, reserved local suffixes. */
export function localHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1' || h === '0.0.0.0' || h.startsWith('127.')) return true;
  if (!h.includes('.') && !h.includes(':')) return true;
  return /\.(?:localhost|local|internal|lan|test|invalid)$/.test(h);
}

/**
 * The scheme and host a URL-valued expression certainly has, when its text is literal up to the end
 * of the host (`"http://example.com/x"`, `f"http://api.example.com/{p}"`, a name bound to one, a
 * parameter's default): `{ scheme: "http", host: "example.com" }`. Null when the scheme or host comes
 * from a variable.
 */
export function literalUrl(arg: SyntaxNode | null, ctx: MatchContext): { scheme: string; host: string } | null {
  if (!arg) return null;
  let node = arg;
  if (arg.type === 'identifier' && ctx.stringValue(arg) === null && definitionOf(arg) === null) node = parameterDefault(arg) ?? arg;
  const whole = ctx.stringValue(node);
  const prefix = whole ?? literalPrefix(node, ctx);
  if (!prefix) return null;
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]{0,15}):\/\/([^/?#\s]{0,255})/.exec(prefix);
  if (!m) return null;
  // The host is known when literal text follows it or the whole URL is a constant.
  if (whole === null && m[0].length >= prefix.length) return null;
  const authority = m[2] as string;
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d{0,5}$/, '');
  return host ? { scheme: (m[1] as string).toLowerCase(), host } : null;
}

/**
 * Whether a URL-valued argument is pinned to a fixed host or local path by literal text before the
 * untrusted part: `f"https://api.example.com/users/{uid}"`, `"/search?q=" + q`, `f"{BASE}/x/{y}"`.
 */
export function hostIsPinned(arg: SyntaxNode | null, ctx: MatchContext, taint: Taint): boolean {
  if (!arg) return false;
  const prefix = literalPrefix(arg, ctx);
  if (prefix !== null) return pinsHost(prefix);
  if (arg.type === 'identifier' && definitionOf(arg) !== null) return false;
  return taint.built && taint.text.length > 0 && /^(?:https?:)?\/\/[^/?#\\]+[/?#]/i.test(taint.text);
}

/**
 * Whether the enclosing function, before `call`, tests the variable `arg` — or a variable derived
 * from it by an expression matching `derive` (`parsed = urlparse(url)`, `real = os.path.realpath(p)`)
 * — with one of the given checks inside a condition (`if parsed.hostname not in ALLOWED: abort()`).
 * The engine's guards follow variables, not parsed parts of them; this covers how URL allow-lists
 * and path containment checks are usually written.
 */
export function checkedBefore(call: CallView, arg: SyntaxNode | null, ctx: MatchContext, check: { test(text: string): boolean }, derive?: RegExp): boolean {
  const fn = ctx.fn?.node;
  return fn ? checkedBeforeIn(fn, call, arg, check, derive) : false;
}

/** The function definition a node is in, or null at module level. */
export function enclosingFunction(node: SyntaxNode): SyntaxNode | null {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'function_definition') return p;
  return null;
}

/** `checkedBefore` in a given function (for a call seen from a helper's summary, where `ctx.fn` is not the caller). */
export function checkedBeforeIn(fn: SyntaxNode, call: CallView, arg: SyntaxNode | null, check: { test(text: string): boolean }, derive?: RegExp): boolean {
  if (!arg || arg.type !== 'identifier') return false;
  const names = new Set([arg.text]);
  const mentions = (text: string): boolean => {
    for (const n of names) if (new RegExp(`\\b${n}\\b`).test(text)) return true;
    return false;
  };
  const conditions: SyntaxNode[] = [];
  const assignments: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [fn];
  let budget = 20000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.start >= call.node.start) continue;
    if (n.type === 'if_statement' || n.type === 'elif_clause' || n.type === 'while_statement') {
      const c = n.child('condition');
      if (c) conditions.push(c);
    } else if (n.type === 'assert_statement') conditions.push(n);
    else if (n.type === 'conditional_expression' && n.namedChildren[1]) conditions.push(n.namedChildren[1]);
    else if (n.type === 'assignment' && n.child('left')?.type === 'identifier') assignments.push(n);
    for (const c of n.children) if (c.named) stack.push(c);
  }
  if (derive) {
    assignments.sort((a, b) => a.start - b.start);
    for (let round = 0; round < 2; round++) {
      for (const a of assignments) {
        const right = a.child('right')?.text ?? '';
        if (derive.test(right) && mentions(right)) names.add(a.child('left')?.text ?? '');
      }
    }
    names.delete('');
  }
  return conditions.some((c) => check.test(c.text) && mentions(c.text));
}

/** Function definitions of the file by name (module level and methods). */
export function functionsByName(root: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  const stack: SyntaxNode[] = [root];
  let budget = 50000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'function_definition') {
      const name = n.child('name')?.text;
      if (name && !out.has(name)) out.set(name, n);
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return out;
}

/**
 * A same-file helper that returns a value only after checking it with `check` (`_safe_next(url)`: `if urlparse(url).netloc:
 * return "/"`; `_resolve_inside(root, name)`: `if not candidate.is_relative_to(root): raise …; return candidate`). Every
 * non-constant return must be a name checked before it (or a call to one of `safeCalls`).
 */
export function validatingHelper(arg: SyntaxNode, ctx: MatchContext, check: { test(text: string): boolean }, derive: RegExp, safeCalls: readonly string[] = []): boolean {
  const r = resolve(arg);
  const call = r ? ctx.call(r) : null;
  if (!call || call.receiver || !call.callee || call.callee.type !== 'identifier') return false;
  let root: SyntaxNode = call.node;
  while (root.parent) root = root.parent;
  const fn = ctx.fileMemo('python.functionsByName', () => functionsByName(root)).get(call.name);
  if (!fn) return false;
  const body = fn.child('body');
  if (!body) return false;
  const returns: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [body];
  while (stack.length > 0 && returns.length < 16) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'function_definition' || n.type === 'lambda') continue;
    if (n.type === 'return_statement') returns.push(n);
    for (const c of n.children) if (c.named) stack.push(c);
  }
  // Every return of a non-constant value is a name that was checked before.
  let checked = 0;
  for (const ret of returns) {
    const value = ret.namedChildren[0];
    if (!value || ctx.isConstant(value) || value.type === 'string') continue;
    const v = ctx.call(value);
    if (v && safeCalls.includes(v.name)) continue;
    if (value.type !== 'identifier') return false;
    if (!checkedBeforeIn(fn, { node: ret } as CallView, value, check, derive)) return false;
    checked++;
  }
  return checked > 0;
}

// ---- names the file binds ---------------------------------------------------------------

/** Node types whose identifiers (directly or in patterns) are bound names. */
const BINDING_PARENTS = new Set([
  'pattern_list',
  'tuple_pattern',
  'list_pattern',
  'list_splat_pattern',
  'dictionary_splat_pattern',
  'as_pattern_target',
  'default_parameter',
  'typed_parameter',
  'typed_default_parameter',
  'parameters',
  'lambda_parameters',
  'global_statement',
  'nonlocal_statement',
  'aliased_import',
  'dotted_name',
]);

/** Whether an identifier is a name being bound (a target, a parameter, an import, a definition). */
function isBinding(n: SyntaxNode): boolean {
  const p = n.parent;
  const f = n.field;
  const t = p?.type ?? '';
  return (
    BINDING_PARENTS.has(t) ||
    (f === 'left' && /^(?:assignment|augmented_assignment|for_statement|for_in_clause)$/.test(t)) ||
    (f === 'name' && /^(?:function_definition|class_definition|named_expression|aliased_import)$/.test(t)) ||
    (f === 'alias' && t === 'aliased_import') ||
    t === 'as_pattern_target' ||
    t === 'except_clause'
  );
}

const scopeBindings = new WeakMap<SyntaxNode, Set<string>>();

/** The names a scope (a function, a lambda or the module) binds itself, not counting nested functions' locals. */
function bindingsOf(scope: SyntaxNode): Set<string> {
  let out = scopeBindings.get(scope);
  if (out) return out;
  out = new Set();
  const stack: SyntaxNode[] = [...scope.children];
  let budget = 100000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'function_definition' || n.type === 'lambda') {
      const name = n.child('name');
      if (name) out.add(name.text);
      continue;
    }
    if (n.type === 'identifier' && isBinding(n)) out.add(n.text);
    for (const c of n.children) if (c.named) stack.push(c);
  }
  scopeBindings.set(scope, out);
  return out;
}

/** Whether a name is bound in its own scope, an enclosing function's, or the module. */
function boundInScope(id: SyntaxNode): boolean {
  for (let p = id.parent; p; p = p.parent) {
    if (p.type === 'function_definition' || p.type === 'lambda' || p.type === 'module') {
      if (bindingsOf(p).has(id.text)) return true;
    }
  }
  return false;
}

/** Top-level modules of the standard library (what `from X import f` may name without hiding anything). */
const STDLIB = new Set([
  'os',
  'sys',
  're',
  'json',
  'time',
  'datetime',
  'pathlib',
  'shlex',
  'subprocess',
  'shutil',
  'tempfile',
  'glob',
  'string',
  'random',
  'secrets',
  'hashlib',
  'hmac',
  'base64',
  'uuid',
  'math',
  'decimal',
  'fractions',
  'itertools',
  'functools',
  'collections',
  'typing',
  'logging',
  'io',
  'textwrap',
  'platform',
  'socket',
  'getpass',
  'urllib',
  'http',
  'html',
  'xml',
  'csv',
  'sqlite3',
  'pickle',
  'copy',
  'operator',
  'enum',
  'dataclasses',
  'contextlib',
  'threading',
  'multiprocessing',
  'asyncio',
  'concurrent',
  'signal',
  'stat',
  'struct',
  'zlib',
  'gzip',
  'bz2',
  'lzma',
  'zipfile',
  'tarfile',
  'configparser',
  'argparse',
  'locale',
  'calendar',
  'inspect',
  'importlib',
  'traceback',
  'warnings',
  'pprint',
  'email',
  'smtplib',
  'ftplib',
  'mimetypes',
  'codecs',
  'unicodedata',
  'difflib',
  'heapq',
  'bisect',
  'array',
  'weakref',
  'abc',
  'numbers',
  'statistics',
  'ipaddress',
  'ssl',
  'select',
  'selectors',
  'queue',
  'sched',
  'timeit',
  'errno',
  'ctypes',
  'fnmatch',
  'filecmp',
  'fileinput',
  'linecache',
  'posixpath',
  'ntpath',
  'binascii',
  'webbrowser',
  'wsgiref',
  'xmlrpc',
  'zoneinfo',
  'builtins',
  '__future__',
  'pwd',
  'grp',
  'resource',
  'pty',
  'fcntl',
  'atexit',
  'gc',
  'dis',
  'ast',
  'tokenize',
  'keyword',
  'code',
  'codeop',
  'marshal',
  'shelve',
  'dbm',
  'gettext',
  'cgi',
  'telnetlib',
]);

const BUILTINS = new Set([
  'print',
  'len',
  'str',
  'int',
  'float',
  'bool',
  'list',
  'dict',
  'set',
  'tuple',
  'range',
  'open',
  'input',
  'repr',
  'format',
  'sorted',
  'min',
  'max',
  'sum',
  'any',
  'all',
  'map',
  'filter',
  'zip',
  'enumerate',
  'getattr',
  'setattr',
  'hasattr',
  'isinstance',
  'type',
  'object',
  'super',
  'id',
  'hash',
  'abs',
  'round',
  'bytes',
  'bytearray',
  'chr',
  'ord',
  'hex',
  'oct',
  'bin',
  'iter',
  'next',
  'vars',
  'globals',
  'locals',
  'dir',
  'callable',
  'eval',
  'exec',
  'compile',
  'self',
  'cls',
  'True',
  'False',
  'None',
  '__name__',
  '__file__',
  'Exception',
  'ValueError',
  'KeyError',
  'TypeError',
]);

/**
 * Whether an expression is rooted in a name its scopes never bind (not assigned, imported, a parameter
 * or a builtin, here, in an enclosing function or at module level): its value comes from somewhere the analysis cannot see, so nothing is known about it.
 */
export function opaque(node: SyntaxNode, ctx: MatchContext, depth = 0): boolean {
  if (depth > 12) return false;
  switch (node.type) {
    case 'identifier': {
      if (BUILTINS.has(node.text) || ctx.isConstant(node)) return false;
      return !boundInScope(node);
    }
    case 'attribute':
    case 'subscript': {
      const base = node.child(node.type === 'attribute' ? 'object' : 'value');
      return base ? opaque(base, ctx, depth + 1) : false;
    }
    case 'call': {
      const fn = node.child('function');
      if (!fn) return false;
      // `something()` with `from somewhere import something`: a value made in a module the analysis
      // does not see (the standard library's are known to be plain computations).
      if (fn.type === 'identifier') {
        const path = ctx.path(fn);
        if (path && path.length > 1 && !STDLIB.has(path[0] as string) && !BUILTINS.has(fn.text)) return true;
      }
      return opaque(fn, ctx, depth + 1);
    }
    case 'parenthesized_expression':
    case 'await':
      return node.namedChildren[0] ? opaque(node.namedChildren[0], ctx, depth + 1) : false;
    default:
      return false;
  }
}

// ---- names around a value ----------------------------------------------------------------

/** Splits `resetToken`, `RESET_TOKEN`, `user.reset_token` into lower-case words. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

const SECRET_WORDS = new Set([
  'token',
  'tokens',
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'passcode',
  'secret',
  'secrets',
  'nonce',
  'salt',
  'otp',
  'totp',
  'hotp',
  'pin',
  'csrf',
  'xsrf',
  'apikey',
  'session',
  'sessionid',
  'sid',
  'credential',
  'credentials',
  'signature',
  'hmac',
  'jwt',
  'bearer',
  'verifier',
  'captcha',
  'activation',
  'invite',
  'invitation',
  'coupon',
  'voucher',
  'mfa',
  '2fa',
  'tfa',
  'recovery',
  'unlock',
  'reset',
  'magic',
  'iv',
  'cookie',
  'auth',
  'apitoken',
  'accesstoken',
  'authtoken',
  'sessionkey',
]);
const KEY_WORDS = new Set(['key', 'code', 'id', 'link', 'url', 'hash', 'string', 'value', 'digest']);
const KEY_QUALIFIERS = new Set([
  'api',
  'access',
  'secret',
  'private',
  'signing',
  'encryption',
  'session',
  'license',
  'auth',
  'reset',
  'verification',
  'verify',
  'confirmation',
  'confirm',
  'activation',
  'invite',
  'invitation',
  'sms',
  'otp',
  'security',
  'login',
  'one',
  'magic',
  'unlock',
  'recovery',
  'backup',
  'promo',
  'referral',
  'aes',
  'hmac',
  'crypt',
  'cipher',
  'master',
  'download',
  'share',
  'sharing',
  'email',
  'phone',
  'password',
  'pass',
  'passwd',
  'user',
  'account',
  'sign',
  'private',
]);

/** Whether a name (variable, attribute, key, function) reads like it holds a secret value. */
export function isSecretContext(name: string): boolean {
  const words = wordsOf(name);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (SECRET_WORDS.has(w)) return true;
    if (KEY_WORDS.has(w) && i > 0 && KEY_QUALIFIERS.has(words[i - 1] as string)) return true;
  }
  return false;
}

/** Calls whose argument is not the value's purpose: waiting, printing, logging, counting. */
const NOT_PURPOSE = /^(?:sleep|print|log|debug|info|warning|warn|error|exception|critical|range|len|jitter|delay|backoff|wait|sample_rate|shuffle|randint|uniform)$/;
/** Wrappers that keep the value's purpose: `str(random.random())`, `"".join(…)`, `hex(…)`. */
const TRANSPARENT = /^(?:str|int|float|round|hex|oct|format|join|encode|decode|hexdigest|digest|zfill|upper|lower|b64encode|urlsafe_b64encode|list|tuple|sorted)$/;

/**
 * The names around an expression, innermost first: the variable / attribute / key / keyword it is
 * assigned to, the calls it is passed to, and the enclosing function name.
 */
export function contextNames(node: SyntaxNode): string[] {
  const out: string[] = [];
  let n: SyntaxNode = node;
  for (let i = 0; i < 14 && n.parent; i++) {
    const p: SyntaxNode = n.parent;
    if (p.type === 'assignment' || p.type === 'augmented_assignment') {
      const left = p.child('left');
      if (left && n.field === 'right') out.push(left.text);
      if (n.field === 'right') break;
    } else if (p.type === 'keyword_argument') {
      const key = p.child('name');
      if (key && n.field === 'value') out.push(key.text);
    } else if (p.type === 'pair') {
      const key = p.child('key');
      if (key && n.field === 'value') out.push(key.text.replace(/^['"]|['"]$/g, ''));
    } else if (p.type === 'return_statement') {
      // The function's name says what it returns.
    } else if (p.type === 'call' && n.field === 'arguments') {
      const fn = p.child('function');
      const name = fn?.type === 'attribute' ? (fn.child('attribute')?.text ?? '') : (fn?.text ?? '');
      if (NOT_PURPOSE.test(name)) return out;
      if (name && !TRANSPARENT.test(name)) out.push(name);
    } else if (p.type === 'function_definition') {
      const name = p.child('name')?.text;
      if (name) out.push(name);
      break;
    } else if (p.type === 'class_definition' || p.type === 'module') break;
    n = p;
  }
  return out;
}

// ---- files -------------------------------------------------------------------------------

/** Test code: fixed passwords and disabled checks there are test data. */
export function isTestFile(filename: string | null, code: string): boolean {
  // Asked by several rules for most calls of a file: remember the last file's answer.
  if (code === lastTestFile.code && filename === lastTestFile.filename) return lastTestFile.answer;
  const answer = testFileUncached(filename, code);
  lastTestFile = { code, filename, answer };
  return answer;
}

let lastTestFile: { code: string | null; filename: string | null; answer: boolean } = { code: null, filename: null, answer: false };

function testFileUncached(filename: string | null, code: string): boolean {
  if (filename && testPath(filename)) return true;
  // A line of the file's head importing a test framework (`^\s*import pytest\b` with the `m` flag).
  return code
    .slice(0, 4000)
    .split(/[\n\r\u2028\u2029]/)
    .some((line) => /^(?:import pytest|from pytest|import unittest|from unittest|from django\.test)\b/.test(line.trimStart()));
}

/** `tests/…`, `testing/…`, `test_x.py`, `x_test.py`, `x_tests.py`, `conftest.py`. */
function testPath(filename: string): boolean {
  const parts = filename.split(/[\\/]/);
  const base = parts[parts.length - 1] as string;
  if (parts.slice(0, -1).some((d) => d === 'test' || d === 'tests' || d === 'testing')) return true;
  return (base.startsWith('test_') && base.endsWith('.py')) || base.endsWith('_test.py') || base.endsWith('_tests.py') || base === 'conftest.py';
}

/** A settings module meant for development or tests (`settings/dev.py`, `local_settings.py`, `test_settings.py`). */
export function isDevSettingsFile(filename: string | null): boolean {
  if (!filename) return false;
  const base = filename.split(/[\\/]/).pop() ?? '';
  return (
    /(?:^|[_.-])(?:dev|devel|development|local|test|tests|testing|ci)(?:[_.-]|$)/i.test(base.replace(/\.py$/, '')) ||
    /[\\/](?:dev|development|local|test|tests)[\\/]/i.test(filename)
  );
}

/** Whether the enclosing class (a config class) is for development or tests: `class TestingConfig(Config)`. */
export function inDevClass(node: SyntaxNode): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'class_definition') {
      const name = p.child('name')?.text ?? '';
      if (/(?:Test|Testing|Dev|Development|Local|Debug)/.test(name)) return true;
    }
    if (p.type === 'if_statement') {
      const c = p.child('condition')?.text ?? '';
      if (/\b(?:DEBUG|TESTING|testing|debug)\b|development|"dev"|'dev'|"test"|'test'/.test(c)) return true;
    }
  }
  return false;
}

/** Whether a file reads like a Django settings module. */
export function isSettingsModule(filename: string | null, code: string): boolean {
  const base = filename?.split(/[\\/]/).pop() ?? '';
  if (/settings|config|conf/i.test(base)) return true;
  return /^\s*(?:INSTALLED_APPS|ROOT_URLCONF|MIDDLEWARE|DATABASES)\s*=/m.test(code);
}

/** The content type a response call declares (`content_type=` / `mimetype=` / `media_type=`), or null. */
export function declaredContentType(call: CallView, ctx: MatchContext): string | null {
  for (const name of ['content_type', 'mimetype', 'media_type']) {
    const v = keyword(call, name);
    if (v) return ctx.stringValue(v) ?? v.text;
  }
  return null;
}

/** Whether a content type is something a browser will not render as HTML. */
export function notHtml(type: string | null): boolean {
  return type !== null && !/html|xml\+xhtml|svg/i.test(type);
}
