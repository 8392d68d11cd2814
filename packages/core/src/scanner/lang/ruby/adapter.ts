import type { SyntaxNode } from '../../syntax.ts';
import type { Arg, CallView, FunctionView, LanguageAdapter, ParamView, View } from '../../engine/adapter.ts';

/**
 * The Ruby adapter (tree-sitter-ruby): plain Ruby, Rails, Sinatra, Rack, Grape.
 *
 * Ruby has no syntax difference between reading a variable and calling a method without
 * arguments: `params`, `request`, `cookies` are identifiers, `request.params` is a `call` with no
 * arguments. Sources are therefore written against call segments (`request.params()`), and bare
 * names (`params`) are names. A few idioms are mapped to what they mean:
 * - a zero-argument helper defined in the same file that just returns request parameters
 *   (`def user_params; params.require(:user).permit(…); end`, `def term = params[:q].to_s`)
 *   reads as `params`, unless a local of that name is in scope;
 * - an instance variable assigned once in the class from request data, in `initialize`, a
 *   `before_action` callback or a helper the reading method calls, reads as that value;
 * - value methods (`to_i`, `present?`, `include?`, `shellescape`, …), `xs.map(&:to_i)` and
 *   `s.gsub(/[^a-z0-9]/, '')` are conversions taking the receiver as argument, so
 *   `params[:id].to_i` is a sanitized value rather than a longer `params…` source path;
 * - `cookies.signed` / `cookies.encrypted` (tamper-proof) do not read as `cookies`;
 * - route helpers (`user_path(x)`, `edit_post_url(p)`) that the file does not define are calls to
 *   `url_helper` (they escape their arguments and build a local URL);
 * - the blocks of iteration methods (`xs.each { |x| … }`, `map`, `select`, …) are loops binding
 *   their parameters from the receiver; other blocks are functions;
 * - backticks / `%x()` and regex literals with interpolation are calls (`` ` `` and `regexp`)
 *   whose argument is the interpolated text;
 * - `unless c` is an `if c` with the branches swapped; `case v when a …` is a chain of ifs on
 *   `v == a`; `a << b` on a variable appends (an update assignment).
 */

const FUNCTION_TYPES = new Set(['method', 'singleton_method', 'lambda', 'block', 'do_block']);
const STRING_TYPES = new Set([
  'string',
  'chained_string',
  'heredoc_body',
  'heredoc_beginning',
  'bare_string',
  'simple_symbol',
  'delimited_symbol',
  'string_array',
  'symbol_array',
  'character',
  'regex',
  'subshell',
]);
const COMMENT_TYPES = new Set(['comment']);
const CLASS_TYPES = new Set(['class', 'module']);
const SKIP_TYPES = new Set([
  'comment',
  'alias',
  'undef',
  'superclass',
  'heredoc_body',
  'exceptions',
  'exception_variable',
  'empty_statement',
  'uninterpreted',
  'forward_argument',
  'forward_parameter',
]);
const LITERAL_TYPES = new Set(['integer', 'float', 'complex', 'rational', 'true', 'false', 'nil', 'encoding', 'file', 'line', 'range']);
const CLEAN_OPERATORS = new Set(['<', '>', '<=', '>=', '<=>', '-', '*', '/', '**', '&', '|', '^', '>>']);
const SKIPPED_CALLS = new Set(['require', 'require_relative', 'require_dependency', 'gem', 'autoload', 'load']);
/**
 * Methods whose result is a new value (a number, a boolean, an escaped string) rather than the
 * receiver's data. They are seen as calls taking the receiver as first argument (`to_i(x)`), so
 * `params[:id].to_i` is a conversion of `params[:id]`, not a longer `params…` source path.
 */
export const VALUE_METHODS = new Set([
  'to_i',
  'to_f',
  'to_d',
  'to_r',
  'to_c',
  'to_int',
  'to_sym',
  'to_date',
  'to_datetime',
  'to_time',
  'to_bool',
  'abs',
  'round',
  'floor',
  'ceil',
  'ord',
  'hash',
  'object_id',
  'length',
  'size',
  'bytesize',
  'shellescape',
  'shelljoin',
  'parameterize',
  'nil?',
  'empty?',
  'blank?',
  'present?',
  'any?',
  'none?',
  'all?',
  'one?',
  'include?',
  'exclude?',
  'start_with?',
  'end_with?',
  'match?',
  'is_a?',
  'kind_of?',
  'instance_of?',
  'respond_to?',
  'key?',
  'has_key?',
  'member?',
  'zero?',
  'positive?',
  'negative?',
  'even?',
  'odd?',
  'eql?',
  'equal?',
  'between?',
  'in?',
  'integer?',
  'numeric?',
  'cover?',
  'valid?',
  'exist?',
  'file?',
  'directory?',
]);

/** Kernel methods that read as bare identifiers when called without arguments. */
const BARE_CALLS = new Set(['rand', 'srand', 'byebug', 'debugger', 'remote_byebug', 'gets', 'skip_forgery_protection', 'protect_from_forgery']);

/** Whether the enclosing method assigns or takes a local of this identifier's name (then it is a variable, not the helper). */
function assignedLocally(node: SyntaxNode): boolean {
  const scope = node.ancestor(METHOD_SCOPES);
  if (!scope) return false;
  const name = node.text;
  const stack: SyntaxNode[] = [scope];
  let budget = 20000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    // Ruby locals exist from their first assignment on: earlier reads call the method.
    if (
      n.type === 'identifier' &&
      n.text === name &&
      n !== node &&
      (((n.field === 'left' || n.parent?.type === 'left_assignment_list') && n.start < node.start) || isParameter(n) || n.parent?.type === 'block_parameters')
    )
      return true;
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return false;
}

const METHOD_SCOPES = new Set(['method', 'singleton_method', 'lambda']);

function isParameter(node: SyntaxNode): boolean {
  const p = node.parent;
  return p !== null && /parameters$|_parameter$/.test(p.type);
}

/** Methods whose block iterates over the receiver: `xs.each { |x| … }` binds x from xs. */
export const ITERATORS = new Set([
  'each',
  'each_with_index',
  'each_with_object',
  'each_pair',
  'each_value',
  'each_key',
  'each_slice',
  'each_cons',
  'each_line',
  'each_char',
  'each_entry',
  'map',
  'map!',
  'collect',
  'collect!',
  'flat_map',
  'collect_concat',
  'filter_map',
  'select',
  'select!',
  'filter',
  'filter!',
  'reject',
  'reject!',
  'find',
  'detect',
  'find_all',
  'find_index',
  'sort_by',
  'sort_by!',
  'min_by',
  'max_by',
  'group_by',
  'partition',
  'chunk_while',
  'slice_when',
  'sum',
  'count',
  'any?',
  'all?',
  'none?',
  'one?',
  'inject',
  'reduce',
  'tap',
  'then',
  'yield_self',
  'uniq',
  'sort',
  'index_by',
  'index_with',
  'to_h',
  'transform_values',
  'transform_keys',
  'zip',
  'keep_if',
  'delete_if',
  'take_while',
  'drop_while',
  'find_each',
  'find_in_batches',
  'in_batches',
  'with_index',
  'each_index',
  'lazy',
]);
/** Methods whose blocks run with framework-supplied parameters (Sinatra/Grape routes, OptionParser, Rake). */
const ROUTE_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'options', 'head', 'link', 'unlink', 'route']);

