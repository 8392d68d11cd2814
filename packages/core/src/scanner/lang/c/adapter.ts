/**
 * The adapter for C and C++. tree-sitter's C++ grammar is a superset of its C grammar (same node
 * types for everything C has), so one module serves both, parameterised by language: C++ adds
 * qualified names (`std::system` → path `std.system`), methods, `new`, lambdas, `std::string`
 * concatenation and the stream operators (`std::cin >> buf` writes input into `buf`;
 * `oss << x` appends to `oss`).
 */
import type { GrammarName, LanguageId } from '../../languages.ts';
import type { SyntaxNode } from '../../syntax.ts';
import type { Arg, CallView, FunctionView, LanguageAdapter, ParamView, View } from '../../engine/adapter.ts';
import { conditionValue } from './conditions.ts';
import { allowListPredicates, checkedPaths, inputHelperPaths, readerPaths } from './helpers.ts';
import { aliasOf, declaratorShape, defines, expandName, macroAliases, findDeclaration, isStringType, rootOf, stringLiteralValue, subscriptIndex, typeText } from './syntax.ts';

const FUNCTION_TYPES = new Set(['function_definition', 'lambda_expression']);
const STRING_TYPES = new Set(['string_literal', 'raw_string_literal', 'concatenated_string', 'char_literal', 'system_lib_string']);
const COMMENT_TYPES = new Set(['comment']);
/** A macro whose value is one string literal: `"ls -la"`, `L"C:\\tmp"`. */
const STRING_MACRO = /^(?:L|u8|u|U)?"(?:[^"\\\n]|\\.)*"$/;
const CLASS_TYPES = new Set(['class_specifier', 'struct_specifier', 'union_specifier']);
const SKIP_TYPES = new Set([
  'comment',
  'preproc_include',
  'preproc_def',
  'preproc_function_def',
  'preproc_call',
  'preproc_defined',
  'type_definition',
  'using_declaration',
  'alias_declaration',
  'namespace_alias_definition',
  'static_assert_declaration',
  'template_parameter_list',
  'template_argument_list',
  'type_descriptor',
  'primitive_type',
  'sized_type_specifier',
  'type_qualifier',
  'storage_class_specifier',
  'attribute_specifier',
  'attribute_declaration',
  'ms_declspec_modifier',
  'gnu_asm_expression',
  'enum_specifier',
  'field_declaration',
  'statement_identifier',
  'access_specifier',
  'base_class_clause',
  'friend_declaration',
  'concept_definition',
  'requires_clause',
  'virtual_specifier',
  'explicit_function_specifier',
  'placeholder_type_specifier',
  'template_type',
  'dependent_type',
  'decltype',
  'system_lib_string',
  'empty_statement',
  'parameter_list',
  'abstract_function_declarator',
  'lambda_capture_specifier',
  'field_initializer_list',
  'sizeof_expression',
  'alignof_expression',
  'offsetof_expression',
]);
const LITERAL_TYPES = new Set(['number_literal', 'true', 'false', 'null', 'nullptr', 'user_defined_literal']);
const COMPARISON = new Set(['<', '>', '<=', '>=', '&&', '||', '<=>']);
const CASTS = new Set(['static_cast', 'const_cast', 'reinterpret_cast', 'dynamic_cast', 'std::move', 'move', 'std::forward', 'forward', 'std::ref', 'std::cref']);
/** Standard output streams: `std::cout << x` prints, it builds nothing. */
const OUTPUT_STREAMS = /^(?:std::)?(?:w?cout|w?cerr|w?clog)$/;
const INPUT_STREAMS = /^(?:std::)?w?cin$/;

/** The text before the first `<` (template arguments dropped): `make<T>` → `make`. */
function beforeTemplate(text: string): string {
  const i = text.indexOf('<');
  return i < 0 ? text : text.slice(0, i);
}

/** The last `::`-separated part of a name: `std::system` → `system`. */
function lastScoped(text: string): string {
  const i = text.lastIndexOf('::');
  return i < 0 ? text : text.slice(i + 2);
}

/** Normalised text of a qualified name: `std :: system` → `std::system`; null with template arguments. */
function qualifiedText(node: SyntaxNode): string | null {
  const text = node.text.replace(/\s+/g, '');
  if (text.includes('<')) return null;
  return text.startsWith('::') ? text.slice(2) : text;
}

function args(list: SyntaxNode | null): Arg[] {
  if (!list) return [];
  const out: Arg[] = [];
  let index = 0;
  for (const c of list.children) {
    if (!c.named || c.type === 'comment') continue;
    out.push({ node: c, name: null, index: index++ });
  }
  return out;
}

/**
 * The object of a member access behind a cast macro: `BAD_CAST expr.c_str()` (libxml2's
 * `(xmlChar *)`) parses as `BAD_CAST` followed by an error holding `expr`, then `.c_str`. The object
 * is `expr`: the macro only changes the pointer type.
 */
