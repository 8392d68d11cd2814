import type { GrammarName } from '../../languages.ts';
import { SyntaxNode } from '../../syntax.ts';
import type { Arg, CallView, FunctionView, LanguageAdapter, ParamView, View } from '../../engine/adapter.ts';
import { inputPropertiesOf, rootOf, summariesOf, type Summary } from './summaries.ts';

/**
 * The PHP adapter (tree-sitter-php, `php` grammar for files with `<?php`/`<?=`/`<?`, `php_only`
 * for bare snippets).
 *
 * Conventions the PHP rules and profile rely on:
 * - Variables keep their `$`: `$x` is the name `$x`, `$_GET['id']` is the path `$_GET.id`,
 *   `$this->input->get()` is `$this.input.get()`. Superglobals are therefore recognisable by name
 *   and can never collide with constants or class names (which have no `$`).
 * - Plain function names are case-insensitive in PHP and are lower-cased (`MySQLi_Query()` is
 *   `mysqli_query`); method, class and constant names are kept as written.
 * - Classes are known by their short name: `\Illuminate\Support\Facades\DB::raw()` and, after
 *   `use Illuminate\Support\Facades\DB as Database;`, `Database::raw()` are both `DB.raw`.
 * - Language constructs are calls: `echo a, b` / `print a` / `<?= a ?>` are calls named `echo` /
 *   `print`, `exit(..)` is `exit`, `include`/`require(_once)` are calls of that name, a backtick
 *   command is a call named `shell_exec` (what PHP runs), `$f(...)` is `$f.__invoke(...)`.
 * - `request()` without arguments (Laravel's current-request helper) is the name `$request`.
 * - `filter_var`/`filter_input`/`filter_input_array`/`filter_var_array` with a `FILTER_*` constant
 *   are calls named `filter:<CONSTANT>` (numeric filters are `clean`); `filter_input(INPUT_GET, …)`
 *   carries the taint of the `INPUT_*` constant.
 * - `array_map('f', $xs)` is viewed as `f($xs)`; `array_push($a, …)` and `parse_str($s, $out)` are
 *   assignments; `isset($map[$x])` is a membership test of `$x` (an allow-list lookup).
 * - `sprintf`/`printf`/`fprintf` calls with a literal format drop the arguments consumed by
 *   numeric conversions (`%d`, `%u`, `%f`, …): they cannot carry a string.
 * - `(int)`/`(float)`/`(bool)` casts are `clean`; `(string) $x` is `strval($x)` (no longer an array).
 * - `$x ?? 'literal'` / `$x ?: 'literal'` is `$x` (guards on it see `$x`); in
 *   `in_array($x, $allowed) ? $x : 'default'` the checked branch is dropped.
 * - Request objects: `$request->email` (Laravel's dynamic input property) is `$request->input()`;
 *   `$this->term` is request data when a method of the class fills it from input (summaries.ts).
 * - `$obj->$method(…)` is a call `__call` with the method expression as keyword `__method`;
 *   `$$name = $v` is a call named `$$` of the name and the value.
 * - Calls to small helpers the file defines (`get_param()`, `h()`, `db_query()`) are viewed as what
 *   they wrap: an input read (source path `$_REQUEST()`), a sanitizer, or a sink (summaries.ts).
 */

const FUNCTION_TYPES = new Set(['function_definition', 'method_declaration', 'anonymous_function', 'anonymous_function_creation_expression', 'arrow_function']);
const STRING_TYPES = new Set(['string', 'encapsed_string', 'heredoc', 'nowdoc']);
const COMMENT_TYPES = new Set(['comment']);
const CLASS_TYPES = new Set(['class_declaration', 'trait_declaration', 'enum_declaration', 'interface_declaration', 'anonymous_class']);

const SKIP_TYPES = new Set([
  'comment',
  'text',
  'text_interpolation',
  'php_tag',
  'php_end_tag',
  'namespace_use_declaration',
  'interface_declaration',
  'global_declaration',
  'declare_statement',
  'const_declaration',
  'property_declaration',
  'use_declaration',
  'attribute_list',
  'formal_parameters',
  'named_type',
  'optional_type',
  'primitive_type',
  'union_type',
  'intersection_type',
  'disjunctive_normal_form_type',
  'type_list',
  'base_clause',
  'class_interface_clause',
  'abstract_modifier',
  'final_modifier',
  'readonly_modifier',
  'static_modifier',
  'visibility_modifier',
  'var_modifier',
  'empty_statement',
  'goto_statement',
  'named_label_statement',
  'break_statement',
  'continue_statement',
]);
const LITERAL_TYPES = new Set(['integer', 'float', 'boolean', 'null']);
/** Superglobals whose fields are request data whatever their key (unlike an upload's `tmp_name`/`size`/`error`). */
const REQUEST_SUPERGLOBAL = new Set(['$_GET', '$_POST', '$_REQUEST', '$_COOKIE', '$_SERVER']);
const PASS_TYPES = new Set(['parenthesized_expression', 'error_suppression_expression', 'clone_expression', 'by_ref', 'reference_modifier', 'variadic_unpacking', 'argument']);
const CLEAN_CASTS = /^(?:int|integer|float|double|real|bool|boolean)$/i;
const COMPARISON = new Set(['==', '===', '!=', '!==', '<>']);
const CHOICE_OPS = new Set(['??', '?:']);
const INCLUDE_TYPES: Readonly<Record<string, string>> = {
  include_expression: 'include',
  include_once_expression: 'include_once',
  require_expression: 'require',
  require_once_expression: 'require_once',
};
const FILTER_FUNCTIONS = new Set(['filter_var', 'filter_input', 'filter_var_array', 'filter_input_array']);
/** Filters whose result is a number, a boolean or false: it carries no string. */
const NUMERIC_FILTERS = new Set([
  'FILTER_VALIDATE_INT',
  'FILTER_VALIDATE_FLOAT',
  'FILTER_VALIDATE_BOOLEAN',
  'FILTER_VALIDATE_BOOL',
  'FILTER_SANITIZE_NUMBER_INT',
  'FILTER_SANITIZE_NUMBER_FLOAT',
]);
/** Regular-expression functions (pattern first). */
const PREG_FUNCTIONS = new Set([
  'preg_match',
  'preg_match_all',
  'preg_replace',
  'preg_replace_callback',
  'preg_split',
  'preg_grep',
  'preg_filter',
  'mb_ereg',
  'mb_eregi',
  'mb_ereg_replace',
  'mb_eregi_replace',
  'ereg',
  'eregi',
  'ereg_replace',
  'eregi_replace',
]);