// ---- per-file facts ----------------------------------------------------------------------

interface FileFacts {
  /** heredoc start → its body. */
  heredocs: Map<SyntaxNode, SyntaxNode>;
  /** Zero-argument helper methods that just return request parameters (`def user_params; params.require(:user).permit(:name); end`). */
  paramHelpers: Set<string>;
  /** Names of all methods defined in the file. */
  defined: Set<string>;
  /** Instance-variable assignments per class: `<class start>:@name` → the assigned values and their methods. */
  ivars: Map<string, { value: SyntaxNode; method: SyntaxNode | null }[]>;
  /** Methods run before actions: `<class start>:<name>` for `before_action :name` and friends. */
  callbacks: Set<string>;
  /** Calls without a receiver (or on `self`), by method name: where the file's own methods are called. */
  calls: Map<string, SyntaxNode[]>;
  /** Constants the file assigns a hash or array literal (`SORTS = { … }.freeze`): tables of fixed values. */
  tables: Set<string>;
  /** Methods named as checks (`safe_return_to(value)`) that leave early unless an allow-list check holds (see `isGuardHelper`). */
  guardHelpers: Set<string>;
}

const CALLBACKS =
  /^(?:before_action|prepend_before_action|append_before_action|before_filter|prepend_before_filter|around_action|before|setup|before_validation|after_initialize)$/;

const METHOD_TYPES = new Set(['method', 'singleton_method']);
const REQUEST_DATA = /\b(?:params|request|cookies)\b/;

function ivarKey(node: SyntaxNode, name: string): string {
  const cls = node.ancestor(CLASS_TYPES);
  return `${cls ? cls.start : -1}:${name}`;
}

function containsIvar(node: SyntaxNode, depth = 0): boolean {
  if (node.type === 'instance_variable' || node.type === 'class_variable') return true;
  if (depth > 24) return true;
  return node.children.some((c) => containsIvar(c, depth + 1));
}

/**
 * `before_action :set_file` … `def set_file; @file = params[:file]; end` … `send_file @file`:
 * an instance variable read in a method that does not assign it, when the class assigns it once
 * from request data (and from nothing else held in instance variables), reads as that value.
 */
function ivarSource(node: SyntaxNode): SyntaxNode | null {
  const method = node.ancestor(METHOD_TYPES);
  if (!method) return null;
  const assigned = factsOf(node).ivars.get(ivarKey(node, node.text));
  if (!assigned || assigned.length !== 1) return null;
  const only = assigned[0] as { value: SyntaxNode; method: SyntaxNode | null };
  if (only.method === method || only.method === null) return null;
  // The assigning method must run before this one: the constructor, a before_action callback, or a helper this method calls.
  const setter = only.method.child('name')?.text ?? '';
  const cls = node.ancestor(CLASS_TYPES);
  const runsFirst =
    setter === 'initialize' ||
    factsOf(node).callbacks.has(`${cls ? cls.start : -1}:${setter}`) ||
    new RegExp(`(?:^|[^\\w@:.])${setter.replace(/[^\w]/g, '')}\\b`).test(method.child('body')?.text ?? '');
  if (!runsFirst) return null;
  if (!REQUEST_DATA.test(only.value.text) || containsIvar(only.value)) return null;
  return only.value;
}

const factsCache = new WeakMap<object, FileFacts>();

function rootOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}

/** `params.require(:user).permit(…)`, `params[:q].to_s.strip`, `params.fetch(:sort, 'name')`, `params[:page] || 1`. */
const PARAMS_CHAIN =
  /^params(?:(?:\.|&\.)(?:require|permit|fetch|slice|except|dig|to_unsafe_h|to_h|merge|reverse_merge|with_defaults|to_s|strip|downcase|upcase|presence|squish|titleize)\b(?:\([^()]*\))?|\[[^\]]*\])*(?: ?\|\| ?(?:'[^']*'|"[^"]*"|:\w+|nil|\{\}|\[\]))?$/;

function factsOf(node: SyntaxNode): FileFacts {
  const cached = factsCache.get(node.source);
  if (cached) return cached;
  const root = rootOf(node);
  const facts: FileFacts = {
    heredocs: new Map(),
    paramHelpers: new Set(),
    defined: new Set(),
    ivars: new Map(),
    callbacks: new Set(),
    calls: new Map(),
    tables: new Set(),
    guardHelpers: new Set(),
  };
  const starts: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [root];
  let budget = 2_000_000;
  // Document order: heredoc bodies follow the line that opened them, in the order they were opened.
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'heredoc_beginning') starts.push(n);
    else if (n.type === 'heredoc_body') {
      const start = starts.shift();
      if (start) facts.heredocs.set(start, n);
    } else if ((n.type === 'assignment' || n.type === 'operator_assignment') && n.child('left')?.type === 'instance_variable') {
      const left = n.child('left') as SyntaxNode;
      const value = n.child('right');
      if (value) {
        const key = ivarKey(n, left.text);
        let list = facts.ivars.get(key);
        if (!list) facts.ivars.set(key, (list = []));
        list.push({ value, method: n.ancestor(METHOD_TYPES) });
      }
    }
    if (n.type === 'assignment' && n.child('left')?.type === 'constant') {
      let value = n.child('right');
      for (let i = 0; i < 3 && value?.type === 'call' && value.child('method')?.text === 'freeze'; i++) value = value.child('receiver');
      if (value && (value.type === 'hash' || value.type === 'array' || value.type === 'string_array' || value.type === 'symbol_array'))
        facts.tables.add((n.child('left') as SyntaxNode).text);
    }
    if (n.type === 'call' && n.child('arguments') && (!n.child('receiver') || n.child('receiver')?.type === 'self')) {
      const m = n.child('method')?.text;
      if (m) {
        let list = facts.calls.get(m);
        if (!list) facts.calls.set(m, (list = []));
        if (list.length < 64) list.push(n);
      }
    }
    if (n.type === 'call' && !n.child('receiver') && CALLBACKS.test(n.child('method')?.text ?? '')) {
      const cls = n.ancestor(CLASS_TYPES);
      for (const a of n.child('arguments')?.namedChildren ?? []) {
        if (a.type === 'simple_symbol') facts.callbacks.add(`${cls ? cls.start : -1}:${a.text.slice(1)}`);
      }
    }
    if (n.type === 'method') {
      const name = n.child('name')?.text;
      if (name) {
        facts.defined.add(name);
        const params = n.child('parameters');
        const body = n.child('body');
        // `def search_term = params[:q]` (endless method): the body is the expression itself.
        const statements = !body ? [] : body.type === 'body_statement' ? body.namedChildren.filter((c) => c.type !== 'comment') : [body];
        if (params && params.namedChildren.length > 0 && (isGuardHelper(name, statements) || isCheckedChoice(params, statements))) facts.guardHelpers.add(name);
        if (
          (!params || params.namedChildren.length === 0) &&
          statements.length === 1 &&
          PARAMS_CHAIN.test(
            (statements[0] as SyntaxNode).text
              .replace(/\s+/g, ' ')
              .replace(/ ?([.[\]]) ?/g, '$1')
              .trim(),
          )
        ) {
          facts.paramHelpers.add(name);
        }
      }
    }
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as SyntaxNode);
  }
  factsCache.set(node.source, facts);
  return facts;
}

