/**
 * One-level summaries of the plain functions a PHP file defines, so calls to small helpers are
 * seen as what they wrap. Procedural PHP is full of them:
 *
 * - input helpers: `function get_param($k) { return isset($_GET[$k]) ? trim($_GET[$k]) : ''; }`
 *   — a call is viewed as a read of request data (the source path `$_REQUEST()`);
 * - escaping helpers: `function h($s) { return htmlspecialchars($s, ENT_QUOTES); }`,
 *   `function clean_int($v) { return (int) $v; }` — a call is viewed as the wrapped sanitizer;
 * - query/command helpers: `function db_query($sql) { global $conn; return mysqli_query($conn, $sql); }`
 *   — a call is viewed as the wrapped call, with the argument moved to where the wrapper passes it.
 *
 * Only top-level `function` declarations are summarised (methods are reached through their
 * receivers), one level deep, and only when a parameter reaches the wrapped call unchanged.
 */
import type { SyntaxNode } from '../../syntax.ts';

/** How a call to a user function should be viewed. */
export type Summary =
  | { kind: 'source' }
  /** A helper that never returns (`function fail($msg) { http_response_code(400); echo $msg; exit; }`): a call to it ends the flow. */
  | { kind: 'exit' }
  /**
   * A validating helper (`function safe_return($u) { if ($u[0] === '/' && …) return $u; return '/'; }`,
   * `function doc_path($f) { $p = realpath(DIR . basename($f)); if ($p === false || strpos($p, DIR) !== 0) return null; return $p; }`):
   * it returns a fixed fallback or a value that passed a check, so its result carries none of its arguments' data.
   */
  | { kind: 'validated' }
  /** A wrapper: call `name` (a method of the wrapper itself when `method`), with argument `from` placed at `to`. */
  | { kind: 'wrap'; name: string; method: boolean; moves: readonly { from: number; to: number }[]; allArgs: boolean };

const SUPERGLOBAL = /^\$(?:_GET|_POST|_REQUEST|_COOKIE|_FILES|HTTP_GET_VARS|HTTP_POST_VARS)$/;
/** Calls that hand their first argument's data through unchanged (for input helpers). */
const TRANSPARENT = new Set([
  'trim',
  'rtrim',
  'ltrim',
  'stripslashes',
  'urldecode',
  'rawurldecode',
  'strtolower',
  'strtoupper',
  'html_entity_decode',
  'base64_decode',
  'json_decode',
  'wp_unslash',
  'stripcslashes',
  'str_replace',
  'preg_replace',
  'strval',
  'utf8_decode',
  'mb_strtolower',
  'ucfirst',
]);
/** Sanitizers a helper may wrap; `(int)` casts are viewed as `intval`. */
const SANITIZERS = new Set([
  'htmlspecialchars',
  'htmlentities',
  'strip_tags',
  'intval',
  'floatval',
  'absint',
  'mysqli_real_escape_string',
  'mysql_real_escape_string',
  'mysql_escape_string',
  'pg_escape_string',
  'pg_escape_literal',
  'addslashes',
  'escapeshellarg',
  'escapeshellcmd',
  'basename',
  'esc_html',
  'esc_attr',
  'esc_sql',
  'esc_url',
  'sanitize_text_field',
  'sanitize_file_name',
  'sanitize_key',
  'urlencode',
  'rawurlencode',
  'json_encode',
  'ldap_escape',
  'preg_quote',
  'md5',
  'sha1',
]);
/** Method sanitizers and the function they are equivalent to. */
const METHOD_SANITIZERS: Readonly<Record<string, string>> = {
  real_escape_string: 'mysqli_real_escape_string',
  escape_string: 'mysqli_real_escape_string',
  quote: 'addslashes',
  escapeString: 'addslashes',
};
/** Calls a helper may wrap with a parameter passed straight through. */
const WRAPPED_FUNCTIONS = new Set([
  'mysqli_query',
  'mysqli_real_query',
  'mysqli_multi_query',
  'mysqli_prepare',
  'mysql_query',
  'mysql_unbuffered_query',
  'pg_query',
  'pg_send_query',
  'sqlite_query',
  'sqlsrv_query',
  'odbc_exec',
  'oci_parse',
  'system',
  'exec',
  'shell_exec',
  'passthru',
  'popen',
  'proc_open',
  'eval',
  'unserialize',
  'file_get_contents',
  'file_put_contents',
  'fopen',
  'readfile',
  'unlink',
  'header',
  'curl_init',
  'echo',
  'print',
  'include',
  'include_once',
  'require',
  'require_once',
  'ldap_search',
  'simplexml_load_string',
  'preg_match',
]);
const WRAPPED_METHODS = new Set(['query', 'exec', 'prepare', 'multi_query', 'real_query', 'get_results', 'get_row', 'get_var', 'get_col', 'executeQuery', 'executeStatement']);