/** Whether a literal pattern (`/…/e`, `#…#ie`) has the `e` (evaluate) modifier. */
function hasEvalModifier(pattern: string): boolean {
  const text = pattern.trim();
  if (text.length < 2) return false;
  const open = text[0] as string;
  const close = open === '(' ? ')' : open === '{' ? '}' : open === '[' ? ']' : open === '<' ? '>' : open;
  if (/[a-zA-Z0-9\\\s]/.test(open)) return false;
  const end = text.lastIndexOf(close);
  return end > 0 && /^[a-zA-Z]*$/.test(text.slice(end + 1)) && text.slice(end + 1).includes('e');
}

/**
 * Whether a PCRE pattern literal must match the whole subject: `'/^[a-z0-9-]{3,20}$/'`,
 * `'#^/(?!/)[a-z/]*$#i'`, `'/\\A\\d+\\z/'` — anchored at both ends, with no top-level alternation
 * (`/^a|b$/` is `(^a)|(b$)`) and no `m` modifier (which anchors at every line). A match of such a
 * pattern is an allow-list check of the subject, not a search for something in it.
 */
export function isAnchoredPattern(pattern: string): boolean {
  const text = pattern.trim();
  if (text.length < 4) return false;
  const open = text[0] as string;
  const close = open === '(' ? ')' : open === '{' ? '}' : open === '[' ? ']' : open === '<' ? '>' : open;
  if (/[a-zA-Z0-9\\\s]/.test(open)) return false;
  const end = text.lastIndexOf(close);
  if (end <= 1) return false;
  const flags = text.slice(end + 1);
  if (!/^[a-zA-Z]*$/.test(flags) || flags.includes('m')) return false;
  const body = text.slice(1, end);
  if (!(body.startsWith('^') || body.startsWith('\\A'))) return false;
  // The end anchor must be a real `$` / `\z` / `\Z`, not an escaped dollar.
  let endsAnchored = false;
  if (body.endsWith('$')) {
    let slashes = 0;
    for (let i = body.length - 2; i >= 0 && body[i] === '\\'; i--) slashes++;
    endsAnchored = slashes % 2 === 0;
  } else if (body.endsWith('\\z') || body.endsWith('\\Z')) {
    let slashes = 0;
    for (let i = body.length - 2; i >= 0 && body[i] === '\\'; i--) slashes++;
    endsAnchored = slashes % 2 === 1;
  }
  if (!endsAnchored) return false;
  // No `|` outside groups and character classes.
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return false;
  }
  return true;
}

/** Functions that read a stream by name (`php://input`, `php://stdin`). */
const STREAM_READERS = new Set(['file_get_contents', 'fopen', 'file', 'stream_get_contents', 'readfile']);
/** printf-style functions and the position of their format argument. */
const PRINTF_FORMAT: Readonly<Record<string, number>> = { sprintf: 0, printf: 0, fprintf: 1 };
/** `array_map('f', $xs)` with these callbacks is `f($xs)`. */
const MAPPED_CALLBACK = /^[a-z_][a-z0-9_]*$/;

// ---- helpers ------------------------------------------------------------------------------

/** The decoded value of an escape sequence in a double-quoted string or heredoc. */
function unescape(text: string): string {
  switch (text) {
    case '\\n':
      return '\n';
    case '\\t':
      return '\t';
    case '\\r':
      return '\r';
    case '\\v':
      return '\v';
    case '\\f':
      return '\f';
    case '\\e':
      return '\x1b';
    case '\\0':
      return '\0';
    case '\\\\':
      return '\\';
    case '\\$':
      return '$';
    case '\\"':
      return '"';
    case "\\'":
      return "'";
    default:
      return text;
  }
}

function isLiteralPart(node: SyntaxNode): boolean {
  return node.type === 'string_content' || node.type === 'escape_sequence' || node.type === 'string_value' || node.type === 'nowdoc_string';
}

/** Content of a string node whose parts are all literal, or null when it interpolates. */
export function literalContent(node: SyntaxNode): string | null {
  if (node.type === 'nowdoc') return node.child('value')?.text.replace(/\n$/, '') ?? '';
  let holder = node;
  if (node.type === 'heredoc') {
    const body = node.child('value');
    if (!body) return '';
    holder = body;
  }
  let out = '';
  for (const c of holder.children) {
    if (!c.named) continue;
    if (c.type === 'string_content' || c.type === 'string_value' || c.type === 'nowdoc_string') out += c.text;
    else if (c.type === 'escape_sequence') out += node.type === 'string' ? (c.text === "\\'" ? "'" : c.text === '\\\\' ? '\\' : c.text) : unescape(c.text);
    else return null;
  }
  return out;
}

/** The parts of an interpolating string: literal fragments and the interpolated expressions. */
function stringParts(node: SyntaxNode): SyntaxNode[] {
  const holder = node.type === 'heredoc' ? node.child('value') : node;
  if (!holder) return [];
  const parts: SyntaxNode[] = [];
  for (const c of holder.children) if (c.named) parts.push(c);
  return parts;
}

/** Last `name` of a qualified name (`\Foo\Bar` → `Bar`). */
function lastName(node: SyntaxNode): string {
  if (node.type === 'qualified_name') {
    const names = node.children.filter((c) => c.type === 'name');
    const last = names[names.length - 1];
    return last ? last.text : node.text.replace(/^.*\\/, '');
  }
  return node.text.replace(/^.*\\/, '');
}

/** The value node of an `argument` (skipping a PHP 8 named-argument label). */
function argumentValue(arg: SyntaxNode): SyntaxNode | null {
  if (arg.type !== 'argument') return arg;
  const named = arg.namedChildren.filter((c) => c.field !== 'name');
  return named[named.length - 1] ?? null;
}