function memberObject(node: SyntaxNode): SyntaxNode | null {
  const object = node.child('argument');
  if (!object || object.type !== 'identifier' || !/^[A-Z][A-Z0-9_]{2,31}$/.test(object.text)) return object;
  const error = node.children.find((c) => c.type === 'ERROR');
  const inner = error?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  return inner.length === 1 && (inner[0]?.type === 'identifier' || inner[0]?.type === 'field_expression') ? (inner[0] as SyntaxNode) : object;
}

/** Receiver and name of a callee: `f`, `obj.m`, `p->m`, `std::system`, `make<T>`. */
function calleeParts(fn: SyntaxNode | null): { receiver: SyntaxNode | null; name: string } {
  if (!fn) return { receiver: null, name: '?' };
  switch (fn.type) {
    case 'identifier':
      return { receiver: null, name: fn.text };
    case 'field_expression': {
      const field = fn.child('field');
      const name = field?.type === 'template_method' ? (field.child('name')?.text ?? '?') : (field?.text ?? '?');
      return { receiver: memberObject(fn), name };
    }
    case 'qualified_identifier':
      return { receiver: null, name: beforeTemplate(lastScoped(qualifiedText(fn) ?? fn.text)) };
    case 'template_function': {
      const name = fn.child('name');
      return { receiver: null, name: name ? name.text.replace(/\s+/g, '').replace(/^.*::/, '') : '?' };
    }
    case 'parenthesized_expression':
    case 'pointer_expression':
      return { receiver: null, name: '?' };
    default:
      return { receiver: null, name: '?' };
  }
}

/** The `function_declarator` of a definition (through `*f(…)`, `&f(…)`). */
function functionDeclarator(node: SyntaxNode): SyntaxNode | null {
  let d = node.child('declarator');
  for (let i = 0; d && i < 16; i++) {
    if (d.type === 'function_declarator' || d.type === 'abstract_function_declarator') return d;
    d = d.child('declarator') ?? d.namedChildren.find((c) => c.type.endsWith('declarator')) ?? null;
  }
  return null;
}

function paramsOf(fnNode: SyntaxNode): ParamView[] {
  const decl = fnNode.type === 'lambda_expression' ? fnNode.child('declarator') : functionDeclarator(fnNode);
  const list = decl?.child('parameters');
  if (!list) return [];
  const out: ParamView[] = [];
  let index = 0;
  for (const p of list.children) {
    if (!p.named || p.type === 'comment') continue;
    if (p.type !== 'parameter_declaration' && p.type !== 'optional_parameter_declaration' && p.type !== 'variadic_parameter_declaration') {
      index++;
      continue;
    }
    const shape = declaratorShape(p.child('declarator'));
    const base = typeText(p);
    const type = `${base}${shape.pointers > 0 ? ` ${'*'.repeat(shape.pointers)}` : ''}${shape.reference ? ' &' : ''}${shape.arrays.length > 0 ? '[]'.repeat(shape.arrays.length) : ''}`;
    if (shape.name && shape.name.type === 'identifier') out.push({ name: shape.name.text, node: shape.name, type, annotations: [], index });
    index++;
  }
  return out;
}

function functionView(node: SyntaxNode): FunctionView {
  let name: string | null = null;
  let className: string | null = null;
  if (node.type === 'function_definition') {
    const d = functionDeclarator(node)?.child('declarator');
    if (d) {
      if (d.type === 'qualified_identifier') {
        const text = d.text.replace(/\s+/g, '');
        const parts = text.split('::');
        name = beforeTemplate(parts[parts.length - 1] ?? '') || null;
        className = parts.length > 1 ? (parts[parts.length - 2] ?? null) : null;
      } else name = d.text.replace(/\s+/g, '');
    }
  } else if (node.parent?.type === 'init_declarator') {
    name = declaratorShape(node.parent).name?.text ?? null;
  }
  const cls = node.ancestor(CLASS_TYPES);
  if (cls && !className) className = cls.child('name')?.text ?? null;
  const bases: string[] = [];
  const clause = cls?.childOfType('base_class_clause');
  if (clause) for (const c of clause.namedChildren) if (c.type !== 'access_specifier') bases.push(c.text);
  return {
    node,
    name,
    params: paramsOf(node),
    body: node.child('body'),
    decorators: [],
    className,
    classBases: bases,
    passedTo: null,
  };
}