const REQUEST_GETTERS = new Set([
  'input',
  'get',
  'post',
  'query',
  'cookie',
  'header',
  'getGet',
  'getPost',
  'getVar',
  'getQuery',
  'getData',
  'getParam',
  'get_param',
  'getQueryParams',
  'getParsedBody',
  'getContent',
  'all',
]);

const cache = new WeakMap<SyntaxNode, Map<string, Summary>>();
const propertyCache = new WeakMap<SyntaxNode, Set<string>>();

/**
 * Properties a class fills with request data in one of its methods (`$this->term = $_GET['q'];`):
 * reading `$this->term` in another method reads that data. Casts and sanitizers on the way in
 * are respected (the assignment must read the input unchanged or through a transparent call).
 */
export function inputPropertiesOf(cls: SyntaxNode): Set<string> {
  const hit = propertyCache.get(cls);
  if (hit) return hit;
  const out = new Set<string>();
  const clean = new Set<string>();
  const stack: SyntaxNode[] = [cls];
  for (let budget = 50000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'assignment_expression') {
      const left = n.child('left');
      const right = n.child('right');
      if (left && right && left.type === 'member_access_expression' && left.child('object')?.text === '$this') {
        const prop = left.child('name')?.text;
        if (prop) {
          if (readsInput(right)) out.add(prop);
          else clean.add(prop);
        }
      }
    }
    for (const c of n.children) if (c.named && c.type !== 'class_declaration') stack.push(c);
  }
  // A property also assigned something else is not reliably request data.
  for (const p of clean) out.delete(p);
  propertyCache.set(cls, out);
  return out;
}

function unwrapExpr(node: SyntaxNode): SyntaxNode {
  let n = node;
  for (let i = 0; i < 8 && (n.type === 'parenthesized_expression' || n.type === 'argument'); i++) {
    const inner = n.namedChildren[n.namedChildren.length - 1];
    if (!inner) break;
    n = inner;
  }
  return n;
}

function callName(call: SyntaxNode): string | null {
  const fn = call.child('function');
  if (!fn || (fn.type !== 'name' && fn.type !== 'qualified_name')) return null;
  return fn.text.replace(/^.*\\/, '').toLowerCase();
}

function firstArg(call: SyntaxNode): SyntaxNode | null {
  const arg = call.child('arguments')?.namedChildren.find((c) => c.type === 'argument');
  return arg ? unwrapExpr(arg) : null;
}