function argsOf(list: SyntaxNode | null): Arg[] {
  if (!list) return [];
  const out: Arg[] = [];
  let index = 0;
  for (const c of list.children) {
    if (!c.named || c.type === 'comment') continue;
    const value = argumentValue(c);
    if (!value) continue;
    const label = c.type === 'argument' ? c.child('name') : null;
    if (label) out.push({ node: value, name: label.text, index: -1 });
    else out.push({ node: value, name: null, index: index++ });
  }
  return out;
}

/** Conversions of a printf format, in argument order; null when the format is not understood. */
function formatConversions(format: string): string[] | null {
  const out: string[] = [];
  let next = 0;
  let i = 0;
  while (i < format.length) {
    if (format[i] !== '%') {
      i++;
      continue;
    }
    i++;
    if (format[i] === '%') {
      i++;
      continue;
    }
    // %[argnum$][flags][width][.precision]specifier
    let j = i;
    let digits = '';
    while (j < format.length && format[j] !== undefined && /[0-9]/.test(format[j] as string)) digits += format[j++];
    let position: number;
    if (digits.length > 0 && format[j] === '$') {
      position = Number(digits) - 1;
      j++;
    } else {
      position = next++;
      j = i;
    }
    while (j < format.length && /[-+ 0]/.test(format[j] as string)) j++;
    if (format[j] === "'") j += 2;
    while (j < format.length && /[-+ 0]/.test(format[j] as string)) j++;
    while (j < format.length && /[0-9]/.test(format[j] as string)) j++;
    if (format[j] === '.') {
      j++;
      while (j < format.length && /[0-9]/.test(format[j] as string)) j++;
    }
    const spec = format[j];
    if (spec === undefined) return null;
    if (position < 0 || position > 64) return null;
    while (out.length <= position) out.push('s');
    out[position] = spec;
    i = j + 1;
  }
  return out;
}

const NUMERIC_CONVERSIONS = new Set(['d', 'u', 'f', 'F', 'e', 'E', 'g', 'G', 'x', 'X', 'o', 'b', 'c']);

/** Drops the arguments a literal printf format consumes with numeric conversions. */
function dropNumericFormatArgs(args: Arg[], formatIndex: number): Arg[] {
  const format = args.find((a) => a.index === formatIndex);
  if (!format) return args;
  const text = constantString(format.node);
  if (text === null) return args;
  const conversions = formatConversions(text);
  if (!conversions) return args;
  return args.filter((a) => {
    if (a.index <= formatIndex) return true;
    const spec = conversions[a.index - formatIndex - 1];
    return spec === undefined || !NUMERIC_CONVERSIONS.has(spec);
  });
}

/** The content of a string literal node (no interpolation), or null. */
function constantString(node: SyntaxNode): string | null {
  if (STRING_TYPES.has(node.type)) return literalContent(node);
  return null;
}

function isPhpName(node: SyntaxNode): boolean {
  return node.type === 'name' || node.type === 'qualified_name';
}

// ---- calls -------------------------------------------------------------------------------

function callView(node: SyntaxNode, callee: SyntaxNode | null, receiver: SyntaxNode | null, name: string, args: Arg[], isNew = false): CallView {
  return { kind: 'call', node, callee, receiver, name, args, isNew };
}

function functionCall(node: SyntaxNode): View | null {
  const fn = node.child('function');
  const list = node.child('arguments');
  if (!fn) return null;
  let args = argsOf(list);
  if (isPhpName(fn)) {
    const name = lastName(fn).toLowerCase();
    const summary = summariesOf(rootOf(node)).get(name);
    if (summary) return summarisedCall(node, fn, args, summary);
    // Laravel's request() helper without arguments is the current request object.
    if (name === 'request' && args.length === 0) return { kind: 'name', name: '$request' };
    // Reading the raw request body or standard input: `file_get_contents('php://input')`.
    if (STREAM_READERS.has(name)) {
      const first = args.find((a) => a.index === 0);
      const stream = first ? constantString(first.node)?.toLowerCase() : undefined;
      if (stream === 'php://input' || stream === 'php://stdin') return callView(node, null, null, stream, args);
    }
    if (FILTER_FUNCTIONS.has(name)) {
      const filter = args.find((a) => a.index >= 1 && /^FILTER_[A-Z_]+$/.test(a.node.text));
      if (filter) {
        const constant = filter.node.text;
        if (NUMERIC_FILTERS.has(constant)) return { kind: 'clean', parts: args.map((a) => a.node) };
        return callView(
          node,
          null,
          null,
          `filter:${constant}`,
          args.filter((a) => a !== filter),
        );
      }
    }
    if (name === 'array_map' && args.length >= 2) {
      const cb = args[0] ? constantString(args[0].node) : null;
      if (cb !== null && MAPPED_CALLBACK.test(cb.toLowerCase())) {
        return callView(
          node,
          null,
          null,
          cb.toLowerCase(),
          args.slice(1).map((a, i) => ({ ...a, index: i })),
        );
      }
    }
    if ((name === 'array_push' || name === 'array_unshift') && args.length >= 2 && list) {
      const target = args[0] as Arg;
      return { kind: 'assign', targets: [target.node], value: list, update: true };
    }
    if (name === 'parse_str' && args.length >= 2) {
      return { kind: 'assign', targets: [(args[1] as Arg).node], value: (args[0] as Arg).node, update: false };
    }
    // settype($x, 'int'): $x now holds a number.
    if (name === 'settype' && args.length >= 2) {
      const type = constantString((args[1] as Arg).node);
      if (type !== null && /^(?:int|integer|float|double|bool|boolean)$/i.test(type)) return { kind: 'assign', targets: [(args[0] as Arg).node], value: null, update: false };
    }
    // preg_replace('/[^a-z0-9_-]/i', '', $x) keeps only word characters: nothing can break out of any context.
    if ((name === 'preg_replace' || name === 'mb_ereg_replace') && args.length >= 3 && stripsToWordCharacters(args)) {
      return { kind: 'clean', parts: args.map((a) => a.node) };
    }
    // The preg_* functions are sinks only for a pattern built at run time (regex injection) or one
    // with the `/e` modifier (code evaluation); otherwise their result carries the subject's data.
    if (PREG_FUNCTIONS.has(name)) {
      const pattern = args.find((a) => a.index === 0);
      if (pattern) {
        const literal = constantString(pattern.node);
        if (literal === null && !isPhpName(pattern.node)) return callView(node, null, null, `${name}/dynamic`, args);
        if (literal !== null && hasEvalModifier(literal)) return callView(node, null, null, `${name}/eval`, args);
        // `preg_match('/^[a-z]+$/', $x)` validates all of $x: leave the pattern out, so a guard on it
        // reads as an allow-list check rather than a search for the pattern's characters.
        if (literal !== null && name === 'preg_match' && isAnchoredPattern(literal)) args = args.filter((a) => a !== pattern);
      }
    }
    // data_get($data, 'key') / array_get($data, 'key') read an element.
    if ((name === 'data_get' || name === 'array_get') && args[0] && args[1]) return { kind: 'index', object: args[0].node, index: args[1].node };
    if (name === 'isset' && args.length === 1) {
      const only = (args[0] as Arg).node;
      if (only.type === 'subscript_expression') {
        const [object, index] = only.namedChildren;
        if (object && index && !STRING_TYPES.has(index.type) && !LITERAL_TYPES.has(index.type) && index.type !== 'name') {
          return { kind: 'membership', subject: index, collection: object };
        }
      }
    }
    const formatIndex = PRINTF_FORMAT[name];
    if (formatIndex !== undefined) args = dropNumericFormatArgs(args, formatIndex);
    return callView(node, fn, null, name, args);
  }
  if (fn.type === 'variable_name' || fn.type === 'subscript_expression' || fn.type === 'member_access_expression' || fn.type === 'dynamic_variable_name') {
    // `$f(...)`: calling whatever $f names or holds.
    return callView(node, null, fn, '__invoke', args);
  }
  return callView(node, fn, null, '?', args);
}