/** Names that promise a checked value: `safe_return_to`, `safe_redirect_url`, `allowed_host`, `sanitized_path`. */
const GUARD_HELPER_NAME = /^(?:safe|sanitized?|allowed|permitted|validated|whitelisted|allowlisted|trusted)_/;
/** Allow-list checks a guard clause can make. */
const ALLOW_CHECKS = new Set(['include?', 'in?', 'member?', 'key?', 'start_with?', 'match?', 'cover?']);

/**
 * `def safe_return_to(value)` … `return root_url unless ALLOWED_HOSTS.include?(uri.host)` … `uri.to_s`: a
 * helper whose name says it returns a checked value and whose body leaves early (`return`, `raise`)
 * unless an allow-list check holds. Its result is the redirect or URL the application vetted.
 */
function isGuardHelper(name: string, statements: readonly SyntaxNode[]): boolean {
  if (!GUARD_HELPER_NAME.test(name)) return false;
  for (const st of statements) {
    if (st.type !== 'unless_modifier' && st.type !== 'if_modifier') continue;
    const body = st.child('body');
    if (!body || (body.type !== 'return' && !(body.type === 'call' && /^(?:raise|fail)$/.test(body.child('method')?.text ?? '')))) continue;
    const stack: SyntaxNode[] = [st.child('condition') ?? st];
    for (let budget = 200; stack.length > 0 && budget > 0; budget--) {
      const n = stack.pop() as SyntaxNode;
      if (n.type === 'call' && ALLOW_CHECKS.has(n.child('method')?.text ?? '')) return true;
      for (const c of n.namedChildren) stack.push(c);
    }
  }
  return false;
}

/**
 * `def return_path(candidate) = ALLOWED_PATHS.include?(candidate) ? candidate : orders_path`: a helper whose whole body is
 * a ternary that returns a parameter only where an allow-list check of it holds, and a fallback that does not use
 * it otherwise. Whatever its name, its result is a value the application vetted.
 */
function isCheckedChoice(params: SyntaxNode, statements: readonly SyntaxNode[]): boolean {
  if (statements.length !== 1) return false;
  const st = statements[0] as SyntaxNode;
  if (st.type !== 'conditional') return false;
  const cond = st.child('condition');
  const yes = st.child('consequence');
  const no = st.child('alternative');
  if (!cond || !yes || !no) return false;
  const names = new Set(params.namedChildren.map((p) => (p.type === 'identifier' ? p.text : (p.child('name')?.text ?? ''))).filter(Boolean));
  const mentions = (n: SyntaxNode): boolean => {
    const stack: SyntaxNode[] = [n];
    for (let budget = 500; stack.length > 0 && budget > 0; budget--) {
      const m = stack.pop() as SyntaxNode;
      if (m.type === 'identifier' && names.has(m.text)) return true;
      for (const c of m.namedChildren) stack.push(c);
    }
    return false;
  };
  const checked = { positive: new Set<string>(), negative: new Set<string>() };
  validatedTexts(cond, false, checked);
  // The allow-list check itself (not a comparison that `validatedTexts` also records) must hold where the parameter is returned.
  let allowCheck = false;
  const stack: SyntaxNode[] = [cond];
  for (let budget = 200; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'call' && ALLOW_CHECKS.has(n.child('method')?.text ?? '')) allowCheck = true;
    for (const c of n.namedChildren) stack.push(c);
  }
  if (!allowCheck) return false;
  if (names.has(yes.text) && checked.positive.has(yes.text)) return !mentions(no);
  if (names.has(no.text) && checked.negative.has(no.text)) return !mentions(yes);
  return false;
}

// ---- strings -----------------------------------------------------------------------------

/** Literal content of a string-like node (string_content and escapes), interpolations excluded. */
function literalContent(node: SyntaxNode): string {
  let out = '';
  for (const c of node.children) if (c.type === 'string_content' || c.type === 'escape_sequence' || c.type === 'heredoc_content') out += c.text;
  return out;
}

function hasInterpolation(node: SyntaxNode): boolean {
  return node.children.some((c) => c.type === 'interpolation');
}

/** Parts of an interpolated string: literal fragments and interpolated expressions. */
function stringParts(node: SyntaxNode): SyntaxNode[] {
  const parts: SyntaxNode[] = [];
  for (const c of node.children) {
    if (c.type === 'string_content' || c.type === 'escape_sequence' || c.type === 'heredoc_content' || c.type === 'interpolation') parts.push(c);
  }
  return parts;
}

function stringView(node: SyntaxNode): View {
  return hasInterpolation(node) ? { kind: 'concat', parts: stringParts(node) } : { kind: 'string', value: literalContent(node) };
}

/** The text a symbol or string key names (`:id`, `"id"`, `id:`), or null when it is computed. */
export function keyName(node: SyntaxNode): string | null {
  switch (node.type) {
    case 'simple_symbol':
      return node.text.replace(/^:/, '');
    case 'hash_key_symbol':
    case 'identifier':
    case 'constant':
      return node.text;
    case 'string':
    case 'delimited_symbol':
      return hasInterpolation(node) ? null : literalContent(node);
    default:
      return null;
  }
}

// ---- calls -------------------------------------------------------------------------------

function argsOf(list: SyntaxNode | null, block: SyntaxNode | null): Arg[] {
  const out: Arg[] = [];
  let index = 0;
  if (list) {
    for (const c of list.children) {
      if (!c.named || c.type === 'comment' || c.type === 'block_argument') continue;
      if (c.type === 'pair') {
        const key = c.child('key');
        const value = c.child('value');
        if (!value) {
          // `f(name:)` shorthand: the value is the local of the same name.
          if (key) out.push({ node: key, name: keyName(key), index: -1 });
          continue;
        }
        out.push({ node: value, name: key ? (keyName(key) ?? '?') : '?', index: -1 });
        continue;
      }
      if (c.type === 'hash_splat_argument') {
        out.push({ node: c, name: '**', index: -1 });
        continue;
      }
      out.push({ node: c, name: null, index: index++ });
    }
  }
  if (block) out.push({ node: block, name: '&', index: -1 });
  return out;
}