/** Whether an expression is (a transparent function of) a superglobal read. */
function readsInput(node: SyntaxNode, depth = 0): boolean {
  if (depth > 8) return false;
  const n = unwrapExpr(node);
  switch (n.type) {
    case 'variable_name':
      return SUPERGLOBAL.test(n.text);
    case 'subscript_expression': {
      const base = n.namedChildren[0];
      return base !== undefined && readsInput(base, depth + 1);
    }
    case 'conditional_expression': {
      const body = n.child('body');
      const alt = n.child('alternative');
      return (body !== null && readsInput(body, depth + 1)) || (alt !== null && readsInput(alt, depth + 1)) || (!body && readsInput(n.child('condition') ?? n, depth + 1));
    }
    case 'binary_expression': {
      const op = n.child('operator')?.text;
      if (op !== '??' && op !== '?:') return false;
      return n.namedChildren.some((c) => c.field !== 'operator' && readsInput(c, depth + 1));
    }
    case 'member_call_expression': {
      // $request->input('q'), $this->input->get('q'), $this->request->getGet('q')
      const object = n.child('object');
      const method = n.child('name')?.text ?? '';
      return object !== null && /^(?:\$request|\$req|\$this->request|\$this->input)$/.test(object.text) && REQUEST_GETTERS.has(method);
    }
    case 'function_call_expression': {
      const name = callName(n);
      if (name === 'file_get_contents') return /php:\/\/input/i.test(n.text);
      if (name === 'filter_input') return !/FILTER_VALIDATE_(?:INT|FLOAT|BOOL)|FILTER_SANITIZE_(?:NUMBER|SPECIAL|FULL_SPECIAL)/.test(n.text);
      if (!name || !TRANSPARENT.has(name)) return false;
      const args = n.child('arguments')?.namedChildren.filter((c) => c.type === 'argument') ?? [];
      // str_replace/preg_replace work on their third argument.
      const subject = name === 'str_replace' || name === 'preg_replace' ? args[2] : args[0];
      return subject !== undefined && readsInput(subject, depth + 1);
    }
    default:
      return false;
  }
}

function paramNames(fn: SyntaxNode): string[] {
  const list = fn.child('parameters');
  if (!list) return [];
  const out: string[] = [];
  for (const p of list.namedChildren) {
    if (p.type === 'comment') continue;
    out.push(p.child('name')?.text ?? '');
  }
  return out;
}

/** The expression of the body's last `return`, when the body is only `global`/`static` declarations and one return. */
function soleReturn(body: SyntaxNode): SyntaxNode | null {
  let ret: SyntaxNode | null = null;
  for (const s of body.namedChildren) {
    if (s.type === 'comment' || s.type === 'global_declaration') continue;
    if (s.type === 'return_statement' && !ret) {
      ret = s.namedChildren.find((c) => c.type !== 'comment') ?? null;
      continue;
    }
    return null;
  }
  return ret;
}

/** Whether a parameter is assigned anywhere in a body (then it does not reach a call unchanged). */
function reassigned(body: SyntaxNode, param: string): boolean {
  const text = body.text;
  let i = text.indexOf(param);
  while (i >= 0) {
    const rest = text.slice(i + param.length, i + param.length + 4);
    if (/^\s*[.+\-*/?]?=(?!=)/.test(rest)) return true;
    i = text.indexOf(param, i + param.length);
  }
  return false;
}

/** A sanitizer wrapper: `return htmlspecialchars($s, …)`, `return (int) $v`, `return $db->real_escape_string($s)`. */
function sanitizerOf(expr: SyntaxNode, params: readonly string[]): string | null {
  const n = unwrapExpr(expr);
  if (n.type === 'cast_expression') {
    const type = n.child('type')?.text.toLowerCase() ?? '';
    const value = n.child('value');
    return /^(?:int|integer|float|double|bool|boolean)$/.test(type) && value && mentionsParam(value, params) ? 'intval' : null;
  }
  if (n.type === 'function_call_expression') {
    const name = callName(n);
    if (name && SANITIZERS.has(name) && mentionsParam(n, params)) return name;
    return null;
  }
  if (n.type === 'member_call_expression' || n.type === 'scoped_call_expression') {
    const name = n.child('name')?.text ?? '';
    const equivalent = METHOD_SANITIZERS[name];
    return equivalent && mentionsParam(n.child('arguments') ?? n, params) ? equivalent : null;
  }
  return null;
}

function mentionsParam(node: SyntaxNode, params: readonly string[]): boolean {
  const text = node.text;
  return params.some((p) => p.length > 1 && new RegExp(`\\${p}\\b`).test(text));
}