/** Names bound by an assignment target: `x`, `*p`, `&x`, `(x)`, `buf + n` (the buffer written). */
function bindingNames(target: SyntaxNode): SyntaxNode[] {
  let n = target;
  for (let i = 0; i < 16; i++) {
    switch (n.type) {
      case 'identifier':
        return [aliasOf(n, 'reference') ?? n];
      case 'parenthesized_expression':
      case 'cast_expression':
      case 'pointer_expression': {
        const inner = n.type === 'cast_expression' ? n.child('value') : n.type === 'pointer_expression' ? n.child('argument') : n.namedChildren[0];
        if (!inner) return [];
        // `*p = v` with `p = &data`: stores into data.
        const pointee = n.type === 'pointer_expression' && n.child('operator')?.text === '*' ? aliasOf(inner, 'pointer') : null;
        if (pointee) return [pointee];
        n = inner;
        break;
      }
      case 'call_expression': {
        // in.read(reinterpret_cast<char *>(&hdr), sizeof hdr) writes into hdr;
        // sock.read_some(asio::buffer(data, n)) writes into data.
        const fn = n.child('function');
        const name = fn?.type === 'template_function' ? (fn.child('name')?.text.replace(/\s+/g, '') ?? '') : (fn?.text.replace(/\s+/g, '') ?? '');
        if (!/^(?:std::)?(?:static_cast|reinterpret_cast|const_cast|addressof)$|^(?:boost::)?(?:asio::)?buffer$/.test(name)) return [];
        const inner = n.child('arguments')?.namedChildren.find((c) => c.type !== 'comment');
        if (!inner) return [];
        n = inner;
        break;
      }
      case 'binary_expression': {
        // recv(fd, buf + off, …) writes into buf
        const left = n.child('left');
        if (!left || (n.child('operator')?.text !== '+' && n.child('operator')?.text !== '-')) return [];
        n = left;
        break;
      }
      case 'init_declarator':
      case 'pointer_declarator':
      case 'array_declarator':
      case 'reference_declarator':
      case 'function_declarator': {
        const name = declaratorShape(n).name;
        return name && name.type === 'identifier' ? [name] : [];
      }
      default:
        return [];
    }
  }
  return [];
}

/** Leftmost operand of a chain of the same binary operator: `a << b << c` → `a`. */
function chainRoot(node: SyntaxNode, op: string): SyntaxNode {
  let n = node;
  for (let i = 0; i < 256; i++) {
    if (n.type !== 'binary_expression' || n.child('operator')?.text !== op) return n;
    const left = n.child('left');
    if (!left) return n;
    n = left;
  }
  return n;
}

/** Whether a `>>`/`<<` chain stands as a statement or a condition (stream use), not as a value (shift). */
function statementContext(node: SyntaxNode, op: string): boolean {
  let n = node;
  for (let i = 0; i < 256; i++) {
    const p = n.parent;
    if (!p) return false;
    if (p.type === 'binary_expression' && p.child('operator')?.text === op && p.child('left') === n) {
      n = p;
      continue;
    }
    if (p.type === 'expression_statement' || p.type === 'condition_clause' || p.type === 'while_statement' || p.type === 'for_statement') return true;
    if (p.type === 'parenthesized_expression' && (p.parent?.type === 'while_statement' || p.parent?.type === 'if_statement' || p.parent?.type === 'do_statement')) return true;
    if (p.type === 'unary_expression' && p.child('operator')?.text === '!') {
      n = p;
      continue;
    }
    if (p.type === 'parenthesized_expression' || (p.type === 'binary_expression' && /^(?:&&|\|\|)$/.test(p.child('operator')?.text ?? ''))) {
      n = p;
      continue;
    }
    return false;
  }
  return false;
}

function declaredType(name: SyntaxNode): string | null {
  if (name.type !== 'identifier') return null;
  const d = findDeclaration(name.text, name);
  return d ? d.type : null;
}

/** Whether an operand of `+` is certainly a string in C++ (a literal, a std::string, a string-returning call). */
function isStringOperand(node: SyntaxNode, depth = 0): boolean {
  if (depth > 12) return false;
  let n = node;
  for (let i = 0; i < 32 && n.type === 'parenthesized_expression' && n.namedChildren[0]; i++) n = n.namedChildren[0] as SyntaxNode;
  switch (n.type) {
    case 'string_literal':
    case 'raw_string_literal':
    case 'concatenated_string':
      return true;
    case 'binary_expression':
      return n.child('operator')?.text === '+' && (isStringOperand(n.child('left') ?? n, depth + 1) || isStringOperand(n.child('right') ?? n, depth + 1));
    case 'identifier': {
      const d = findDeclaration(n.text, n);
      return d !== null && d.pointers === 0 && isStringType(d.type, 0, 0) && !/^(?:const\s+)?(?:char|wchar_t)$/.test(d.type);
    }
    case 'call_expression': {
      const fn = n.child('function');
      const text = fn?.text.replace(/\s+/g, '') ?? '';
      return /(?:^|::|\.|->)(?:to_string|to_wstring|substr|str|string|wstring|toStdString|getenv_string)$/.test(text);
    }
    default:
      return false;
  }
}

/**
 * `std::ifstream in(path);` parses as a function declaration (the "most vexing parse") when the
 * argument is a plain name. Inside a function body that is a constructor call.
 */