/** Whether a call is `rails_helper_path(x)` / `edit_user_url(u)`: a route helper this file does not define. */
function isRouteHelper(node: SyntaxNode, name: string): boolean {
  if (!/^[a-z]\w*_(?:path|url)$/.test(name) || name === 'url' || name === 'path') return false;
  return !factsOf(node).defined.has(name);
}

/** Hash look-ups that return a value of the table (or a default), not the key they are given. */
const LOOKUPS = new Set(['fetch', 'dig', 'values_at']);
/** `SORTS`, `self.class::SORTS`: a constant this file defines as a hash or array literal (not `DB`, `ENV` or a client object). */
function isConstantTable(node: SyntaxNode): boolean {
  const name = node.type === 'constant' ? node : node.type === 'scope_resolution' ? node.child('name') : null;
  return name !== null && name.type === 'constant' && factsOf(node).tables.has(name.text);
}

/**
 * A table of the application's own configuration: Sinatra's `settings.templates`, `Rails.configuration.x.plans`,
 * `Rails.application.config.feeds`. A lookup in it by a request key yields the configured value, not the key.
 */
function isAppSettings(node: SyntaxNode): boolean {
  return /^(?:settings|Rails\.configuration|Rails\.application\.config)(?:\.[a-z_][a-z0-9_]{0,40}){1,4}$/.test(node.text);
}

function callView(node: SyntaxNode): View | null {
  const method = node.child('method');
  const receiver = node.child('receiver');
  const list = node.child('arguments');
  const block = node.child('block');
  const name = method ? method.text : 'call';
  if (!receiver && SKIPPED_CALLS.has(name)) return { kind: 'skip' };
  // `obj.attr = v`, `obj.attr ||= v`: the left side is an attribute, not a call.
  if (receiver && method && !list && !block && (node.field === 'left' || node.parent?.type === 'left_assignment_list') && isAssignment(node.parent)) {
    return { kind: 'member', object: receiver, property: name };
  }
  // `%w[http https].include?(uri.scheme)`, `url.start_with?("https://")`: a check of the scheme alone lets any host through.
  if (receiver && schemeOnlyCheck(name, receiver, list)) return { kind: 'clean', parts: [receiver, ...argsOf(list, null).map((a) => a.node)] };
  if (!receiver && factsOf(node).guardHelpers.has(name)) {
    return { kind: 'call', node, callee: null, receiver: null, name: 'guard_helper', args: argsOf(list, block), isNew: false };
  }
  if (!receiver && isRouteHelper(node, name)) {
    return { kind: 'call', node, callee: null, receiver: null, name: 'url_helper', args: argsOf(list, block), isNew: false };
  }
  if (receiver && method) {
    // `ids.map(&:to_i)`, `ids.map { |i| Integer(i) }`, `name.gsub(/[^a-z0-9_-]/i, '')`: a conversion of the receiver.
    const conversion = elementConversion(name, list, block) ?? characterFilter(name, list);
    if (conversion) return { kind: 'call', node, callee: null, receiver: null, name: conversion, args: [{ node: receiver, name: null, index: 0 }], isNew: false };
  }
  // `SORTS.fetch(params[:sort], SORTS['newest'])`, `LIMITS.dig(params[:plan])`: a lookup in a constant table
  // yields one of its values (or the default), never the key.
  if (receiver && method && LOOKUPS.has(name) && (isConstantTable(receiver) || isAppSettings(receiver))) {
    const defaults = argsOf(list, block)
      .filter((a) => a.index >= 1 || a.name === '&')
      .map((a) => a.node);
    return { kind: 'choice', options: [receiver, ...defaults] };
  }
  if (receiver && method && VALUE_METHODS.has(name) && !block) {
    const rest = argsOf(list, null).map((a) => (a.index >= 0 ? { ...a, index: a.index + 1 } : a));
    return { kind: 'call', node, callee: method, receiver: null, name, args: [{ node: receiver, name: null, index: 0 }, ...rest], isNew: false };
  }
  return { kind: 'call', node, callee: method, receiver, name, args: argsOf(list, block), isNew: name === 'new' };
}

/** A URL scheme written as a prefix (`http://`, `https:`, `wss://`). */
const SCHEME_PREFIX = /^(?:https?|wss?|ftp)(?::(?:\/\/)?)?$/i;

/** `uri.scheme` / `URI(x).scheme`: the scheme of a URL, and nothing about its host. */
function isSchemeRead(node: SyntaxNode | null | undefined): boolean {
  return node?.type === 'call' && node.child('method')?.text === 'scheme' && !node.child('arguments');
}

/** A membership or prefix test that only looks at a URL's scheme. */
function schemeOnlyCheck(name: string, receiver: SyntaxNode, list: SyntaxNode | null): boolean {
  const args = list?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  if (name === 'include?' || name === 'member?') return args.length === 1 && isSchemeRead(args[0]);
  if (name === 'in?') return isSchemeRead(receiver);
  if (name === 'start_with?') return args.length > 0 && args.every((a) => a.type === 'string' && !hasInterpolation(a) && SCHEME_PREFIX.test(literalContent(a)));
  return false;
}

const CONVERSIONS = /^(?:to_i|to_f|to_d|to_r|to_c|to_sym|to_date|to_time|abs|round)$/;

/** `map(&:to_i)` / `map { |x| x.to_i }` / `map { |x| Integer(x) }`: the conversion applied to every element, or null. */
function elementConversion(name: string, list: SyntaxNode | null, block: SyntaxNode | null): string | null {
  if (!/^(?:map|collect|flat_map|filter_map|map!|collect!)$/.test(name)) return null;
  const blockArg = list?.children.find((c) => c.type === 'block_argument')?.namedChildren[0];
  if (blockArg?.type === 'simple_symbol') {
    const sym = blockArg.text.slice(1);
    return CONVERSIONS.test(sym) ? sym : null;
  }
  if (!block) return null;
  const param = block.child('parameters')?.namedChildren[0];
  const statements = block.child('body')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  const body = statements.length === 1 ? (statements[0] as SyntaxNode) : null;
  if (!param || param.type !== 'identifier' || !body || body.type !== 'call') return null;
  const m = body.child('method')?.text ?? '';
  const r = body.child('receiver');
  if (r && r.text === param.text && CONVERSIONS.test(m)) return m;
  if (r && r.type === 'call' && r.child('receiver')?.text === param.text && r.child('method')?.text === 'to_s' && CONVERSIONS.test(m)) return m;
  const a = body.child('arguments')?.namedChildren ?? [];
  if (!r && (m === 'Integer' || m === 'Float') && a[0]?.text === param.text) return 'to_i';
  return null;
}