/** A call inside the body that receives parameters unchanged: the wrapper becomes that call. */
function wrappedCall(body: SyntaxNode, params: readonly string[]): Summary | null {
  const stack: SyntaxNode[] = [body];
  let found: Summary | null = null;
  for (let budget = 2000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'function_definition' || n.type === 'anonymous_function' || n.type === 'arrow_function' || n.type === 'class_declaration') continue;
    let name: string | null = null;
    let method = false;
    let argNodes: SyntaxNode[] = [];
    if (n.type === 'function_call_expression') {
      name = callName(n);
      argNodes = n.child('arguments')?.namedChildren.filter((c) => c.type === 'argument') ?? [];
    } else if (n.type === 'member_call_expression') {
      name = n.child('name')?.text ?? null;
      method = true;
      argNodes = n.child('arguments')?.namedChildren.filter((c) => c.type === 'argument') ?? [];
    } else if (n.type === 'echo_statement' || n.type === 'print_intrinsic') {
      name = n.type === 'echo_statement' ? 'echo' : 'print';
      argNodes = n.namedChildren.filter((c) => c.type !== 'comment');
    } else if (/^(?:include|require)(?:_once)?_expression$/.test(n.type)) {
      name = n.type.replace(/_expression$/, '');
      argNodes = n.namedChildren.slice(0, 1);
    }
    if (name && (method ? WRAPPED_METHODS.has(name) : WRAPPED_FUNCTIONS.has(name))) {
      const moves: { from: number; to: number }[] = [];
      argNodes.forEach((a, to) => {
        const v = unwrapExpr(a);
        if (v.type !== 'variable_name') return;
        const from = params.indexOf(v.text);
        if (from >= 0 && !reassigned(body, v.text)) moves.push({ from, to });
      });
      if (moves.length > 0) {
        // Two different wrapped calls: ambiguous, do not summarise.
        if (found) return null;
        found = { kind: 'wrap', name, method, moves, allArgs: name === 'echo' || name === 'print' };
      }
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return found;
}

/** Calls that never return. */
const EXIT_CALLS = new Set(['exit', 'die', 'wp_die', 'abort', 'wp_send_json', 'wp_send_json_error', 'wp_send_json_success', 'dd', 'trigger_404']);

/** Whether a body has a `return` of its own (nested functions and classes excluded). */
function returns(body: SyntaxNode): boolean {
  const stack: SyntaxNode[] = [body];
  for (let budget = 5000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'return_statement' || n.type === 'yield_expression') return true;
    for (const c of n.children) if (c.named && !SCOPES.has(c.type)) stack.push(c);
  }
  return false;
}

/**
 * Whether a function body always ends the request: it never returns, and its last statement is
 * `exit`/`die`/`throw` or a call to a helper that does (`find_or_fail()`, which returns a row or
 * throws, is not one).
 */
function endsInExit(body: SyntaxNode, exitHelpers: ReadonlySet<string>): boolean {
  const statements = body.namedChildren.filter((c) => c.type !== 'comment');
  const last = statements[statements.length - 1];
  if (!last || returns(body)) return false;
  if (last.type === 'exit_statement') return true;
  if (last.type !== 'expression_statement') return false;
  const expr = last.namedChildren.find((c) => c.type !== 'comment');
  if (!expr) return false;
  if (expr.type === 'throw_expression') return true;
  if (expr.type !== 'function_call_expression') return false;
  const name = callName(expr);
  return name !== null && (EXIT_CALLS.has(name) || exitHelpers.has(name));
}

function summarise(fn: SyntaxNode, exitHelpers: ReadonlySet<string>): Summary | null {
  const body = fn.child('body');
  if (!body) return null;
  const params = paramNames(fn);
  const ret = soleReturn(body);
  if (ret) {
    if (readsInput(ret)) return { kind: 'source' };
    const sanitizer = sanitizerOf(ret, params);
    if (sanitizer) return { kind: 'wrap', name: sanitizer, method: false, moves: params.map((_, i) => ({ from: i, to: i })), allArgs: true };
  }
  if (endsInExit(body, exitHelpers)) return { kind: 'exit' };
  if (params.length === 0) return null;
  if (validatesReturn(body, params)) return { kind: 'validated' };
  const wrap = wrappedCall(body, params);
  // A wrapper the file calls with request data is analysed inside, where its sink is: its
  // parameter is request data there (see calledWithInput), and its calls stay plain calls.
  const name = fn.child('name')?.text;
  if (wrap?.kind === 'wrap' && name && wrap.moves.some((m) => calledWithInput(fn, name, m.from))) return null;
  return wrap;
}