function isVexingConstruction(decl: SyntaxNode): boolean {
  if (decl.type !== 'function_declarator') return false;
  const owner = decl.parent;
  if (!owner || owner.type !== 'declaration' || owner.parent?.type !== 'compound_statement') return false;
  const type = owner.child('type');
  if (!type || type.type === 'primitive_type' || type.type === 'sized_type_specifier') return false;
  const params = decl.child('parameters')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  return (
    params.length > 0 &&
    params.every(
      (p) => p.type === 'parameter_declaration' && !p.child('declarator') && (p.child('type')?.type === 'type_identifier' || p.child('type')?.type === 'qualified_identifier'),
    )
  );
}

/**
 * Whether an operand of `/` is certainly a filesystem path in C++ (`std::filesystem::path`,
 * `boost::filesystem::path`, `fs::path(x)`, another `a / b` of paths): `dest / name` joins paths.
 */
function isPathOperand(node: SyntaxNode, depth = 0): boolean {
  if (depth > 12) return false;
  let n = node;
  for (let i = 0; i < 32 && n.type === 'parenthesized_expression' && n.namedChildren[0]; i++) n = n.namedChildren[0] as SyntaxNode;
  switch (n.type) {
    case 'binary_expression':
      return n.child('operator')?.text === '/' && (isPathOperand(n.child('left') ?? n, depth + 1) || isPathOperand(n.child('right') ?? n, depth + 1));
    case 'identifier': {
      const d = findDeclaration(n.text, n);
      if (d === null || d.pointers > 0) return false;
      let t = d.type.trim();
      if (t.endsWith('&')) t = t.slice(0, -1).trimEnd();
      return t === 'path' || t.endsWith('::path') || t.endsWith(' path');
    }
    case 'call_expression': {
      const text = n.child('function')?.text.replace(/\s+/g, '') ?? '';
      return (
        /(?:^|::)(?:path|current_path|temp_directory_path|parent_path|canonical|weakly_canonical|absolute|relative)$/.test(text) ||
        /(?:\.|->)(?:parent_path|path|root_path|lexically_normal)$/.test(text)
      );
    }
    default:
      return false;
  }
}

const STRING_COMPARE = /^(?:std::)?(?:strcmp|strncmp|strcasecmp|strncasecmp|wcscmp|wcsncmp|_stricmp|_strnicmp|stricmp|strnicmp|lstrcmp|lstrcmpi|_wcsicmp)$/;

const PREFIX_COMPARE = /^(?:std::)?(?:strncmp|strncasecmp|wcsncmp|_strnicmp|strnicmp)$/;

/**
 * A literal that names a command or a keyword rather than a location: `"GET "`, `"HELLO "`,
 * `"user="`. Comparing the first bytes of input with one (`strncmp(line, "GET ", 4)`) dispatches
 * on a prefix; the rest of the input is still whatever was sent.
 */
function keywordLiteral(node: SyntaxNode): boolean {
  if (node.type !== 'string_literal') return false;
  const value = stringLiteralValue(node);
  return value.length > 0 && !value.includes('/') && !value.includes('\\') && !value.includes('.');
}

/**
 * C++'s "starts with" idioms compared with 0: `s.rfind("/app/", 0) == 0`, `s.find("/app/") == 0`,
 * `s.compare(0, 5, "/app/") == 0`, `s.compare("x") == 0`. Like `strncmp` they compare s with the
 * literal (a keyword prefix such as `"GET "` validates nothing).
 */
function prefixMethod(call: SyntaxNode): [SyntaxNode, SyntaxNode] | null {
  const fn = call.child('function');
  if (fn?.type !== 'field_expression') return null;
  const method = fn.child('field')?.text ?? '';
  const receiver = fn.child('argument');
  const args = call.child('arguments')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  let literal: SyntaxNode | undefined;
  if (method === 'rfind' && args.length === 2 && args[1]?.text === '0') literal = args[0];
  else if (method === 'find' && args.length === 1) literal = args[0];
  else if (method === 'compare' && args.length === 3 && args[0]?.text === '0') literal = args[2];
  else if (method === 'compare' && args.length === 1) literal = args[0];
  if (!receiver || !literal || literal.type !== 'string_literal' || keywordLiteral(literal)) return null;
  return [receiver, literal];
}

/** The two strings a `strcmp`-like call compares (it returns 0 when they are equal), or null. */
function comparison(node: SyntaxNode): [SyntaxNode, SyntaxNode] | null {
  let n = node;
  for (let i = 0; i < 8 && n.type === 'parenthesized_expression' && n.namedChildren[0]; i++) n = n.namedChildren[0] as SyntaxNode;
  if (n.type !== 'call_expression') return null;
  const prefix = prefixMethod(n);
  if (prefix) return prefix;
  const name = n.child('function')?.text.replace(/\s+/g, '') ?? '';
  if (!STRING_COMPARE.test(name)) return null;
  const args = n.child('arguments')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  const [a, b] = args;
  if (!a || !b) return null;
  // `strncmp(req, "GET ", 4) == 0` checks a prefix: it validates nothing about the rest of req.
  if (PREFIX_COMPARE.test(name) && (keywordLiteral(a) || keywordLiteral(b))) return null;
  return [a, b];
}