/** Laravel's assertion helpers: `abort_unless($ok, 404)` ends the request when `$ok` is false, `abort_if($bad, 403)` when `$bad` is true. */
const ABORT_UNLESS = new Set(['abort_unless', 'throw_unless']);
const ABORT_IF = new Set(['abort_if', 'throw_if']);

/** A node that exists only to carry a view (it is not in the tree). */
function synthetic(parent: SyntaxNode, type: string, view: View): SyntaxNode {
  const node = new SyntaxNode(type, true, null, parent.start, parent.end, parent, parent.source);
  node.viewCache = view;
  return node;
}

/**
 * `abort_unless(preg_match('/^\d+$/', $id) === 1, 404);` is `if (!(…)) abort(404);`: a guard, so what
 * the condition validates is clean after the statement.
 */
function assertionGuard(node: SyntaxNode): View | null {
  const call = node.namedChildren.find((c) => c.type !== 'comment');
  if (!call || call.type !== 'function_call_expression') return null;
  const name = (call.child('function')?.text ?? '').replace(/^\\/, '');
  if (!ABORT_UNLESS.has(name) && !ABORT_IF.has(name)) return null;
  const condition = argsOf(call.child('arguments'))[0]?.node;
  if (!condition) return null;
  const test = ABORT_UNLESS.has(name) ? synthetic(call, 'php_abort_unless', { kind: 'not', inner: condition }) : condition;
  return { kind: 'if', condition: test, then: synthetic(call, 'php_abort', { kind: 'exit' }), else: null };
}

/** A call to a helper the file defines, viewed as what the helper wraps (see summaries.ts). */
function summarisedCall(node: SyntaxNode, fn: SyntaxNode, args: Arg[], summary: Summary): View {
  // An input helper reads request data: the source path `$_REQUEST()`.
  if (summary.kind === 'source') return callView(node, null, null, '$_REQUEST', args);
  // A helper that ends the request: the flow stops here (its arguments are still walked).
  if (summary.kind === 'exit') return { kind: 'exit' };
  // A validating helper returns a fallback or a checked value: none of its arguments' data.
  if (summary.kind === 'validated') return { kind: 'clean', parts: args.map((a) => a.node) };
  let moved: Arg[];
  if (summary.allArgs) moved = args;
  else {
    moved = [];
    for (const a of args) {
      const m = summary.moves.find((x) => x.from === a.index);
      if (m) moved.push({ node: a.node, name: null, index: m.to });
    }
  }
  // A wrapped method (`$db->query($sql)`) keeps a receiver: the helper's own name.
  if (summary.method) return callView(node, fn, fn, summary.name, moved);
  return callView(node, null, null, summary.name, moved);
}

function memberCall(node: SyntaxNode): View {
  const object = node.child('object') ?? node.child('scope');
  const nameNode = node.child('name');
  const args = argsOf(node.child('arguments'));
  // Laravel's `Arr::get($data, 'key')` reads an array element.
  if (node.type === 'scoped_call_expression' && object && lastName(object) === 'Arr' && nameNode?.text === 'get' && args[0] && args[1]) {
    return { kind: 'index', object: args[0].node, index: args[1].node };
  }
  // `$obj->$method(...)`: the method is chosen at run time; its name is the keyword argument `__method`.
  if (nameNode && nameNode.type !== 'name') return callView(node, null, object, '__call', [...args, { node: nameNode, name: '__method', index: -1 }]);
  const name = nameNode ? nameNode.text : '?';
  return callView(node, nameNode, object, name, args);
}

function newCall(node: SyntaxNode): View {
  let cls: SyntaxNode | null = null;
  let list: SyntaxNode | null = null;
  for (const c of node.children) {
    if (!c.named) continue;
    if (c.type === 'arguments') list = c;
    else if (!cls) cls = c;
  }
  const name = cls && isPhpName(cls) ? lastName(cls) : '?';
  return callView(node, cls && isPhpName(cls) ? cls : null, null, name, argsOf(list), true);
}

/** `echo a, b;` and `<?= a ?>`: a call named `echo` with each expression as an argument. */
function echoCall(node: SyntaxNode, exprs: SyntaxNode[]): CallView {
  const args: Arg[] = [];
  for (const e of exprs) {
    if (e.type === 'sequence_expression') for (const c of flattenSequence(e)) args.push({ node: c, name: null, index: args.length });
    else args.push({ node: e, name: null, index: args.length });
  }
  return callView(node, null, null, 'echo', args);
}