/** Summaries of the file's top-level functions, by lower-cased name. */
export function summariesOf(root: SyntaxNode): Map<string, Summary> {
  const hit = cache.get(root);
  if (hit) return hit;
  const out = new Map<string, Summary>();
  const defined = new Map<string, SyntaxNode | null>();
  const stack: SyntaxNode[] = [root];
  for (let budget = 50000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'function_definition') {
      const name = n.child('name')?.text.toLowerCase();
      // A name defined twice (if/else variants) is not summarised.
      if (name) defined.set(name, defined.has(name) ? null : n);
      continue;
    }
    if (n.type === 'class_declaration' || n.type === 'trait_declaration' || n.type === 'interface_declaration' || n.type === 'enum_declaration') continue;
    for (const c of n.children) if (c.named) stack.push(c);
  }
  // Helpers that end the request, including those ending in a call to another one (two rounds).
  const exitHelpers = new Set<string>();
  for (let round = 0; round < 2; round++) {
    for (const [name, fn] of defined) {
      const body = fn?.child('body');
      if (body && !exitHelpers.has(name) && endsInExit(body, exitHelpers)) exitHelpers.add(name);
    }
  }
  for (const [name, fn] of defined) {
    if (!fn) continue;
    const s = summarise(fn, exitHelpers);
    if (s) out.set(name, s);
  }
  cache.set(root, out);
  return out;
}

/** The root of a node's tree. */
export function rootOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}

/** Everything the summaries need from a file, gathered in one pass over its tree. */
interface FileIndex {
  /** Calls by lower-cased function or method name. */
  calls: Map<string, SyntaxNode[]>;
  /** Right-hand sides assigned to each variable, per scope (a function, method, closure, or the file). */
  assignments: Map<SyntaxNode, Map<string, SyntaxNode[]>>;
  /** Top-level functions that only return request data (`function get_param($k) { return $_GET[$k] ?? ''; }`). */
  sourceHelpers: Set<string>;
}

const indexCache = new WeakMap<SyntaxNode, FileIndex>();
/** Nodes whose assignments form a scope of their own. */
const VARIABLE_SCOPES = new Set(['function_definition', 'method_declaration', 'anonymous_function', 'anonymous_function_creation_expression', 'arrow_function']);

function indexOf(root: SyntaxNode): FileIndex {
  const hit = indexCache.get(root);
  if (hit) return hit;
  const index: FileIndex = { calls: new Map(), assignments: new Map(), sourceHelpers: new Set() };
  const stack: { node: SyntaxNode; scope: SyntaxNode; nested: boolean }[] = [{ node: root, scope: root, nested: false }];
  for (let budget = 400000; stack.length > 0 && budget > 0; budget--) {
    const { node: n, scope, nested } = stack.pop() as { node: SyntaxNode; scope: SyntaxNode; nested: boolean };
    let name: string | null = null;
    if (n.type === 'function_call_expression') name = callName(n);
    else if (n.type === 'member_call_expression' || n.type === 'scoped_call_expression' || n.type === 'nullsafe_member_call_expression') {
      const nm = n.child('name');
      name = nm && nm.type === 'name' ? nm.text.toLowerCase() : null;
    }
    if (name) {
      let list = index.calls.get(name);
      if (!list) index.calls.set(name, (list = []));
      list.push(n);
    }
    if (n.type === 'assignment_expression') {
      const left = n.child('left');
      const right = n.child('right');
      if (left && right && left.type === 'variable_name') {
        let vars = index.assignments.get(scope);
        if (!vars) index.assignments.set(scope, (vars = new Map()));
        let list = vars.get(left.text);
        if (!list) vars.set(left.text, (list = []));
        list.push(right);
      }
    }
    if (n.type === 'function_definition' && !nested) {
      const fname = n.child('name')?.text.toLowerCase();
      const body = n.child('body');
      const ret = body ? soleReturn(body) : null;
      if (fname && ret && readsInput(ret)) index.sourceHelpers.add(fname);
    }
    const childScope = VARIABLE_SCOPES.has(n.type) ? n : scope;
    const childNested = nested || SCOPES.has(n.type);
    for (const c of n.children) if (c.named) stack.push({ node: c, scope: childScope, nested: childNested });
  }
  indexCache.set(root, index);
  return index;
}