/** `s.gsub(/[^a-z0-9_-]/i, '')`, `s.delete('^a-zA-Z0-9')`: keeps only letters, digits and `_ - .`, or null. */
function characterFilter(name: string, list: SyntaxNode | null): string | null {
  if (name !== 'gsub' && name !== 'delete' && name !== 'tr') return null;
  const args = list?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  const pattern = args[0];
  if (!pattern) return null;
  let kept: string | null = null;
  if (name === 'gsub' && pattern.type === 'regex' && !hasInterpolation(pattern)) {
    const m = /^\[\^([^\]]*)\]\+?$/.exec(literalContent(pattern));
    const replacement = args[1];
    if (m && replacement && (replacement.type === 'string' || replacement.type === 'simple_symbol') && literalContent(replacement) === '') kept = m[1] as string;
  } else if (name !== 'gsub' && pattern.type === 'string' && !hasInterpolation(pattern)) {
    const m = /^\^(.*)$/.exec(literalContent(pattern));
    if (m && (name === 'delete' ? args.length === 1 : args[1]?.type === 'string' && literalContent(args[1]) === '')) kept = m[1] as string;
  }
  if (kept === null || kept.length === 0) return null;
  return kept.replace(/\\[wd.\-]|[A-Za-z0-9_ .-]/g, '') === '' ? 'strip_unsafe_chars' : null;
}

function isAssignment(n: SyntaxNode | null): boolean {
  return n !== null && (n.type === 'assignment' || n.type === 'operator_assignment' || n.type === 'left_assignment_list');
}

/** `DB["SELECT … #{x}"]` (Sequel): a query, not an index. */
const DATASET_OBJECT = /^(?:DB|DATABASE|Database|db|database|@db|\$db|@database|conn|@conn|connection)$/;

function elementReferenceView(node: SyntaxNode): View | null {
  const object = node.child('object');
  if (!object) return null;
  const keys = node.namedChildren.filter((c) => c !== object && c.type !== 'comment' && c.field !== 'block');
  const key = keys[0] ?? null;
  if (key && keys.length === 1) {
    if ((key.type === 'string' || key.type === 'heredoc_beginning' || key.type === 'identifier') && (DATASET_OBJECT.test(object.text) || object.text === 'Dir')) {
      if (key.type !== 'string' || hasInterpolation(key) || /\bselect\b|\bfrom\b/i.test(key.text)) {
        return { kind: 'call', node, callee: null, receiver: object, name: '[]', args: [{ node: key, name: null, index: 0 }], isNew: false };
      }
    }
    const name = key.type === 'simple_symbol' || key.type === 'string' || key.type === 'delimited_symbol' ? keyName(key) : null;
    // Rails fills `params[:controller]` / `params[:action]` from the route table, not from the client.
    if ((name === 'controller' || name === 'action') && object.type === 'identifier' && object.text === 'params') return { kind: 'literal' };
    if (name !== null) return { kind: 'member', object, property: name };
  }
  return { kind: 'index', object, index: key };
}

// ---- blocks, functions -------------------------------------------------------------------

function paramName(p: SyntaxNode): SyntaxNode | null {
  switch (p.type) {
    case 'identifier':
      return p;
    case 'optional_parameter':
    case 'keyword_parameter':
    case 'splat_parameter':
    case 'hash_splat_parameter':
    case 'block_parameter':
      return p.child('name');
    default:
      return null;
  }
}

function paramType(p: SyntaxNode): string | null {
  const value = p.child('value');
  if (!value) return null;
  switch (value.type) {
    case 'integer':
      return 'Integer';
    case 'float':
      return 'Float';
    case 'true':
    case 'false':
      return 'Boolean';
    default:
      return null;
  }
}

function paramsOf(list: SyntaxNode | null): ParamView[] {
  if (!list) return [];
  const out: ParamView[] = [];
  let index = 0;
  for (const p of list.children) {
    if (!p.named || p.type === 'comment' || p.field === 'locals') continue;
    if (p.type === 'destructured_parameter') {
      for (const n of bindingNames(p)) out.push({ name: n.text, node: n, type: null, annotations: [], index });
    } else {
      const n = paramName(p);
      if (n) out.push({ name: n.text, node: n, type: paramType(p), annotations: p.type === 'keyword_parameter' ? ['keyword'] : [], index });
    }
    index++;
  }
  return out;
}

function classInfo(node: SyntaxNode): { name: string | null; bases: string[] } {
  const cls = node.ancestor(CLASS_TYPES);
  if (!cls) return { name: null, bases: [] };
  const bases: string[] = [];
  const sup = cls.child('superclass');
  const base = sup?.namedChildren[0];
  if (base) bases.push(base.text);
  let name = cls.child('name')?.text ?? null;
  // Nested modules: `module Admin; class UsersController` → Admin::UsersController.
  for (let p = cls.parent; p; p = p.parent) if (CLASS_TYPES.has(p.type) && name) name = `${p.child('name')?.text ?? ''}::${name}`;
  return { name, bases };
}

function functionView(node: SyntaxNode, params: SyntaxNode | null, body: SyntaxNode | null, name: string | null): FunctionView {
  const cls = classInfo(node);
  return { node, name, params: paramsOf(params), body, decorators: [], className: cls.name, classBases: cls.bases, passedTo: null };
}

/** The receiver a block iterates over, skipping calls that themselves take blocks (`xs.select { }.each { }` iterates xs). */
function iterated(receiver: SyntaxNode | null): SyntaxNode | null {
  let r = receiver;
  for (let i = 0; r && i < 16; i++) {
    if (r.type === 'call' && r.child('block')) {
      r = r.child('receiver');
      continue;
    }
    return r;
  }
  return null;
}

function blockView(node: SyntaxNode): View | null {
  const parent = node.parent;
  const params = node.child('parameters');
  const body = node.child('body');
  // The body of `-> (x) { … }` belongs to the lambda.
  if (parent?.type === 'lambda') return null;
  if (parent?.type === 'call' && node.field === 'block') {
    const method = parent.child('method')?.text ?? '';
    const receiver = parent.child('receiver');
    if (ITERATORS.has(method) && receiver) {
      const iterable = iterated(receiver);
      if (iterable) {
        let targets = params ? params.namedChildren.filter((p) => p.field !== 'locals' && p.type !== 'comment') : [];
        // `each_with_index { |x, i| }`: the index is a number.
        if (/_with_index$|^each_index$/.test(method)) targets = targets.slice(0, 1);
        return { kind: 'loop', targets, iterable, body };
      }
    }
  }
  return { kind: 'function', fn: functionView(node, params, body, null) };
}