function flattenSequence(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const stack = [node];
  while (stack.length > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'sequence_expression') {
      const kids = n.namedChildren;
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i] as SyntaxNode);
    } else if (n.type !== 'comment') out.push(n);
  }
  return out;
}

/** Whether an expression statement is the body of a short echo tag `<?= … ?>`. */
function isShortEcho(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (!parent) return false;
  const prev = parent.children[node.index - 1];
  if (!prev) return false;
  if (prev.type === 'php_tag') return prev.text === '<?=';
  if (prev.type === 'text_interpolation') {
    const last = prev.children[prev.children.length - 1];
    return last !== undefined && last.type === 'php_tag' && last.text === '<?=';
  }
  return false;
}

// ---- functions ---------------------------------------------------------------------------

function paramsOf(node: SyntaxNode): ParamView[] {
  const list = node.child('parameters');
  if (!list) return [];
  const out: ParamView[] = [];
  let index = 0;
  for (const p of list.children) {
    if (!p.named || p.type === 'comment') continue;
    const nameNode = p.child('name');
    if (nameNode) {
      const type = p.child('type')?.text ?? null;
      const annotations: string[] = [];
      const attrs = p.child('attributes');
      if (attrs) annotations.push(attrs.text);
      out.push({ name: nameNode.text, node: nameNode, type, annotations, index });
    }
    index++;
  }
  return out;
}

function attributesOf(node: SyntaxNode): string[] {
  const out: string[] = [];
  for (const c of node.children) {
    if (c.type !== 'attribute_list') continue;
    for (const group of c.namedChildren) for (const a of group.namedChildren) if (a.type === 'attribute') out.push(`#[${a.text}]`);
  }
  // A doc comment right before the declaration carries annotations (`@Route("/x")`).
  const parent = node.parent;
  if (parent) {
    const prev = parent.children[node.index - 1];
    if (prev && prev.type === 'comment' && prev.text.startsWith('/**')) {
      for (const m of prev.text.matchAll(/@[A-Za-z_\\]+(?:\([^)\n]{0,200}\))?/g)) out.push(m[0]);
    }
  }
  return out;
}

function functionView(node: SyntaxNode): FunctionView {
  const cls = node.ancestor(CLASS_TYPES);
  const bases: string[] = [];
  if (cls) {
    for (const c of cls.children) {
      if (c.type === 'base_clause' || c.type === 'class_interface_clause') {
        for (const n of c.namedChildren) if (isPhpName(n)) bases.push(lastName(n));
      }
    }
  }
  let name: string | null = node.child('name')?.text ?? null;
  if (!name && node.parent?.type === 'assignment_expression') name = node.parent.child('left')?.text ?? null;
  const decorators = attributesOf(node);
  // Method modifiers (public/static) are useful to tell route actions from helpers.
  if (node.type === 'method_declaration') {
    for (const c of node.children) if (c.type === 'visibility_modifier' || c.type === 'static_modifier') decorators.push(c.text);
  }
  return {
    node,
    name,
    params: paramsOf(node),
    body: node.child('body'),
    decorators,
    className: cls?.child('name')?.text ?? null,
    classBases: bases,
    passedTo: null,
  };
}

// ---- destructuring -----------------------------------------------------------------------

/** Variables bound by an assignment target: `$x`, `list($a, $b)`, `[$a, 'k' => $b]`, `$a[] =`. */
function bindingNames(target: SyntaxNode): SyntaxNode[] {
  switch (target.type) {
    case 'variable_name':
      return [target];
    case 'list_literal':
    case 'array_creation_expression':
    case 'array_element_initializer':
    case 'pair': {
      const out: SyntaxNode[] = [];
      const kids = target.namedChildren;
      for (let i = 0; i < kids.length; i++) {
        const c = kids[i] as SyntaxNode;
        // In `'key' => $var` only the last child binds.
        if ((target.type === 'array_element_initializer' || target.type === 'pair') && i < kids.length - 1) continue;
        out.push(...bindingNames(c));
      }
      return out;
    }
    case 'by_ref':
    case 'reference_modifier':
    case 'parenthesized_expression': {
      const inner = target.namedChildren[0];
      return inner ? bindingNames(inner) : [];
    }
    default:
      return [];
  }
}

// ---- imports -----------------------------------------------------------------------------

function importAliases(root: SyntaxNode): Map<string, string> {
  const aliases = new Map<string, string>();
  const stack: SyntaxNode[] = [root];
  let budget = 20000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'namespace_use_declaration') {
      const declType = n.child('type')?.text ?? null;
      for (const clause of n.children) {
        if (clause.type !== 'namespace_use_clause') continue;
        const kind = clause.child('type')?.text ?? declType;
        const target = clause.namedChildren.find((c) => isPhpName(c) && c.field !== 'alias');
        if (!target) continue;
        let canonical = lastName(target);
        let alias = clause.child('alias')?.text ?? canonical;
        if (kind === 'function') {
          canonical = canonical.toLowerCase();
          alias = alias.toLowerCase();
        }
        if (alias !== canonical) aliases.set(alias, canonical);
      }
      continue;
    }
    if (n === root || n.type === 'namespace_definition' || n.type === 'compound_statement') {
      for (let i = n.children.length - 1; i >= 0; i--) {
        const c = n.children[i] as SyntaxNode;
        if (c.named) stack.push(c);
      }
    }
  }
  return aliases;
}

// ---- if chains -----------------------------------------------------------------------------

/** The else branch that follows an `if`/`elseif` clause: the next `alternative` sibling. */
function nextAlternative(ifNode: SyntaxNode, after: SyntaxNode | null): SyntaxNode | null {
  const alternatives = ifNode.children.filter((c) => c.field === 'alternative');
  const idx = after ? alternatives.indexOf(after) + 1 : 0;
  const next = alternatives[idx];
  if (!next) return null;
  if (next.type === 'else_clause') return next.child('body') ?? next.namedChildren[0] ?? null;
  return next;
}

// ---- the view ------------------------------------------------------------------------------