function callsOf(root: SyntaxNode): Map<string, SyntaxNode[]> {
  return indexOf(root).calls;
}

function sourceHelpersOf(root: SyntaxNode): Set<string> {
  return indexOf(root).sourceHelpers;
}

/** Nodes that open a new variable scope (their assignments are not the enclosing scope's). */
const SCOPES = new Set(['function_definition', 'method_declaration', 'anonymous_function', 'anonymous_function_creation_expression', 'arrow_function', 'class_declaration']);

const NO_ASSIGNMENTS = new Map<string, SyntaxNode[]>();

/** Right-hand sides assigned to each variable of a scope (nested functions and classes excluded). */
function assignmentsOf(scope: SyntaxNode): Map<string, SyntaxNode[]> {
  return indexOf(rootOf(scope)).assignments.get(scope) ?? NO_ASSIGNMENTS;
}

/**
 * Whether a variable is never given a value where it is read: not assigned in its scope (the
 * enclosing function, method, closure or the file) nor a parameter of it. What it holds is out of
 * sight (a global filled elsewhere, an included file's variable), so audit sinks report it.
 */
export function unboundVariable(variable: SyntaxNode): boolean {
  if (variable.type !== 'variable_name' || variable.text === '$this') return false;
  const scope = variableScope(variable);
  if (assignmentsOf(scope).has(variable.text)) return false;
  const params = scope.child('parameters');
  if (params?.text.includes(variable.text)) return false;
  return !declaredGlobal(scope.text, variable.text);
}

/** `global $wpdb, $post;` in the scope's text: the variable is the application's own global. */
function declaredGlobal(text: string, name: string): boolean {
  for (let i = text.indexOf('global '); i >= 0; i = text.indexOf('global ', i + 7)) {
    const end = text.indexOf(';', i);
    const list = text.slice(i + 7, end < 0 ? text.length : end);
    for (const part of list.split(',')) if (part.trim() === name) return true;
  }
  return false;
}

/** The function, method or closure a variable belongs to, or the file. */
function variableScope(variable: SyntaxNode): SyntaxNode {
  let scope: SyntaxNode | null = variable.parent;
  while (scope && !VARIABLE_SCOPES.has(scope.type)) scope = scope.parent;
  return scope ?? rootOf(variable);
}

/** What a variable is assigned when its scope assigns it exactly once (`$csrf = false; … $csrf`), or null. */
export function soleAssignment(variable: SyntaxNode): SyntaxNode | null {
  if (variable.type !== 'variable_name') return null;
  const values = assignmentsOf(variableScope(variable)).get(variable.text);
  return values?.length === 1 ? (values[0] as SyntaxNode) : null;
}

const variableMemo = new WeakMap<SyntaxNode, Map<string, boolean>>();

/** Whether a variable of a scope is assigned request data somewhere in it (memoised per scope; a cycle reads as false). */
function variableFromInput(name: string, scope: SyntaxNode, depth: number): boolean {
  let memo = variableMemo.get(scope);
  if (!memo) variableMemo.set(scope, (memo = new Map()));
  const known = memo.get(name);
  if (known !== undefined) return known;
  memo.set(name, false);
  const values = assignmentsOf(scope).get(name) ?? [];
  const result = values.slice(0, 8).some((v) => fromInput(v, scope, depth + 1));
  memo.set(name, result);
  return result;
}