/** Identifiers bound by an assignment target or block parameter list. */
function bindingNames(target: SyntaxNode): SyntaxNode[] {
  switch (target.type) {
    case 'identifier':
    case 'instance_variable':
    case 'class_variable':
    case 'global_variable':
    case 'constant':
      return [target];
    case 'left_assignment_list':
    case 'destructured_left_assignment':
    case 'destructured_parameter':
    case 'block_parameters':
    case 'lambda_parameters':
    case 'method_parameters':
    case 'rest_assignment': {
      const out: SyntaxNode[] = [];
      for (const c of target.children) if (c.named && c.field !== 'locals') out.push(...bindingNames(c));
      return out;
    }
    case 'optional_parameter':
    case 'keyword_parameter':
    case 'splat_parameter':
    case 'hash_splat_parameter':
    case 'block_parameter': {
      const n = target.child('name');
      return n ? [n] : [];
    }
    default:
      return [];
  }
}

// ---- conditions --------------------------------------------------------------------------

const VALIDATOR_CALLS = new Set(['include?', 'in?', 'member?', 'key?', 'has_key?', 'match?', 'match', 'start_with?', 'end_with?', 'is_a?', 'kind_of?', 'instance_of?', 'cover?']);

/** Texts a condition validates where it holds (`positive`) and where it fails (`negative`). */
function validatedTexts(cond: SyntaxNode, negated: boolean, out: { positive: Set<string>; negative: Set<string> }, depth = 0): void {
  if (depth > 12) return;
  const into = negated ? out.negative : out.positive;
  switch (cond.type) {
    case 'parenthesized_statements':
      for (const c of cond.namedChildren) validatedTexts(c, negated, out, depth + 1);
      return;
    case 'unary': {
      const op = cond.child('operator')?.text;
      const inner = cond.child('operand');
      if (inner && (op === '!' || op === 'not')) validatedTexts(inner, !negated, out, depth + 1);
      return;
    }
    case 'binary': {
      const op = cond.child('operator')?.text ?? '';
      const left = cond.child('left');
      const right = cond.child('right');
      if (!left || !right) return;
      if (op === '&&' || op === 'and' || op === '||' || op === 'or') {
        validatedTexts(left, negated, out, depth + 1);
        validatedTexts(right, negated, out, depth + 1);
      } else if (op === '==' || op === '===' || op === '=~') into.add(left.text);
      else if (op === '!=' || op === '!~') (negated ? out.positive : out.negative).add(left.text);
      return;
    }
    case 'call': {
      const name = cond.child('method')?.text ?? '';
      if (!VALIDATOR_CALLS.has(name) && !/^(?:valid|safe|allowed|permitted)/.test(name)) return;
      const receiver = cond.child('receiver');
      if (receiver) into.add(receiver.text);
      for (const a of cond.child('arguments')?.namedChildren ?? []) {
        into.add(a.text);
        // `HOSTS.include?(uri.host)`: the host allow-list vouches for the URL itself.
        if (a.type === 'call' && /^(?:host|hostname)$/.test(a.child('method')?.text ?? '') && !a.child('arguments') && a.child('receiver')?.type === 'identifier')
          into.add((a.child('receiver') as SyntaxNode).text);
      }
      return;
    }
    default:
  }
}

function conditionalView(node: SyntaxNode): View {
  const cond = node.child('condition');
  const a = node.child('consequence');
  const b = node.child('alternative');
  let options = [a, b].filter((x): x is SyntaxNode => x !== null);
  // `%w[asc desc].include?(dir) ? dir : 'asc'`: the branch that uses the validated value is safe.
  if (cond) {
    const v = { positive: new Set<string>(), negative: new Set<string>() };
    validatedTexts(cond, false, v);
    // `… ? uri.to_s : '/'`: the string form of a validated URL is validated too.
    const subject = (o: SyntaxNode): string => (o.type === 'call' && o.child('method')?.text === 'to_s' && !o.child('arguments') ? (o.child('receiver')?.text ?? o.text) : o.text);
    options = options.filter((o) => !((o === a && v.positive.has(subject(o))) || (o === b && v.negative.has(subject(o)))));
  }
  return { kind: 'choice', options };
}

/** Whether a node sits in the condition of an if/unless/while/ternary (through boolean operators). */
function inCondition(node: SyntaxNode): boolean {
  let n: SyntaxNode = node;
  for (let i = 0; i < 16; i++) {
    if (n.field === 'condition') return true;
    const p = n.parent;
    if (!p || !(p.type === 'binary' || p.type === 'unary' || p.type === 'parenthesized_statements')) return false;
    n = p;
  }
  return false;
}

function exitsStatement(n: SyntaxNode): boolean {
  if (n.type === 'return' || n.type === 'next' || n.type === 'break') return true;
  if (n.type === 'call' && !n.child('receiver')) return /^(?:raise|fail|abort|exit!?|halt|error!|throw|head)$/.test(n.child('method')?.text ?? '');
  return false;
}

function binaryView(node: SyntaxNode): View | null {
  const op = node.child('operator')?.text ?? '';
  const left = node.child('left');
  const right = node.child('right');
  if (!left || !right) return null;
  switch (op) {
    case '+':
    case '%':
      return { kind: 'concat', parts: [left, right] };
    case '<<': {
      if (left.type === 'integer') return { kind: 'clean', parts: [left, right] };
      // `out << a << b`: everything appended lands in `out`; the operator token stands for `(out << a) + b`.
      const root = appendRoot(left);
      if (root !== left) {
        const op = node.child('operator');
        return op ? { kind: 'assign', targets: [root], value: op, update: true } : null;
      }
      return { kind: 'assign', targets: [left], value: right, update: true };
    }
    case '==':
    case '===':
    case '!=':
    case 'eql?':
      return { kind: 'equality', left, right, negated: op === '!=' };
    case '=~':
    case '!~':
      if (right.type === 'regex' && isAnchoredRegex(right)) return { kind: 'membership', subject: left, collection: right, negated: op === '!~' };
      if (left.type === 'regex' && isAnchoredRegex(left)) return { kind: 'membership', subject: right, collection: left, negated: op === '!~' };
      return { kind: 'clean', parts: [left, right] };
    case '&&':
    case 'and':
      // `render … and return`: the statement leaves the flow.
      if (exitsStatement(right)) return null;
      return inCondition(node) ? { kind: 'clean', parts: [left, right] } : { kind: 'choice', options: [right] };
    case '||':
    case 'or':
      if (exitsStatement(right)) return null;
      return { kind: 'choice', options: [left, right] };
    default:
      return CLEAN_OPERATORS.has(op) ? { kind: 'clean', parts: [left, right] } : null;
  }
}

function isAppend(n: SyntaxNode): boolean {
  return n.type === 'binary' && n.child('operator')?.text === '<<';
}

/** The receiver of an append chain `out << a << b` (`out`). */
function appendRoot(n: SyntaxNode): SyntaxNode {
  let r = n;
  for (let i = 0; i < 64 && isAppend(r); i++) r = r.child('left') ?? r;
  return r;
}

/** A regex that validates a whole value: anchored at the start with `\A` (or `^` on one line). */
export function isAnchoredRegex(node: SyntaxNode): boolean {
  if (hasInterpolation(node)) return false;
  const body = literalContent(node);
  return /^\\A/.test(body) || (/^\^/.test(body) && /(?:\\z|\$)$/.test(body));
}