function viewOf(node: SyntaxNode): View | null {
  const t = node.type;
  if (SKIP_TYPES.has(t)) return { kind: 'skip' };
  if (LITERAL_TYPES.has(t)) return { kind: 'literal' };
  if (PASS_TYPES.has(t)) {
    const inner = t === 'argument' ? argumentValue(node) : node.namedChildren[node.namedChildren.length - 1];
    return inner ? { kind: 'pass', inner } : { kind: 'literal' };
  }
  if (FUNCTION_TYPES.has(t)) return { kind: 'function', fn: functionView(node) };
  const include = INCLUDE_TYPES[t];
  if (include) {
    const target = node.namedChildren[0];
    return callView(node, null, null, include, target ? [{ node: target, name: null, index: 0 }] : []);
  }
  switch (t) {
    case 'variable_name':
      return { kind: 'name', name: node.text };
    case 'name': {
      const p = node.parent;
      if (p && p.type === 'function_call_expression' && node.field === 'function') return { kind: 'name', name: node.text.toLowerCase() };
      // `"${name}"` and `"${arr['k']}"` in strings are the variables $name and $arr.
      if (p && (p.type === 'dynamic_variable_name' || (p.type === 'subscript_expression' && p.parent?.type === 'dynamic_variable_name' && p.namedChildren[0] === node))) {
        return { kind: 'name', name: `$${node.text}` };
      }
      return { kind: 'name', name: node.text };
    }
    case 'qualified_name': {
      const p = node.parent;
      const name = lastName(node);
      if (p && p.type === 'function_call_expression' && node.field === 'function') return { kind: 'name', name: name.toLowerCase() };
      return { kind: 'name', name };
    }
    case 'relative_scope':
      return { kind: 'name', name: node.text };
    case 'dynamic_variable_name': {
      const inner = node.namedChildren[0];
      if (inner && (inner.type === 'name' || inner.type === 'subscript_expression')) return { kind: 'pass', inner };
      return null;
    }
    case 'string':
    case 'encapsed_string':
    case 'heredoc':
    case 'nowdoc': {
      const value = literalContent(node);
      if (value !== null) return { kind: 'string', value };
      return { kind: 'concat', parts: stringParts(node) };
    }
    case 'string_content':
    case 'string_value':
    case 'nowdoc_string':
      return { kind: 'string', value: node.text };
    case 'escape_sequence':
      return { kind: 'string', value: node.parent?.type === 'string' ? node.text : unescape(node.text) };
    case 'shell_command_expression': {
      // Every part of the command is the command (argument 0 of the equivalent shell_exec()).
      const parts = node.namedChildren;
      return callView(
        node,
        null,
        null,
        'shell_exec',
        parts.map((p) => ({ node: p, name: null, index: 0 })),
      );
    }
    case 'member_access_expression':
    case 'nullsafe_member_access_expression': {
      const object = node.child('object');
      const nameNode = node.child('name');
      if (!object || !nameNode) return null;
      // `$this->term` filled with request data in another method of the class (see summaries.ts).
      if (nameNode.type === 'name' && object.type === 'variable_name' && object.text === '$this' && !isAssignTarget(node)) {
        const cls = node.ancestor(CLASS_TYPES);
        if (cls && inputPropertiesOf(cls).has(nameNode.text)) return callView(node, null, null, '$_REQUEST', []);
      }
      // Laravel's dynamic request properties: `$request->email` is `$request->input('email')`.
      if (nameNode.type === 'name' && isRequestObject(object) && !REQUEST_PROPERTIES.has(nameNode.text) && !isAssignTarget(node)) {
        return callView(node, null, object, 'input', []);
      }
      if (nameNode.type === 'name') return { kind: 'member', object, property: nameNode.text };
      return { kind: 'index', object, index: nameNode };
    }
    case 'scoped_property_access_expression': {
      const object = node.child('scope');
      const nameNode = node.child('name');
      if (!object || !nameNode) return null;
      return { kind: 'member', object, property: nameNode.text };
    }
    case 'class_constant_access_expression': {
      const kids = node.namedChildren;
      const object = kids[0];
      const prop = kids[kids.length - 1];
      if (!object || !prop || kids.length < 2) return null;
      if (prop.text === 'class' && isPhpName(object)) return { kind: 'string', value: lastName(object) };
      return { kind: 'member', object, property: prop.text };
    }
    case 'subscript_expression': {
      const kids = node.namedChildren;
      const object = kids[0];
      if (!object) return null;
      const index = kids[1] ?? null;
      if (index) {
        const key = STRING_TYPES.has(index.type) ? literalContent(index) : index.type === 'name' ? index.text : null;
        if (key !== null) {
          // The server-side temporary path of an upload, its size and error code are not client data.
          // A request field of the same name (`$_POST['size']`, `$_GET['error']`) is client data all the same.
          if ((key === 'tmp_name' || key === 'size' || key === 'error') && !isAssignTarget(node) && !REQUEST_SUPERGLOBAL.has(object.text))
            return { kind: 'clean', parts: [object] };
          return { kind: 'member', object, property: key };
        }
      }
      return { kind: 'index', object, index };
    }
    case 'function_call_expression':
      return functionCall(node);
    case 'member_call_expression':
    case 'nullsafe_member_call_expression':
    case 'scoped_call_expression':
      return memberCall(node);
    case 'object_creation_expression':
      return newCall(node);
    case 'echo_statement':
      return echoCall(
        node,
        node.namedChildren.filter((c) => c.type !== 'comment'),
      );
    case 'print_intrinsic': {
      const arg = node.namedChildren[0];
      return callView(node, null, null, 'print', arg ? [{ node: arg, name: null, index: 0 }] : []);
    }
    case 'exit_statement': {
      const arg = node.namedChildren.find((c) => c.type !== 'comment');
      return callView(node, null, null, 'exit', arg ? [{ node: arg, name: null, index: 0 }] : []);
    }
    case 'expression_statement': {
      if (isShortEcho(node))
        return echoCall(
          node,
          node.namedChildren.filter((c) => c.type !== 'comment'),
        );
      return assertionGuard(node);
    }
    case 'throw_expression':
      return { kind: 'exit' };
    case 'cast_expression': {
      const type = node.child('type')?.text ?? '';
      const value = node.child('value');
      if (!value) return { kind: 'literal' };
      if (CLEAN_CASTS.test(type.trim())) return { kind: 'clean', parts: [value] };
      if (/^unset$/i.test(type.trim())) return { kind: 'literal' };
      // `(string) $x` is `strval($x)`: the value keeps its taint but can no longer be an array.
      if (/^(?:string|binary)$/i.test(type.trim())) return callView(node, null, null, 'strval', [{ node: value, name: null, index: 0 }]);
      return { kind: 'pass', inner: value };
    }
    case 'binary_expression': {
      const op = node.child('operator')?.text ?? '';
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right) return null;
      if (op === '.') return { kind: 'concat', parts: [left, right] };
      // `$x ?? ''`: a literal default carries nothing, so the value is $x (and guards on it see $x).
      if (CHOICE_OPS.has(op) && isLiteralDefault(right)) return { kind: 'pass', inner: left };
      if (CHOICE_OPS.has(op)) return { kind: 'choice', options: [left, right] };
      if (COMPARISON.has(op)) return { kind: 'equality', left, right, negated: op.startsWith('!') || op === '<>' };
      // Everything else is arithmetic, comparison or boolean logic (PHP's && and || yield booleans).
      return { kind: 'clean', parts: [left, right] };
    }
    case 'unary_op_expression': {
      const op = node.child('operator')?.text ?? node.children[0]?.text ?? '';
      const arg = node.child('argument') ?? node.namedChildren[0];
      if (!arg) return null;
      if (op === '!') return { kind: 'not', inner: arg };
      return { kind: 'clean', parts: [arg] };
    }
    case 'update_expression':
      return { kind: 'clean', parts: node.namedChildren };
    case 'conditional_expression': {
      const condition = node.child('condition');
      const body = node.child('body');
      const alternative = node.child('alternative');
      // `in_array($x, $allowed, true) ? $x : 'default'`: the branch taken only when $x passed the check is clean.
      const checked = condition ? validatedSubject(condition) : null;
      if (checked && body && !checked.negated && body.text === checked.subject) return { kind: 'choice', options: alternative ? [alternative] : [] };
      if (checked && alternative && checked.negated && alternative.text === checked.subject)
        return { kind: 'choice', options: [body ?? condition].filter((x): x is SyntaxNode => x !== null) };
      // `is_string($x) ? $x : ''`: the value is `$x` as a string (like `strval($x)`), or the literal.
      const scalar = condition ? validatedSubject(condition, SCALAR_CHECKS) : null;
      if (scalar && body && alternative) {
        const [kept, other] = scalar.negated ? [alternative, body] : [body, alternative];
        if (kept.text === scalar.subject && isLiteralDefault(other)) return callView(node, null, null, 'strval', [{ node: kept, name: null, index: 0 }]);
      }
      const options = [body ?? condition, alternative].filter((x): x is SyntaxNode => x !== null);
      return { kind: 'choice', options };
    }
    case 'match_expression': {
      const block = node.child('body');
      const options: SyntaxNode[] = [];
      if (block)
        for (const arm of block.namedChildren) {
          const r = arm.child('return_expression');
          if (r) options.push(r);
        }
      return { kind: 'choice', options };
    }
    case 'array_creation_expression':
      return { kind: 'collection', items: node.namedChildren.filter((c) => c.type !== 'comment') };
    case 'array_element_initializer': {
      const kids = node.namedChildren.filter((c) => c.type !== 'comment');
      const value = kids[kids.length - 1];
      return value ? { kind: 'pass', inner: value } : { kind: 'literal' };
    }
    case 'assignment_expression':
    case 'reference_assignment_expression': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left) return null;
      // `$$name = $value`: a variable variable, named at run time (a call `$$` of the name and the value).
      if (left.type === 'dynamic_variable_name' && left.namedChildren[0]?.type === 'variable_name') {
        const args: Arg[] = [{ node: left.namedChildren[0], name: null, index: 0 }];
        if (right) args.push({ node: right, name: null, index: 1 });
        return callView(node, null, null, '$$', args);
      }
      return { kind: 'assign', targets: [left], value: right, update: false };
    }
    case 'augmented_assignment_expression': {
      const left = node.child('left');
      const right = node.child('right');
      const op = node.child('operator')?.text ?? '';
      if (!left) return null;
      if (op === '.=' || op === '??=') return { kind: 'assign', targets: [left], value: right, update: true };
      return { kind: 'clean', parts: [left, right].filter((x): x is SyntaxNode => x !== null) };
    }
    case 'static_variable_declaration': {
      const name = node.child('name');
      if (!name) return null;
      return { kind: 'assign', targets: [name], value: node.child('value'), update: false };
    }
    case 'unset_statement':
      return { kind: 'assign', targets: node.namedChildren.filter((c) => c.type === 'variable_name'), value: null, update: false };
    case 'if_statement':
    case 'else_if_clause': {
      const condition = node.child('condition');
      if (!condition) return null;
      const owner = t === 'if_statement' ? node : node.parent;
      const otherwise = owner ? nextAlternative(owner, t === 'if_statement' ? null : node) : null;
      return { kind: 'if', condition, then: node.child('body'), else: otherwise };
    }
    case 'else_clause':
      return { kind: 'skip' };
    case 'return_statement':
      return { kind: 'return', value: node.namedChildren.find((c) => c.type !== 'comment') ?? null };
    case 'foreach_statement': {
      const kids = node.namedChildren.filter((c) => c.field !== 'body' && c.type !== 'comment');
      const iterable = kids[0];
      const binding = kids[1];
      if (!iterable || !binding) return null;
      const targets = binding.type === 'pair' ? binding.namedChildren : [binding];
      return { kind: 'loop', targets, iterable, body: node.child('body') ?? kids[2] ?? null };
    }
    case 'namespace_definition':
      return node.child('body') ? null : { kind: 'skip' };
    case 'sequence_expression': {
      const kids = node.namedChildren;
      const last = kids[kids.length - 1];
      return last ? { kind: 'choice', options: [last] } : null;
    }
    default:
      return null;
  }
}