function fromInput(node: SyntaxNode, scope: SyntaxNode, depth = 0): boolean {
  if (depth > 12) return false;
  const n = unwrapExpr(node);
  if (readsInput(n)) return true;
  if (n.type === 'function_call_expression') {
    // The file's own input helpers: `get_param('id')`.
    const name = callName(n);
    if (name !== null && sourceHelpersOf(rootOf(n)).has(name)) return true;
  }
  switch (n.type) {
    case 'variable_name':
      return n.text !== '$this' && variableFromInput(n.text, scope, depth);
    case 'subscript_expression': {
      const base = n.namedChildren[0];
      return base !== undefined && fromInput(base, scope, depth + 1);
    }
    case 'binary_expression': {
      const op = n.child('operator')?.text;
      if (op !== '.' && op !== '??' && op !== '?:') return false;
      return n.namedChildren.some((c) => c.field !== 'operator' && fromInput(c, scope, depth + 1));
    }
    case 'encapsed_string':
      return n.namedChildren.some((c) => (c.type === 'variable_name' || c.type === 'subscript_expression') && fromInput(c, scope, depth + 1));
    case 'function_call_expression': {
      const name = callName(n);
      if (!name || !TRANSPARENT.has(name)) return false;
      const args = n.child('arguments')?.namedChildren.filter((c) => c.type === 'argument') ?? [];
      const subject = name === 'str_replace' || name === 'preg_replace' ? args[2] : args[0];
      return subject !== undefined && fromInput(subject, scope, depth + 1);
    }
    default:
      return false;
  }
}

/** The function (or file) around a call: where its argument variables are set. */
function enclosingScope(node: SyntaxNode): SyntaxNode {
  for (let p = node.parent; p; p = p.parent) {
    if (VARIABLE_SCOPES.has(p.type)) return p;
  }
  let root = node;
  while (root.parent) root = root.parent;
  return root;
}

/**
 * Whether a function's parameter receives request data at one of its call sites in the same file:
 * `show_message($_GET['msg'])`, `$this->find($id)` after `$id = $_GET['id']`. Then the parameter
 * is untrusted inside the function, and sinks there are reported where the annotator sees them.
 */
export function calledWithInput(fn: SyntaxNode, name: string, index: number): boolean {
  let root = fn;
  while (root.parent) root = root.parent;
  const calls = callsOf(root).get(name.toLowerCase());
  if (!calls) return false;
  const isMethod = fn.type === 'method_declaration';
  for (const call of calls.slice(0, 64)) {
    if (!isMethod && call.type !== 'function_call_expression') continue;
    if (fn.contains(call)) continue;
    const args = call.child('arguments')?.namedChildren.filter((c) => c.type === 'argument' && !c.child('name')) ?? [];
    const arg = args[index];
    if (!arg) continue;
    if (fromInput(arg, enclosingScope(call))) return true;
  }
  return false;
}

/** Calls that check a value against something (an allow-list, a pattern, a prefix, a type). */
const CHECK_CALLS = new Set([
  'in_array',
  'preg_match',
  'str_starts_with',
  'strpos',
  'stripos',
  'strncmp',
  'strncasecmp',
  'filter_var',
  'array_key_exists',
  'ctype_alnum',
  'ctype_digit',
  'ctype_alpha',
  'ctype_xdigit',
  'is_numeric',
]);
const FALLBACK_TYPES = new Set(['string', 'integer', 'float', 'null', 'boolean', 'name', 'class_constant_access_expression']);