// ---- case / when -------------------------------------------------------------------------

function nextClause(clause: SyntaxNode): SyntaxNode | null {
  const parent = clause.parent;
  if (!parent) return null;
  for (let i = clause.index + 1; i < parent.children.length; i++) {
    const s = parent.children[i] as SyntaxNode;
    if (s.type === 'when' || s.type === 'else') return s;
  }
  return null;
}

function whenView(clause: SyntaxNode): View | null {
  const pattern = clause.children.find((c) => c.field === 'pattern') ?? null;
  if (!pattern) return null;
  return { kind: 'if', condition: pattern, then: clause.child('body'), else: nextClause(clause) };
}

function patternView(node: SyntaxNode): View | null {
  const inner = node.namedChildren[0];
  if (!inner) return { kind: 'literal' };
  const clause = node.parent;
  const value = clause?.type === 'when' ? clause.parent?.child('value') : null;
  if (!value) return { kind: 'pass', inner };
  return { kind: 'equality', left: value, right: inner, negated: false };
}

// ---- the view ----------------------------------------------------------------------------

function tokenView(node: SyntaxNode): View | null {
  // The opening delimiter of `` `cmd #{x}` `` / `/re#{x}/` stands for the interpolated text (the call's argument).
  const parent = node.parent;
  if (parent && (parent.type === 'subshell' || parent.type === 'regex') && parent.children[0] === node) {
    return { kind: 'concat', parts: stringParts(parent) };
  }
  if (parent && node.field === 'operator' && node.type === '<<' && isAppend(parent)) {
    const left = parent.child('left');
    const right = parent.child('right');
    if (left && right && isAppend(left)) return { kind: 'concat', parts: [left, right] };
  }
  return null;
}

function viewOf(node: SyntaxNode): View | null {
  const t = node.type;
  if (!node.named) return tokenView(node);
  if (SKIP_TYPES.has(t)) return { kind: 'skip' };
  if (LITERAL_TYPES.has(t)) return { kind: 'literal' };
  switch (t) {
    case 'identifier': {
      const parent = node.parent;
      if (node.field === 'receiver' && parent?.type === 'call' && t === 'identifier' && node.text === 'cookies') {
        const m = parent.child('method')?.text;
        if (m === 'signed' || m === 'encrypted') return { kind: 'name', name: 'signed_cookies' };
        // `cookies.permanent.signed[:x]`: the permanent jar read through its signed jar.
        const outer = parent.parent;
        const m2 = m === 'permanent' && outer?.type === 'call' && parent.field === 'receiver' ? outer.child('method')?.text : undefined;
        if (m2 === 'signed' || m2 === 'encrypted') return { kind: 'name', name: 'signed_cookies' };
      }
      // Kernel methods called without arguments or parentheses: `token = rand.to_s(36)`, `byebug`.
      if (BARE_CALLS.has(node.text) && node.field !== 'method' && node.field !== 'name' && node.field !== 'left' && parent?.type !== 'left_assignment_list' && !isParameter(node)) {
        return { kind: 'call', node, callee: null, receiver: null, name: node.text, args: [], isNew: false };
      }
      if (node.field !== 'method' && node.field !== 'name' && factsOf(node).paramHelpers.has(node.text) && !assignedLocally(node)) {
        return { kind: 'name', name: 'params' };
      }
      return { kind: 'name', name: node.text };
    }
    case 'instance_variable': {
      if (node.field !== 'left' && node.parent?.type !== 'left_assignment_list') {
        const value = ivarSource(node);
        if (value) return { kind: 'pass', inner: value };
      }
      return { kind: 'name', name: node.text };
    }
    case 'constant':
    case 'class_variable':
    case 'global_variable':
    case 'self':
    case 'super':
      return { kind: 'name', name: node.text };
    case 'string':
    case 'bare_string':
    case 'bare_symbol':
    case 'delimited_symbol':
      return stringView(node);
    case 'simple_symbol':
      return { kind: 'string', value: node.text.replace(/^:/, '') };
    case 'hash_key_symbol':
      return { kind: 'string', value: node.text };
    case 'character':
      return { kind: 'string', value: node.text.slice(1) };
    case 'string_content':
    case 'escape_sequence':
    case 'heredoc_content':
      return { kind: 'string', value: node.text };
    case 'interpolation': {
      const inner = node.namedChildren.filter((c) => c.type !== 'comment');
      const last = inner[inner.length - 1];
      return last ? { kind: 'pass', inner: last } : { kind: 'string', value: '' };
    }
    case 'chained_string':
      return { kind: 'concat', parts: node.namedChildren };
    case 'string_array':
    case 'symbol_array':
    case 'array':
    case 'hash':
      return { kind: 'collection', items: node.namedChildren.filter((c) => c.type !== 'comment') };
    case 'heredoc_beginning': {
      const body = factsOf(node).heredocs.get(node);
      if (!body) return { kind: 'string', value: '' };
      return stringView(body);
    }
    case 'subshell':
      return {
        kind: 'call',
        node,
        callee: null,
        receiver: null,
        name: '`',
        args: [{ node: node.children[0] as SyntaxNode, name: null, index: 0 }],
        isNew: false,
      };
    case 'regex':
      if (!hasInterpolation(node)) return { kind: 'literal' };
      return { kind: 'call', node, callee: null, receiver: null, name: 'regexp_literal', args: [{ node: node.children[0] as SyntaxNode, name: null, index: 0 }], isNew: false };
    case 'pair': {
      const v = node.child('value');
      return v ? { kind: 'pass', inner: v } : null;
    }
    case 'splat_argument':
    case 'hash_splat_argument':
    case 'block_argument': {
      const inner = node.namedChildren[0];
      return inner ? { kind: 'pass', inner } : { kind: 'literal' };
    }
    case 'parenthesized_statements': {
      const inner = node.namedChildren.filter((c) => c.type !== 'comment');
      return inner.length === 1 ? { kind: 'pass', inner: inner[0] as SyntaxNode } : null;
    }
    case 'call':
      return callView(node);
    case 'element_reference':
      return elementReferenceView(node);
    case 'scope_resolution': {
      const scope = node.child('scope');
      const name = node.child('name');
      if (!name) return null;
      if (!scope) return { kind: 'name', name: name.text };
      return { kind: 'member', object: scope, property: name.text };
    }
    case 'binary':
      return binaryView(node);
    case 'unary': {
      const op = node.child('operator')?.text ?? '';
      const operand = node.child('operand');
      if (!operand) return null;
      if (op === '!' || op === 'not') return { kind: 'not', inner: operand };
      return { kind: 'clean', parts: [operand] };
    }
    case 'conditional':
      return conditionalView(node);
    case 'rescue_modifier': {
      const body = node.child('body');
      const handler = node.child('handler');
      return { kind: 'choice', options: [body, handler].filter((x): x is SyntaxNode => x !== null) };
    }
    case 'assignment': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left) return null;
      return { kind: 'assign', targets: [left], value: right, update: false };
    }
    case 'operator_assignment': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left) return null;
      return { kind: 'assign', targets: [left], value: right, update: true };
    }
    case 'if':
    case 'elsif': {
      const condition = node.child('condition');
      if (!condition) return null;
      return { kind: 'if', condition, then: node.child('consequence'), else: node.child('alternative') };
    }
    case 'unless': {
      const condition = node.child('condition');
      if (!condition) return null;
      return { kind: 'if', condition, then: node.child('alternative'), else: node.child('consequence') };
    }
    case 'if_modifier': {
      const condition = node.child('condition');
      if (!condition) return null;
      return { kind: 'if', condition, then: node.child('body'), else: null };
    }
    case 'unless_modifier': {
      const condition = node.child('condition');
      if (!condition) return null;
      return { kind: 'if', condition, then: null, else: node.child('body') };
    }
    case 'case': {
      const first = node.children.find((c) => c.type === 'when');
      return first ? whenView(first) : null;
    }
    case 'when':
      return whenView(node);
    case 'pattern':
      return patternView(node);
    case 'for': {
      const pattern = node.child('pattern');
      const value = node.child('value');
      const iterable = value?.type === 'in' ? (value.namedChildren[0] ?? null) : value;
      if (!pattern || !iterable) return null;
      return { kind: 'loop', targets: [pattern], iterable, body: node.child('body') };
    }
    case 'return': {
      const list = node.namedChildren[0];
      if (!list) return { kind: 'return', value: null };
      if (list.type === 'argument_list') {
        const items = list.namedChildren;
        return { kind: 'return', value: items.length === 1 ? (items[0] as SyntaxNode) : list };
      }
      return { kind: 'return', value: list };
    }
    case 'next':
    case 'break':
    case 'redo':
    case 'retry':
      return { kind: 'exit' };
    case 'method':
      return { kind: 'function', fn: functionView(node, node.child('parameters'), node.child('body'), node.child('name')?.text ?? null) };
    case 'singleton_method':
      return { kind: 'function', fn: functionView(node, node.child('parameters'), node.child('body'), node.child('name')?.text ?? null) };
    case 'lambda': {
      const block = node.child('body');
      const body = block && (block.type === 'block' || block.type === 'do_block') ? block.child('body') : block;
      return { kind: 'function', fn: functionView(node, node.child('parameters'), body, null) };
    }
    case 'block':
    case 'do_block':
      return blockView(node);
    default:
      return null;
  }
}