/**
 * CGI request variables: what `getenv()` returns for them comes from the HTTP request (the query
 * string, the path, the headers as `HTTP_*`, the body's type), not from the local environment.
 */
const CGI_VARIABLES = new Set([
  'QUERY_STRING',
  'REQUEST_URI',
  'PATH_INFO',
  'PATH_TRANSLATED',
  'CONTENT_TYPE',
  'SCRIPT_URL',
  'SCRIPT_URI',
  'REDIRECT_URL',
  'REDIRECT_QUERY_STRING',
  'DOCUMENT_URI',
  'SERVER_NAME',
  'REMOTE_USER',
  'AUTH_TYPE',
]);

/** Whether a string literal names a CGI request variable (`"QUERY_STRING"`, `"HTTP_COOKIE"`). */
export function isCgiVariable(node: SyntaxNode | undefined): boolean {
  if (!node || node.type !== 'string_literal') return false;
  const value = stringLiteralValue(node);
  return CGI_VARIABLES.has(value) || (value.startsWith('HTTP_') && value.length > 5);
}

const GETENV = new Set(['getenv', 'std::getenv', 'secure_getenv', '__secure_getenv', 'g_getenv', 'FCGX_GetParam']);

/**
 * A group of a route's regular expression that only matches digits (`(\d+)`, `([0-9]{1,6})`):
 * `svr.Get(R"(/orders/(\d+))", …)` hands the handler a number in `req.matches[1]`.
 */
function numericGroup(pattern: string, group: number): boolean {
  let index = 0;
  for (let i = 0; i < pattern.length && i < 2000; i++) {
    const ch = pattern[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch !== '(' || pattern[i + 1] === '?') continue;
    index++;
    if (index !== group) continue;
    const end = pattern.indexOf(')', i + 1);
    if (end < 0 || end - i > 40) return false;
    const body = pattern.slice(i + 1, end);
    return /^(?:\\d|\[0-9\])(?:[+*]|\{\d{1,3}(?:,\d{0,3})?\})$/.test(body);
  }
  return false;
}

/** `req.matches[k]` in a handler whose route pattern captures only digits in group k. */
function numericRouteCapture(node: SyntaxNode, object: SyntaxNode, index: SyntaxNode | null): boolean {
  if (object.type !== 'field_expression' || object.child('field')?.text !== 'matches' || index?.type !== 'number_literal') return false;
  const group = Number.parseInt(index.text, 10);
  const lambda = node.ancestor(new Set(['lambda_expression']));
  const call = lambda?.parent?.type === 'argument_list' ? lambda.parent.parent : null;
  const route = call?.type === 'call_expression' ? call.child('arguments')?.namedChildren.find((c) => c.type !== 'comment') : undefined;
  if (!route || (route.type !== 'string_literal' && route.type !== 'raw_string_literal')) return false;
  return numericGroup(stringLiteralValue(route), group);
}

/**
 * `hdr.version != 2`, `strcmp(req->method, "GET") == 0`: one field of a record compared with a
 * constant. That says nothing about the record's other fields, so it is no guard (an equality
 * would clean the whole record); both sides are still walked.
 */
function fieldCompared(a: SyntaxNode, b: SyntaxNode): View | null {
  const field = (n: SyntaxNode): boolean => {
    let x = n;
    for (let i = 0; i < 8 && (x.type === 'parenthesized_expression' || x.type === 'cast_expression'); i++)
      x = (x.type === 'cast_expression' ? x.child('value') : x.namedChildren[0]) ?? x;
    return x.type === 'field_expression' || x.type === 'subscript_expression';
  };
  return field(a) || field(b) ? { kind: 'clean', parts: [a, b] } : null;
}

function makeCall(node: SyntaxNode, fn: SyntaxNode | null, list: SyntaxNode | null, isNew: boolean): CallView {
  const { receiver, name } = calleeParts(fn);
  return { kind: 'call', node, callee: fn, receiver, name, args: args(list), isNew };
}

function typeName(type: SyntaxNode | null): string {
  if (!type) return '?';
  const t = type.type === 'template_type' ? (type.child('name') ?? type) : type;
  return lastScoped(beforeTemplate(t.text.replace(/\s+/g, ''))) || '?';
}

/** The name an undeclared `argv` is read under (the profile makes it local input). */
export const UNDECLARED_ARGV = '__c_argv';