/** Whether a condition checks one of `vars` against a pattern, a list, a prefix or a non-empty literal (not a presence check). */
function checksValue(condition: SyntaxNode, vars: ReadonlySet<string>): boolean {
  let mentions = false;
  let checks = false;
  const stack: SyntaxNode[] = [condition];
  for (let budget = 2000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'variable_name' && vars.has(n.text)) mentions = true;
    if (n.type === 'function_call_expression' && CHECK_CALLS.has(callName(n) ?? '')) checks = true;
    if (n.type === 'binary_expression' && /^(?:===|!==|==|!=)$/.test(n.child('operator')?.text ?? '')) {
      // `$u[0] === '/'`, `$parts['scheme'] === 'https'`; not `$u === ''`.
      if (n.namedChildren.some((c) => c.type === 'string' && literalText(c) !== '')) checks = true;
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return mentions && checks;
}

function literalText(node: SyntaxNode): string {
  return node.namedChildren.map((c) => c.text).join('');
}

/** Whether a statement leaves the function: `return <fallback>;`, `exit`, `throw`, or a block ending in one. */
function leavesWithFallback(stmt: SyntaxNode): boolean {
  let s: SyntaxNode | undefined = stmt;
  if (s.type === 'compound_statement') s = s.namedChildren.filter((c) => c.type !== 'comment').pop();
  if (!s) return false;
  if (s.type === 'exit_statement') return true;
  if (s.type === 'return_statement') {
    const e = s.namedChildren.find((c) => c.type !== 'comment');
    return !e || FALLBACK_TYPES.has(unwrapExpr(e).type);
  }
  if (s.type === 'expression_statement') return s.namedChildren.some((c) => c.type === 'throw_expression');
  return false;
}

/**
 * Whether every `return` of a function body gives a fixed fallback (a literal, a constant, null) or a variable
 * that a check vouches for: the return sits inside an `if` checking it, or follows an `if` that checks it and
 * leaves. Variables assigned from a parameter (`$parts = parse_url($url)`) count as the parameter.
 */
function validatesReturn(body: SyntaxNode, params: readonly string[]): boolean {
  const returns: SyntaxNode[] = [];
  const derived = new Map<string, Set<string>>();
  const stack: SyntaxNode[] = [body];
  for (let budget = 5000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'return_statement') returns.push(n);
    if (n.type === 'assignment_expression') {
      const left = n.child('left');
      const right = n.child('right');
      if (left?.type === 'variable_name' && right) {
        let set = derived.get(left.text);
        if (!set) derived.set(left.text, (set = new Set()));
        const inner: SyntaxNode[] = [right];
        for (let b = 500; inner.length > 0 && b > 0; b--) {
          const m = inner.pop() as SyntaxNode;
          if (m.type === 'variable_name') set.add(m.text);
          for (const c of m.children) if (c.named) inner.push(c);
        }
      }
    }
    for (const c of n.children) if (c.named && !SCOPES.has(c.type)) stack.push(c);
  }
  if (returns.length < 2 || returns.length > 12) return false;
  // The variables a returned variable stands for: itself, and what it was assigned from (one level).
  const related = (v: string): Set<string> => {
    const out = new Set([v]);
    for (const [name, from] of derived) if (from.has(v)) out.add(name);
    for (const f of derived.get(v) ?? []) out.add(f);
    return out;
  };
  let fallbacks = 0;
  let checked = 0;
  for (const ret of returns) {
    const e = ret.namedChildren.find((c) => c.type !== 'comment');
    const value = e ? unwrapExpr(e) : null;
    if (!value || FALLBACK_TYPES.has(value.type)) {
      fallbacks++;
      continue;
    }
    if (value.type !== 'variable_name') return false;
    const vars = related(value.text);
    // A returned parameter or local must be vouched for by a check.
    let ok = false;
    for (let child: SyntaxNode = ret, p = ret.parent; p && !ok && child !== body; child = p, p = p.parent) {
      if (p.type === 'if_statement' && child.field === 'body') {
        const cond = p.child('condition');
        if (cond && checksValue(cond, vars)) ok = true;
      }
      if (p.type === 'compound_statement' || p === body) {
        const siblings = p.namedChildren;
        for (const sib of siblings.slice(0, siblings.indexOf(child))) {
          const cond = sib.type === 'if_statement' ? sib.child('condition') : null;
          const then = sib.type === 'if_statement' ? sib.child('body') : null;
          if (cond && then && !sib.child('alternative') && leavesWithFallback(then) && checksValue(cond, vars)) ok = true;
        }
      }
    }
    if (!ok) return false;
    checked++;
  }
  return fallbacks > 0 && checked > 0 && params.length > 0;
}