/**
 * Whether `preg_replace($pattern, '', $x)` deletes everything but word characters: the pattern is
 * one negated class of letters, digits, `_` and `-` (`/[^a-z0-9_-]/i`, `/[^0-9]+/`), or `\D`/`\W`.
 */
function stripsToWordCharacters(args: readonly Arg[]): boolean {
  const pattern = args.find((a) => a.index === 0);
  const replacement = args.find((a) => a.index === 1);
  if (!pattern || !replacement || constantString(replacement.node) !== '') return false;
  const text = constantString(pattern.node);
  if (text === null || text.length < 3) return false;
  // `<d>body<d>flags`: the delimiter is the first character, the body runs to its last occurrence.
  const close = text.lastIndexOf(text.charAt(0));
  if (close <= 0 || !/^[a-zA-Z]*$/.test(text.slice(close + 1))) return false;
  let body = text.slice(1, close);
  if (body.endsWith('+') || body.endsWith('*')) body = body.slice(0, -1);
  if (body === '\\D' || body === '\\W') return true;
  const cls = /^\[\^([^\]]*)\]$/.exec(body);
  if (!cls) return false;
  const allowed = (cls[1] as string).replace(/a-z|A-Z|0-9|\\d|\\w/g, '');
  return /^[a-zA-Z0-9_\\-]*$/.test(allowed);
}