function viewOf(language: LanguageId, node: SyntaxNode): View | null {
  const t = node.type;
  if (SKIP_TYPES.has(t)) return t === 'sizeof_expression' || t === 'alignof_expression' || t === 'offsetof_expression' ? { kind: 'clean', parts: [] } : { kind: 'skip' };
  if (LITERAL_TYPES.has(t)) return { kind: 'literal' };
  if (FUNCTION_TYPES.has(t)) {
    if (t === 'function_definition' && !node.child('body')) return { kind: 'skip' };
    return { kind: 'function', fn: functionView(node) };
  }
  switch (t) {
    case 'identifier': {
      // A C++ reference bound to a local (`char *&ref = data;`) is that local.
      if (language === 'cpp') {
        const target = aliasOf(node, 'reference');
        if (target) return { kind: 'name', name: target.text };
      }
      // An excerpt that uses `argv` without declaring it anywhere in reach (`printf(argv[1]);` in a
      // function with no parameters, as code is quoted in reviews and advisories) means main's arguments.
      if (node.text === 'argv' && node.parent?.type !== 'parameter_declaration' && findDeclaration('argv', node) === null && !defines(rootOf(node)).has('argv')) {
        return { kind: 'name', name: UNDECLARED_ARGV };
      }
      // `#define COMMAND_ARG3 data`, `#define FOPEN fopen`: the name the macro stands for.
      // (A macro for a qualified name, `#define SYSTEM std::system`, is an import alias instead.)
      const expanded = expandName(node.text, node);
      if (expanded === node.text) {
        // `#define BAD_COMMAND "ls -la"`: the name is that string.
        const literal = defines(rootOf(node)).get(node.text);
        if (literal !== undefined && STRING_MACRO.test(literal)) return { kind: 'string', value: literal.slice(literal.indexOf('"') + 1, -1) };
      }
      return { kind: 'name', name: expanded.includes('::') ? node.text : expanded };
    }
    case 'field_identifier':
    case 'namespace_identifier':
    case 'this':
      return { kind: 'name', name: node.text };
    case 'type_identifier': {
      // The argument of a vexing-parse construction: `std::ifstream in(path)`.
      const p = node.parent;
      if (p?.type === 'parameter_declaration' && p.parent?.parent && isVexingConstruction(p.parent.parent)) return { kind: 'name', name: node.text };
      return { kind: 'skip' };
    }
    case 'qualified_identifier': {
      const text = qualifiedText(node);
      return text ? { kind: 'name', name: text } : { kind: 'skip' };
    }
    case 'template_function': {
      const name = node.child('name');
      return name ? { kind: 'pass', inner: name } : null;
    }
    case 'string_literal':
    case 'raw_string_literal':
      return { kind: 'string', value: stringLiteralValue(node) };
    case 'char_literal':
      // A character constant: `strchr(name, '/')` searches for a constant, `c == 'y'` compares with one.
      return { kind: 'string', value: node.text.slice(1, -1) };
    case 'concatenated_string': {
      const parts = node.namedChildren.filter((c) => c.type !== 'comment');
      if (parts.every((c) => c.type === 'string_literal' || c.type === 'raw_string_literal')) return { kind: 'string', value: stringLiteralValue(node) };
      return { kind: 'concat', parts };
    }
    case 'parenthesized_expression':
    case 'condition_clause': {
      if (t === 'condition_clause' && node.child('initializer')) return null;
      const inner = t === 'condition_clause' ? (node.child('value') ?? node.namedChildren[0]) : node.namedChildren.find((c) => c.type !== 'comment');
      return inner ? { kind: 'pass', inner } : { kind: 'literal' };
    }
    case 'cast_expression': {
      const v = node.child('value');
      return v ? { kind: 'pass', inner: v } : null;
    }
    case 'compound_literal_expression':
    case 'initializer_pair': {
      const v = node.child('value');
      return v ? { kind: 'pass', inner: v } : null;
    }
    case 'initializer_list':
      return { kind: 'collection', items: node.namedChildren.filter((c) => c.type !== 'comment') };
    case 'field_expression': {
      const object = memberObject(node);
      const field = node.child('field');
      if (!object || !field) return null;
      return { kind: 'member', object, property: field.text };
    }
    case 'subscript_expression': {
      const object = node.child('argument');
      if (!object) return null;
      const index = subscriptIndex(node);
      if (index && index.type === 'string_literal') return { kind: 'member', object, property: stringLiteralValue(index) };
      if (language === 'cpp' && numericRouteCapture(node, object, index)) return { kind: 'clean', parts: [] };
      return { kind: 'index', object, index };
    }
    case 'pointer_expression': {
      const arg = node.child('argument');
      if (!arg) return null;
      // `*p` reads (or writes) what p points to; `&x` is x itself for taint. `*p++` reads through p.
      if (node.child('operator')?.text === '*') {
        // `char **p = &data; … *p`: the local p points at.
        const target = aliasOf(arg, 'pointer');
        if (target) return { kind: 'name', name: target.text };
        const through = arg.type === 'update_expression' ? (arg.child('argument') ?? arg) : arg;
        return { kind: 'index', object: through, index: null };
      }
      return { kind: 'pass', inner: arg };
    }
    case 'call_expression': {
      const fn = node.child('function');
      const list = node.child('arguments');
      if (fn?.type === 'template_function' || fn?.type === 'qualified_identifier' || fn?.type === 'identifier') {
        const name = fn.type === 'template_function' ? (fn.child('name')?.text.replace(/\s+/g, '') ?? '') : fn.text.replace(/\s+/g, '');
        if (CASTS.has(name)) {
          const first = list?.namedChildren.find((c) => c.type !== 'comment');
          return first ? { kind: 'pass', inner: first } : { kind: 'literal' };
        }
        // getenv("QUERY_STRING"): the call's path is `getenv.CGI()`, a request source.
        if (GETENV.has(name) && isCgiVariable(list?.namedChildren.find((c) => c.type !== 'comment'))) {
          return { kind: 'call', node, callee: fn, receiver: fn, name: 'CGI', args: args(list), isNew: false };
        }
        // `is_identifier(role)` with a same-file allow-list predicate: a test that role is made of
        // allowed characters only, which validates it where it holds (like `role in ALLOWED`).
        const checked = fn.type === 'identifier' ? allowListPredicates(rootOf(node)).get(name) : undefined;
        const subject = checked !== undefined ? list?.namedChildren.filter((c) => c.type !== 'comment')[checked] : undefined;
        if (subject) return { kind: 'membership', subject, collection: fn };
      }
      return makeCall(node, fn, list, false);
    }
    case 'new_expression': {
      const list = node.child('arguments');
      const type = node.child('type');
      const call = makeCall(node, type, list && list.type !== 'initializer_list' ? list : list, true);
      return { ...call, name: typeName(type) };
    }
    case 'argument_list': {
      // `std::ifstream in(path.c_str());` — a constructor call in a declaration.
      const p = node.parent;
      if (p?.type === 'init_declarator' && p.child('value') === node) {
        const type = p.parent?.child('type') ?? null;
        if (type && type.type !== 'primitive_type' && type.type !== 'sized_type_specifier') {
          return { kind: 'call', node, callee: type, receiver: null, name: typeName(type), args: args(node), isNew: true };
        }
        const first = node.namedChildren.find((c) => c.type !== 'comment');
        return first ? { kind: 'pass', inner: first } : { kind: 'literal' };
      }
      return null;
    }
    case 'function_declarator': {
      if (!isVexingConstruction(node)) return { kind: 'skip' };
      const type = node.parent?.child('type') ?? null;
      const params = node.child('parameters')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
      const list: Arg[] = params.map((p, index) => ({ node: p.child('type') ?? p, name: null, index }));
      return { kind: 'call', node, callee: type, receiver: null, name: typeName(type), args: list, isNew: true };
    }
    case 'declaration': {
      const decl = node.child('declarator');
      if (decl && isVexingConstruction(decl)) {
        const name = decl.child('declarator');
        return name ? { kind: 'assign', targets: [name], value: decl, update: false } : null;
      }
      return null;
    }
    case 'init_declarator': {
      const declarator = node.child('declarator');
      const value = node.child('value');
      if (!declarator) return null;
      return { kind: 'assign', targets: [declarator], value, update: false };
    }
    case 'assignment_expression': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left) return null;
      const op = node.child('operator')?.text ?? '=';
      return { kind: 'assign', targets: [left], value: right, update: op !== '=' };
    }
    case 'binary_expression': {
      const op = node.child('operator')?.text ?? '';
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right) return null;
      if (op === '==' || op === '!=') {
        // `strcmp(a, b) == 0` is `a == b`; `strncmp(path, base, n) != 0` is "path does not start with base".
        const compared = right.text === '0' ? comparison(left) : left.text === '0' ? comparison(right) : null;
        if (compared) return fieldCompared(compared[0], compared[1]) ?? { kind: 'equality', left: compared[0], right: compared[1], negated: op === '!=' };
        return fieldCompared(left, right) ?? { kind: 'equality', left, right, negated: op === '!=' };
      }
      if (COMPARISON.has(op)) return { kind: 'clean', parts: [left, right] };
      // `i % n`, `x & 0xff` bound their value.
      if (op === '%' || op === '&') return { kind: 'clean', parts: [left, right] };
      if (op === '+' && language === 'cpp' && (isStringOperand(left) || isStringOperand(right))) return { kind: 'concat', parts: [left, right] };
      // `dest / name` on std::filesystem paths joins them: the name is built into the path.
      if (op === '/' && language === 'cpp' && (isPathOperand(left) || isPathOperand(right))) return { kind: 'concat', parts: [left, right] };
      if (language === 'cpp' && op === '>>') {
        // `std::cin >> a >> b`, `iss >> word`: the stream's data is written into the right operands.
        const root = chainRoot(node, '>>');
        const rootText = root.text.replace(/\s+/g, '');
        if (INPUT_STREAMS.test(rootText) || (root.type === 'identifier' && statementContext(node, '>>'))) {
          return { kind: 'assign', targets: [right], value: left, update: false };
        }
        return null;
      }
      if (language === 'cpp' && op === '<<') {
        const root = chainRoot(node, '<<');
        const rootText = root.text.replace(/\s+/g, '');
        if (OUTPUT_STREAMS.test(rootText) || rootText === 'std::endl') return { kind: 'clean', parts: [left, right] };
        const declared = root.type === 'identifier' ? declaredType(root) : null;
        if ((root.type === 'identifier' || root.type === 'field_expression') && (statementContext(node, '<<') || (declared !== null && /stream|std::string/.test(declared)))) {
          // `oss << "a" << x` appends to oss: a call `<<(oss, …)` that the profile's propagator
          // copies into its first argument, as built text.
          const list: Arg[] = [{ node: root, name: null, index: 0 }];
          if (left !== root) list.push({ node: left, name: null, index: 1 });
          list.push({ node: right, name: null, index: list.length });
          return { kind: 'call', node, callee: null, receiver: null, name: '<<', args: list, isNew: false };
        }
        return null;
      }
      return null;
    }
    case 'unary_expression': {
      const arg = node.child('argument');
      if (!arg) return null;
      if (node.child('operator')?.text === '!') {
        // `!strcmp(cmd, "start")` is `cmd == "start"`.
        const compared = comparison(arg);
        if (compared) return fieldCompared(compared[0], compared[1]) ?? { kind: 'equality', left: compared[0], right: compared[1], negated: false };
        return { kind: 'not', inner: arg };
      }
      return null;
    }
    case 'update_expression':
      return { kind: 'clean', parts: node.namedChildren };
    case 'conditional_expression': {
      // The condition is walked too (`system(cmd) == 0 ? ok : fail`), and its guards apply to each branch.
      const options = [node.child('consequence'), node.child('alternative')].filter((x): x is SyntaxNode => x !== null);
      const condition = node.child('condition');
      return condition && options.length === 2 ? { kind: 'choice', options, condition } : { kind: 'choice', options };
    }
    case 'comma_expression': {
      const options = [node.child('left'), node.child('right')].filter((x): x is SyntaxNode => x !== null);
      return { kind: 'choice', options };
    }
    case 'if_statement': {
      const condition = node.child('condition');
      if (!condition) return null;
      const alt = node.child('alternative');
      const otherwise = alt ? (alt.type === 'else_clause' ? (alt.namedChildren.find((c) => c.type !== 'comment') ?? null) : alt) : null;
      return { kind: 'if', condition, then: node.child('consequence'), else: otherwise };
    }
    case 'for_range_loop': {
      const declarator = node.child('declarator');
      const right = node.child('right');
      if (!declarator || !right) return null;
      return { kind: 'loop', targets: [declarator], iterable: right, body: node.child('body') };
    }
    case 'return_statement':
      return { kind: 'return', value: node.namedChildren.find((c) => c.type !== 'comment') ?? null };
    case 'throw_statement':
    case 'goto_statement':
      return { kind: 'exit' };
    default:
      return null;
  }
}