/** Whether a call is a Sinatra/Grape route (`get '/path' do … end`). */
export function isRouteCall(call: CallView): boolean {
  if (!ROUTE_VERBS.has(call.name) || call.receiver) return false;
  const first = call.args.find((a) => a.index === 0);
  const hasBlock = call.args.some((a) => a.name === '&');
  return hasBlock && (first === undefined || first.node.type === 'string' || first.node.type === 'regex' || first.node.type === 'simple_symbol' || first.node.type === 'array');
}

/** Roots of request data: `params[:x]`, `params.require(:a)`, `request.body.read`, `cookies[:c]`. */
const INPUT_ROOTS = new Set(['params', 'request', 'cookies']);

/** Whether an expression reads request data, as far as the text shows (a chain rooted at `params` / `request` / `cookies`). */
function readsRequest(node: SyntaxNode, depth = 0): boolean {
  if (depth > 12) return false;
  switch (node.type) {
    case 'identifier':
      return INPUT_ROOTS.has(node.text);
    case 'element_reference': {
      const object = node.child('object');
      return object !== null && readsRequest(object, depth + 1);
    }
    case 'call': {
      const receiver = node.child('receiver');
      if (receiver) return readsRequest(receiver, depth + 1);
      return INPUT_ROOTS.has(node.child('method')?.text ?? '') && !node.child('arguments');
    }
    case 'parenthesized_statements': {
      const inner = node.namedChildren[0];
      return inner !== undefined && readsRequest(inner, depth + 1);
    }
    default:
      return false;
  }
}

/** Whether an argument holds request data: read directly, or a local assigned from such a read earlier in the same method. */
function argumentFromRequest(arg: SyntaxNode): boolean {
  if (readsRequest(arg)) return true;
  if (arg.type !== 'identifier') return false;
  const scope = arg.ancestor(METHOD_TYPES);
  if (!scope) return false;
  const stack: SyntaxNode[] = [scope];
  for (let budget = 5000; stack.length > 0 && budget > 0; budget--) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'assignment' && n.end <= arg.start && n.child('left')?.text === arg.text) {
      const right = n.child('right');
      if (right && readsRequest(right)) return true;
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return false;
}

/**
 * Whether a method of the file receives request data in its positional parameter `index` at one of
 * its call sites (`notify_partner(params[:status_url], n)` in an action): then the parameter is
 * request data inside the method, and its sinks are reported where they are.
 */
export function calledWithInput(method: SyntaxNode, name: string, index: number): boolean {
  const calls = factsOf(method).calls.get(name);
  if (!calls) return false;
  const cls = method.ancestor(CLASS_TYPES);
  for (const call of calls) {
    if (method.contains(call) || call.ancestor(CLASS_TYPES) !== cls) continue;
    const args = (call.child('arguments')?.namedChildren ?? []).filter(
      (c) => c.type !== 'comment' && c.type !== 'pair' && c.type !== 'block_argument' && c.type !== 'hash_splat_argument',
    );
    const arg = args[index];
    if (arg && arg.type !== 'splat_argument' && argumentFromRequest(arg)) return true;
  }
  return false;
}

/**
 * Features the file loads at its top level (`require 'net/ftp'`, `require_relative`, `gem`), each
 * mapped to itself under a key no identifier can be, so that a model sink's `imports` can ask
 * whether the file uses a library without any name resolving differently. Only the program's own
 * statements are read: requires live there.
 */
function requiredFeatures(root: SyntaxNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const stmt of root.namedChildren) {
    if (stmt.type !== 'call' || stmt.child('receiver')) continue;
    const method = stmt.child('method')?.text;
    if (method !== 'require' && method !== 'gem') continue;
    const first = stmt.child('arguments')?.namedChildren[0];
    if (first?.type !== 'string' || hasInterpolation(first)) continue;
    const feature = literalContent(first);
    if (feature.length > 0) out.set(`require:${feature}`, feature);
  }
  return out;
}

/** The adapter for Ruby. */
export const rubyAdapter: LanguageAdapter = {
  language: 'ruby',
  grammar: () => 'ruby',
  commentTypes: COMMENT_TYPES,
  stringTypes: STRING_TYPES,
  functionTypes: FUNCTION_TYPES,
  view: viewOf,
  imports: requiredFeatures,
  targetNames: bindingNames,
};