/** Validators whose argument (first, or second for preg_match) passes only when it is safe. */
const TERNARY_VALIDATORS: Readonly<Record<string, number>> = {
  in_array: 0,
  array_key_exists: 0,
  key_exists: 0,
  is_numeric: 0,
  is_int: 0,
  ctype_digit: 0,
  ctype_alnum: 0,
  ctype_alpha: 0,
  ctype_xdigit: 0,
  preg_match: 1,
};

/** The expression a ternary's condition validates (`in_array($x, …)` → `$x`), and whether the test is negated. */
/** Type checks that leave a scalar: `is_string($x) ? $x : ''` is a string, never an array of operators. */
const SCALAR_CHECKS: Readonly<Record<string, number>> = { is_string: 0, is_scalar: 0 };

function validatedSubject(condition: SyntaxNode, table: Readonly<Record<string, number>> = TERNARY_VALIDATORS): { subject: string; negated: boolean } | null {
  let n = condition;
  let negated = false;
  for (let i = 0; i < 6; i++) {
    if (n.type === 'parenthesized_expression' && n.namedChildren[0]) n = n.namedChildren[0];
    else if (n.type === 'unary_op_expression' && n.children[0]?.text === '!' && n.namedChildren[0]) {
      negated = !negated;
      n = n.namedChildren[n.namedChildren.length - 1] as SyntaxNode;
    } else break;
  }
  if (n.type !== 'function_call_expression') return null;
  const fn = n.child('function');
  if (!fn || !isPhpName(fn)) return null;
  const position = table[lastName(fn).toLowerCase()];
  if (position === undefined) return null;
  const arg = argsOf(n.child('arguments')).find((a) => a.index === position);
  if (!arg) return null;
  let subject = arg.node;
  if (subject.type === 'binary_expression' && subject.child('operator')?.text === '??' && isLiteralDefault(subject.child('right'))) subject = subject.child('left') ?? subject;
  return { subject: subject.text, negated };
}

/** A literal fallback (`''`, `0`, `null`, `'asc'`, `[]`): it carries no data. */
function isLiteralDefault(node: SyntaxNode | null): boolean {
  if (!node) return false;
  if (LITERAL_TYPES.has(node.type)) return true;
  if (STRING_TYPES.has(node.type)) return literalContent(node) !== null;
  return node.type === 'array_creation_expression' && node.namedChildren.length === 0;
}

/** Properties of request objects that are not input fields (Symfony bags, framework state). */
const REQUEST_PROPERTIES = new Set([
  'query',
  'request',
  'attributes',
  'cookies',
  'files',
  'server',
  'headers',
  'content',
  'session',
  'user',
  'route',
  'uri',
  'method',
  'format',
  'locale',
  'defaultLocale',
  'pathInfo',
  'requestUri',
  'baseUrl',
  'basePath',
  'json',
  'convertedFiles',
  'userResolver',
  'routeResolver',
  'data',
  'params',
  'input',
  'agent',
  'config',
  'db',
  'load',
  'lang',
  'security',
  'benchmark',
  'output',
]);

/** `$request`, `$req` or `$this->request`: the current HTTP request. */
function isRequestObject(node: SyntaxNode): boolean {
  if (node.type === 'variable_name') return node.text === '$request' || node.text === '$req';
  if (node.type === 'member_access_expression') return node.child('object')?.text === '$this' && node.child('name')?.text === 'request';
  return false;
}

function isAssignTarget(node: SyntaxNode): boolean {
  const p = node.parent;
  return (
    p !== null && node.field === 'left' && (p.type === 'assignment_expression' || p.type === 'augmented_assignment_expression' || p.type === 'reference_assignment_expression')
  );
}

/**
 * Bracket nesting depth beyond which tree-sitter-php's parser overflows its WebAssembly stack
 * (about 9,000 mixed `[{(`), which also breaks the shared runtime for later scans. No real PHP
 * nests like this.
 */
const MAX_BRACKET_DEPTH = 2000;

function bracketDepthExceeds(code: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
  }
  return false;
}

/**
 * Grammar choice: the `php` grammar needs an opening tag; bare snippets parse with `php_only`.
 * A bare snippet nested beyond any real code is read with `php` (as template text, not analysed)
 * rather than risk a parser crash.
 */
function grammarFor(code: string): GrammarName {
  if (/<\?(?:php\b|=|\s)/i.test(code) || code.startsWith('<?')) return 'php';
  return bracketDepthExceeds(code, MAX_BRACKET_DEPTH) ? 'php' : 'php_only';
}

/** The adapter for PHP 5–8 (procedural scripts, templates and frameworks). */
export const phpAdapter: LanguageAdapter = {
  language: 'php',
  grammar: (code) => grammarFor(code),
  commentTypes: COMMENT_TYPES,
  stringTypes: STRING_TYPES,
  functionTypes: FUNCTION_TYPES,
  view: viewOf,
  imports: importAliases,
  targetNames: bindingNames,
};