/**
 * Import-like aliases: every qualified name in the file (`std::system` → `std.system`), namespace
 * aliases, and the file's own helper functions that copy, read or return input, under the canonical
 * path that describes what they do (`helpers.ts`), so the profile's propagators and sources apply.
 */
function importAliases(root: SyntaxNode): Map<string, string> {
  const aliases = new Map<string, string>();
  const namespaces = new Map<string, string>();
  const stack: SyntaxNode[] = [root];
  const qualified: string[] = [];
  let budget = 400_000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'namespace_alias_definition') {
      const name = n.child('name')?.text;
      const target = n.namedChildren.find((c) => c.field !== 'name');
      if (name && target) namespaces.set(name, target.text.replace(/\s+/g, '').replace(/^::/, ''));
      continue;
    }
    if (n.type === 'qualified_identifier') {
      const text = qualifiedText(n);
      if (text) qualified.push(text);
      continue;
    }
    if (n.type === 'comment' || n.type === 'string_literal' || n.type === 'preproc_include') continue;
    for (const c of n.children) if (c.named) stack.push(c);
  }
  for (const text of qualified) {
    if (aliases.has(text)) continue;
    const parts = text.split('::');
    const head = parts[0] as string;
    const expanded = namespaces.get(head);
    const full = expanded ? [...expanded.split('::'), ...parts.slice(1)] : parts;
    aliases.set(text, full.join('.'));
  }
  for (const [name, target] of macroAliases(root)) if (target.includes('::') && !aliases.has(name)) aliases.set(name, target.split('::').join('.'));
  for (const [name, path] of checkedPaths(root)) if (!aliases.has(name)) aliases.set(name, path);
  for (const [name, path] of readerPaths(root)) if (!aliases.has(name)) aliases.set(name, path);
  for (const [name, path] of inputHelperPaths(root)) if (!aliases.has(name)) aliases.set(name, path);
  return aliases;
}

/** The adapter for C (`c`) or C++ (`cpp`). */
export function cAdapter(language: 'c' | 'cpp'): LanguageAdapter {
  return {
    language,
    grammar(): GrammarName {
      return language;
    },
    commentTypes: COMMENT_TYPES,
    stringTypes: STRING_TYPES,
    functionTypes: FUNCTION_TYPES,
    view: (node) => viewOf(language, node),
    imports: importAliases,
    targetNames: bindingNames,
    constantCondition: conditionValue,
  };
}
