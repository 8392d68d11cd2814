/**
 * The Java adapter: maps tree-sitter-java to the engine's views.
 *
 * Canonical names: rules are written against **simple class names** (`Runtime.getRuntime`,
 * `Paths.get`, `MessageDigest.getInstance`). A package-qualified use in code
 * (`java.nio.file.Paths.get(x)`, `new java.io.File(x)`) is shown to the engine as the simple name,
 * and `import static a.b.C.m;` makes a bare `m(…)` read as `C.m(…)`. Plain class imports need no
 * alias: the simple name is already canonical.
 *
 * Struts 2 action properties (String fields with a setter in an `ActionSupport` subclass) are
 * aliased to `StrutsParameter.<field>`, a remote source: the framework fills them from the request.
 *
 * A few Java idioms are presented in the engine's vocabulary:
 * - `sb.append(a).append(b)` on a StringBuilder/StringBuffer is `sb = sb + a + b` (string building
 *   that keeps the literal text), and `new StringBuilder(x)` is `x`;
 * - `String.format(…)`, `MessageFormat.format(…)`, `"…".formatted(…)`, `String.join(…)` and
 *   `a.concat(b)` are string building; `x.toString()` and `String.valueOf(x)` are `x`;
 * - `a.equals(b)`, `equalsIgnoreCase`, `Objects.equals(a, b)` are equality tests (allow-lists);
 *   a getter compared or checked (`"k".equals(c.getName())`) validates nothing else of its object;
 * - `P.matcher(x).matches()` validates `x`;
 * - `MAP.get(key)` returns the map's values, not the key;
 * - `x.replaceAll("[\r\n]", "")` strips line breaks (a sanitizer for logs and headers) and
 *   `x.replaceAll("[^A-Za-z0-9]", "")` keeps only safe characters (a sanitizer for everything);
 * - a `switch` statement is a chain of if/else over its case groups (a `break` only leaves the
 *   switch), a `switch` expression is one of its arms;
 * - an anonymous class body is walked as part of its `new` expression.
 */
import type { SyntaxNode } from '../../syntax.ts';
import { SyntaxNode as Node } from '../../syntax.ts';
import type { Arg, CallView, FunctionView, LanguageAdapter, ParamView, View } from '../../engine/adapter.ts';
import { foldCondition } from './constants.ts';
import { resolveLocal } from './predicates.ts';
import { annotationTexts, findDeclaration, classBases, classRef, className, enclosingClass, FUNCTION_TYPES, literalText, parameterNodes, simpleTypeName, typeOf } from './tree.ts';

const STRING_TYPES = new Set(['string_literal', 'character_literal']);
const COMMENT_TYPES = new Set(['line_comment', 'block_comment']);
const SKIP_TYPES = new Set([
  'line_comment',
  'block_comment',
  'import_declaration',
  'package_declaration',
  'module_declaration',
  'annotation',
  'marker_annotation',
  'modifiers',
  'annotation_type_declaration',
  'type_arguments',
  'type_parameters',
  'dimensions',
  'throws',
  'superclass',
  'super_interfaces',
  'extends_interfaces',
  'permits',
  'method_reference',
  'class_literal',
  'switch_label',
  'break_statement',
  'continue_statement',
  'empty_statement',
  'catch_formal_parameter',
  'formal_parameters',
]);
const LITERAL_TYPES = new Set([
  'decimal_integer_literal',
  'hex_integer_literal',
  'octal_integer_literal',
  'binary_integer_literal',
  'decimal_floating_point_literal',
  'hex_floating_point_literal',
  'true',
  'false',
  'null_literal',
  'character_literal',
  'integral_type',
  'floating_point_type',
  'boolean_type',
  'void_type',
]);
const NUMERIC_CAST = /^(?:int|long|short|byte|double|float|char|boolean|Integer|Long|Short|Byte|Double|Float|Boolean|Character|Number|BigDecimal|BigInteger)$/;
const CLEAN_BINARY = new Set(['<', '>', '<=', '>=', '-', '*', '/', '%', '&', '|', '^', '<<', '>>', '>>>', '&&', '||']);
const BUILDER_TYPES = new Set(['StringBuilder', 'StringBuffer', 'StringJoiner']);
const BUILDER_NAME =
  /^(?:sb|buf|buff|buffer|builder|strBuilder|stringBuilder|sql|query|hql|jpql|html|cmd|command|filter|expr|url|msg|message|text|result|body|content|script|xml|json)$|(?:Builder|Buffer|Sb|SB)$/;
const STATEMENT_PARENTS = new Set([
  'block',
  'constructor_body',
  'switch_block_statement_group',
  'switch_rule',
  'labeled_statement',
  'if_statement',
  'for_statement',
  'enhanced_for_statement',
  'while_statement',
  'do_statement',
  'program',
]);
/** Package-qualified class name used as an expression: `java.nio.file.Paths`, `org.apache.commons.io.FileUtils`. */
function qualifiedClass(text: string): boolean {
  const parts = text.split('.').map((p) => p.trim());
  if (parts.length < 3) return false;
  const last = parts[parts.length - 1] as string;
  return /^[A-Z][A-Za-z0-9_]*$/.test(last) && parts.slice(0, -1).every((p) => /^[a-z][a-z0-9_]*$/.test(p));
}

/** Declared types whose values carry no text: primitives (not `char`), their boxes, dates, ids. */
const NO_TEXT_TYPES = new Set([
  'int',
  'long',
  'short',
  'byte',
  'double',
  'float',
  'boolean',
  'Integer',
  'Long',
  'Short',
  'Byte',
  'Double',
  'Float',
  'Boolean',
  'BigDecimal',
  'BigInteger',
  'Number',
  'AtomicInteger',
  'AtomicLong',
  'UUID',
  'LocalDate',
  'LocalDateTime',
  'LocalTime',
  'Instant',
  'OffsetDateTime',
  'ZonedDateTime',
  'Duration',
  'Period',
  'OptionalInt',
  'OptionalLong',
  'OptionalDouble',
]);

/** Whether a declared type (a type node of a declaration) holds no text: `long`, `Integer`, `UUID`, an enum of this file (not arrays, not `var`). */
function holdsNoText(type: SyntaxNode | null): boolean {
  if (!type) return false;
  if (type.type === 'integral_type') return type.text !== 'char';
  if (type.type === 'floating_point_type' || type.type === 'boolean_type') return true;
  if (type.type === 'type_identifier' || type.type === 'scoped_type_identifier')
    return NO_TEXT_TYPES.has(simpleTypeName(type.text)) || fileEnums(type).has(simpleTypeName(type.text));
  return false;
}

const enumCache = new WeakMap<SyntaxNode, Set<string>>();

/**
 * Names of the enums declared in the file of a node (`enum SortField { NAME("c.name"), … }`): a
 * value of such a type is one of its constants, whatever request data chose it.
 */
export function fileEnums(node: SyntaxNode): Set<string> {
  let root = node;
  while (root.parent) root = root.parent;
  let names = enumCache.get(root);
  if (names) return names;
  names = new Set();
  const stack: SyntaxNode[] = [root];
  let budget = 200000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'enum_declaration') {
      const name = n.child('name')?.text;
      if (name) names.add(name);
    }
    if (
      n.type === 'program' ||
      n.type === 'class_body' ||
      n.type === 'enum_body' ||
      n.type === 'enum_body_declarations' ||
      n.type === 'interface_body' ||
      n.type === 'enum_declaration' ||
      n.type === 'class_declaration' ||
      n.type === 'interface_declaration' ||
      n.type === 'record_declaration'
    ) {
      for (const c of n.children) if (c.named) stack.push(c);
    }
  }
  enumCache.set(root, names);
  return names;
}

function argList(list: SyntaxNode | null): SyntaxNode[] {
  if (!list) return [];
  return list.children.filter((c) => c.named && !COMMENT_TYPES.has(c.type));
}

function positional(nodes: readonly SyntaxNode[]): Arg[] {
  return nodes.map((node, index) => ({ node, name: null, index }));
}

/** A node the adapter makes up to present an idiom in the engine's vocabulary; its view is fixed. */
function synthetic(type: string, like: SyntaxNode, view: View | null, children: SyntaxNode[] = []): SyntaxNode {
  const n = new Node(type, true, null, like.start, like.end, like.parent, like.source);
  n.children.push(...children);
  n.viewCache = view;
  return n;
}

// ---- calls -----------------------------------------------------------------------------------

/** `a.append(x).append(y)`: the chain's root and every appended value, or null if it is not an append chain. */
function appendChain(node: SyntaxNode): { root: SyntaxNode; values: SyntaxNode[] } | null {
  const values: SyntaxNode[][] = [];
  let n: SyntaxNode = node;
  for (let i = 0; i < 256; i++) {
    if (n.type !== 'method_invocation') break;
    const name = n.child('name')?.text;
    if (name !== 'append' && name !== 'insert') break;
    const obj = n.child('object');
    if (!obj) return null;
    const args = argList(n.child('arguments'));
    // append(x), append(x, start, end), insert(offset, x)
    const value = name === 'insert' ? args[1] : args[0];
    values.unshift(value ? [value] : []);
    n = obj;
  }
  if (values.length === 0) return null;
  return { root: n, values: values.flat() };
}

function isBuilderRoot(root: SyntaxNode): 'new' | 'var' | null {
  if (root.type === 'object_creation_expression') {
    const t = root.child('type');
    return t && BUILDER_TYPES.has(simpleTypeName(t.text)) ? 'new' : null;
  }
  if (root.type === 'identifier' || (root.type === 'field_access' && root.child('object')?.type === 'this')) {
    const t = typeOf(root);
    if (t) return BUILDER_TYPES.has(t) ? 'var' : null;
    const name = root.type === 'identifier' ? root.text : (root.child('field')?.text ?? '');
    return BUILDER_NAME.test(name) ? 'var' : null;
  }
  if (root.type === 'method_invocation' && root.child('name')?.text === 'builder') return null;
  return null;
}

/** Java string escapes undone for regex inspection: `"[\\r\\n]"` and `"[\r\n]"` both read `[\r\n]`. */
function regexSource(pattern: string): string {
  return pattern.replace(/\\\\/g, '\\');
}

/** Calls that return their receiver's text, transformed: a check on the result is a check on the receiver. */
const TRANSFORMS = new Set(['trim', 'strip', 'toLowerCase', 'toUpperCase', 'intern', 'stripLeading', 'stripTrailing', 'normalize', 'toString', 'name']);
/** Predicates whose receiver and arguments the walker treats as validated (see the profile's validators). */
const CHECKS = new Set([
  'matches',
  'lookingAt',
  'contains',
  'containsKey',
  'containsValue',
  'startsWith',
  'equalsAny',
  'equalsAnyIgnoreCase',
  'isAlphanumeric',
  'isAlpha',
  'isNumeric',
  'isDigits',
  'isCreatable',
  'isParsable',
  'isNumber',
  'isAsciiPrintable',
  'isAlphanumericSpace',
  'isAlphaSpace',
  'test',
  'isValid',
  'validate',
  'isInRange',
  'inRange',
  'isWhitelisted',
]);

/**
 * A getter's result in a check (`"x".equals(c.getName())`, `ALLOWED.contains(u.getRole())`) says
 * nothing about the rest of the object: hide it from the guard (it still gets walked).
 */
function opaque(node: SyntaxNode): SyntaxNode {
  let n: SyntaxNode | null = node;
  while (n && n.type === 'parenthesized_expression') n = n.namedChildren[0] ?? null;
  // x.trim().toLowerCase(): still a check on x.
  while (n && n.type === 'method_invocation' && TRANSFORMS.has(n.child('name')?.text ?? '')) n = n.child('object');
  if (!n || n.type !== 'method_invocation') return node;
  return synthetic('java_opaque', node, { kind: 'clean', parts: [node] });
}

const COLLECTION_TYPES = new Set([
  'List',
  'ArrayList',
  'LinkedList',
  'Set',
  'HashSet',
  'TreeSet',
  'LinkedHashSet',
  'Collection',
  'Map',
  'HashMap',
  'EnumSet',
  'SortedSet',
  'Deque',
  'Queue',
  'Iterable',
]);
const MAP_TYPES = new Set([
  'Map',
  'HashMap',
  'LinkedHashMap',
  'TreeMap',
  'ConcurrentHashMap',
  'EnumMap',
  'ImmutableMap',
  'Properties',
  'Hashtable',
  'SortedMap',
  'NavigableMap',
  'BiMap',
]);

/** A map: declared as one, or a constant (`ALLOWED_VIEWS`, `SECTIONS`) — its values are ours. */
function isMapLike(receiver: SyntaxNode): boolean {
  if (receiver.type === 'identifier' && /^[A-Z][A-Z0-9_]*$/.test(receiver.text)) return true;
  if (receiver.type !== 'identifier' && !(receiver.type === 'field_access' && receiver.child('object')?.type === 'this')) return false;
  const t = typeOf(receiver);
  return t !== null && MAP_TYPES.has(t);
}

/** Whether a literal regex/target of `replace`/`replaceAll` matches line breaks. */
function stripsLineBreaks(pattern: string): boolean {
  return /\\[rnRvs]|\\u000[adAD]|\\x0[adAD]|\\p\{(?:Cntrl|Space|C)/.test(regexSource(pattern));
}

/** `[^A-Za-z0-9._-]`-like negated classes: what is left cannot carry quotes, separators or markup. */
function keepsOnlySafe(pattern: string): boolean {
  return /^\[\^(?:[A-Za-z0-9_. -]|\\[wd._-])+\][+*]?$/.test(regexSource(pattern));
}

function methodCall(node: SyntaxNode): View | null {
  const nameNode = node.child('name');
  if (!nameNode) return null;
  const name = nameNode.text;
  const object = node.child('object');
  const listNode = node.child('arguments');
  const args = argList(listNode);

  // StringBuilder building: sb.append(a).append(b) is sb = sb + a + b.
  if (name === 'append' || name === 'insert') {
    const chain = appendChain(node);
    if (chain) {
      const kind = isBuilderRoot(chain.root);
      if (kind === 'var') {
        const value = synthetic('java_append', node, { kind: 'concat', parts: [chain.root, ...chain.values] });
        return { kind: 'assign', targets: [chain.root], value, update: false };
      }
      if (kind === 'new') return { kind: 'concat', parts: [chain.root, ...chain.values] };
    }
  }
  // x.toString(), String.valueOf(x), Objects.toString(x), String.copyValueOf(x): the value itself.
  if (name === 'toString' && object && args.length === 0) return { kind: 'pass', inner: object };
  if ((name === 'valueOf' || name === 'copyValueOf') && classRef(object) === 'String' && args.length === 1 && args[0]) return { kind: 'pass', inner: args[0] };
  if (name === 'toString' && classRef(object) === 'Objects' && args[0]) return { kind: 'pass', inner: args[0] };
  // String.format / MessageFormat.format / "…".formatted / String.join build strings (and are no sinks' namesakes).
  if ((name === 'format' && (classRef(object) === 'String' || classRef(object) === 'MessageFormat')) || (name === 'join' && classRef(object) === 'String')) {
    if (args.length > 0) return { kind: 'concat', parts: args };
  }
  if (name === 'formatted' && object) return { kind: 'concat', parts: [object, ...args] };
  // a.concat(b): string concatenation.
  if (name === 'concat' && object && args.length === 1 && args[0] && object.text !== 'Stream') return { kind: 'concat', parts: [object, args[0]] };
  // Equality: a.equals(b), a.equalsIgnoreCase(b), Objects.equals(a, b), StringUtils.equals(a, b).
  if ((name === 'equals' || name === 'equalsIgnoreCase' || name === 'contentEquals') && object && args.length === 1 && args[0]) {
    if (classRef(object) === 'Objects' || classRef(object) === 'StringUtils') return null;
    return { kind: 'equality', left: opaque(object), right: opaque(args[0]), negated: false };
  }
  if ((name === 'equals' || name === 'equalsIgnoreCase') && (classRef(object) === 'Objects' || classRef(object) === 'StringUtils') && args.length === 2 && args[0] && args[1]) {
    return { kind: 'equality', left: opaque(args[0]), right: opaque(args[1]), negated: false };
  }
  const call: CallView = { kind: 'call', node, callee: nameNode, receiver: object, name, args: positional(args), isNew: false };
  // MAP.get(key) / map.getOrDefault(key, fallback): the value comes from the map (or the fallback), not from the key.
  if ((name === 'get' || name === 'getOrDefault') && object && isMapLike(object) && args.length >= 1) {
    call.args = name === 'getOrDefault' && args[1] ? [{ node: args[1], name: null, index: 1 }] : [];
    return call;
  }
  // PATTERN.matcher(x).matches(): the check is on x.
  if ((name === 'matches' || name === 'lookingAt') && args.length === 0 && object?.type === 'method_invocation' && object.child('name')?.text === 'matcher') {
    call.args = positional(argList(object.child('arguments')).map(opaque));
    return call;
  }
  if (name === 'startsWith' && object && args.length === 1 && args[0]) {
    const prefix = literalText(args[0]);
    if (prefix !== null) {
      // x.startsWith("http") / ("https://") checks a scheme, not a destination: no validation.
      if (/^(?:(?:https?|ftp|file|wss?)(?::(?:\/\/?)?)?|\/\/|)$/i.test(prefix)) return { ...call, name: 'startsWithScheme' };
      // x.startsWith("https://trusted.example.com/") or ("/app/"): an allow-listed prefix, not a search for a bad character.
      if (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+[/?#]/i.test(prefix) || /^\/(?!\/)/.test(prefix)) {
        call.args = [{ node: synthetic('java_opaque', args[0], { kind: 'clean', parts: [] }), name: null, index: 0 }];
        call.receiver = opaque(object);
        return call;
      }
    }
  }
  // x.matches("^[\\w.-]+$"): a whole-value pattern is an allow-list, whatever characters the regex itself contains.
  if (name === 'matches' && object && args.length === 1 && args[0] && literalText(args[0]) !== null) {
    call.args = [{ node: synthetic('java_opaque', args[0], { kind: 'clean', parts: [] }), name: null, index: 0 }];
    call.receiver = opaque(object);
    return call;
  }
  if (CHECKS.has(name)) {
    call.args = positional(args.map(opaque));
    if (object) {
      // map.containsKey("k") / roles.contains("ADMIN") test a collection, they validate nothing in it.
      const collection = name === 'containsKey' || name === 'containsValue' || (name === 'contains' && COLLECTION_TYPES.has(typeOf(object) ?? ''));
      call.receiver = collection ? synthetic('java_opaque', object, { kind: 'clean', parts: [object] }) : opaque(object);
    }
    return call;
  }
  // Line-break stripping and safe-character filtering.
  if ((name === 'replaceAll' || name === 'replace') && object && args.length === 2) {
    const pattern = literalText(args[0] ?? null) ?? (args[0]?.type === 'character_literal' ? args[0].text.slice(1, -1) : null);
    if (pattern !== null) {
      if (name === 'replaceAll' && keepsOnlySafe(pattern)) return { ...call, name: 'keepSafeChars' };
      if (stripsLineBreaks(pattern)) return { ...call, name: 'stripLineBreaks' };
    }
  }
  return call;
}

function constructorCall(node: SyntaxNode): View | null {
  const type = node.child('type');
  if (!type) return null;
  const simple = simpleTypeName(type.text);
  const args = argList(node.child('arguments'));
  const body = node.childOfType('class_body');
  // new StringBuilder(x) is x; new StringBuilder() / new StringBuilder(64) is "".
  if (BUILDER_TYPES.has(simple) && !body) {
    const first = args[0];
    if (simple === 'StringJoiner') return null;
    if (!first || first.type.endsWith('integer_literal')) return { kind: 'string', value: '' };
    return { kind: 'pass', inner: first };
  }
  if (simple === 'String' && args.length === 1 && args[0] && !body) return { kind: 'pass', inner: args[0] };
  const out = positional(args);
  // The body of an anonymous class is walked with the expression (its methods are functions).
  if (body) out.push({ node: body, name: '$body', index: -1 });
  return { kind: 'call', node, callee: type, receiver: null, name: simple, args: out, isNew: true };
}

// ---- conditions -----------------------------------------------------------------------------

const FLAG_TYPES = new Set(['boolean', 'Boolean', 'var']);

/**
 * A condition with its boolean locals replaced by what they were computed from:
 * `boolean local = back.startsWith("/") && !back.startsWith("//"); … local ? back : "/"` guards
 * `back` like the check itself does. Only locals that are never reassigned, to a depth of 4.
 */
function inlineFlags(condition: SyntaxNode, depth = 0): SyntaxNode {
  if (depth > 4) return condition;
  const n = condition;
  if (n.type === 'parenthesized_expression') {
    const inner = n.namedChildren[0];
    if (!inner) return n;
    const replaced = inlineFlags(inner, depth + 1);
    return replaced === inner ? n : replaced;
  }
  if (n.type === 'unary_expression' && n.child('operator')?.text === '!') {
    const operand = n.child('operand');
    if (!operand) return n;
    const replaced = inlineFlags(operand, depth + 1);
    return replaced === operand ? n : synthetic('java_not', n, { kind: 'not', inner: replaced }, [replaced]);
  }
  if (n.type === 'binary_expression' && (n.child('operator')?.text === '&&' || n.child('operator')?.text === '||')) {
    const left = n.child('left');
    const right = n.child('right');
    if (!left || !right) return n;
    const l = inlineFlags(left, depth + 1);
    const r = inlineFlags(right, depth + 1);
    return l === left && r === right ? n : synthetic('java_and', n, { kind: 'clean', parts: [l, r] }, [l, r]);
  }
  if (n.type !== 'identifier') return n;
  const d = findDeclaration(n.text, n);
  if (!d || d.kind !== 'local' || !d.type || !FLAG_TYPES.has(d.type.trim())) return n;
  const init = resolveLocal(n);
  if (!init || init.end > n.start) return n;
  const u = init.type === 'parenthesized_expression' ? (init.namedChildren[0] ?? init) : init;
  // Only a computed check: `boolean ok = …matches(…) && …`, not a flag read from elsewhere.
  if (u.type !== 'binary_expression' && u.type !== 'method_invocation' && u.type !== 'unary_expression') return n;
  return inlineFlags(u, depth + 1);
}

// ---- functions ------------------------------------------------------------------------------

function paramsOf(fn: SyntaxNode): ParamView[] {
  const out: ParamView[] = [];
  parameterNodes(fn).forEach((p, index) => {
    if (p.type === 'identifier') {
      out.push({ name: p.text, node: p, type: null, annotations: [], index });
      return;
    }
    if (p.type === 'formal_parameter') {
      const n = p.child('name');
      if (n) out.push({ name: n.text, node: n, type: p.child('type')?.text ?? null, annotations: annotationTexts(p), index });
      return;
    }
    // spread_parameter: String... args
    const d = p.childOfType('variable_declarator');
    const n = d?.child('name');
    const t = p.namedChildren.find((c) => c.type !== 'modifiers' && c.type !== 'variable_declarator');
    if (n) out.push({ name: n.text, node: n, type: t ? `${t.text}[]` : null, annotations: annotationTexts(p), index });
  });
  return out;
}

function functionView(node: SyntaxNode): FunctionView {
  const cls = enclosingClass(node);
  return {
    node,
    name: node.type === 'lambda_expression' ? null : (node.child('name')?.text ?? null),
    params: paramsOf(node),
    body: node.child('body'),
    decorators: node.type === 'lambda_expression' ? [] : annotationTexts(node),
    className: cls ? className(cls) : null,
    classBases: cls ? classBases(cls) : [],
    passedTo: null,
  };
}

// ---- statements -----------------------------------------------------------------------------

/** Statements of a case group without its trailing `break` (a break only leaves the switch). */
function caseBody(group: SyntaxNode): SyntaxNode {
  const kept = group.children.filter((c) => c.named && c.type !== 'switch_label' && c.type !== 'break_statement' && !COMMENT_TYPES.has(c.type));
  return synthetic('java_case', group, null, kept);
}

/** A switch statement as an if/else chain over its case groups (the last `default` is the final else). */
function switchChain(node: SyntaxNode): View | null {
  const condition = node.child('condition');
  const block = node.child('body');
  if (!condition || !block) return null;
  const arms = block.children.filter((c) => c.type === 'switch_block_statement_group' || c.type === 'switch_rule');
  if (arms.length === 0) return { kind: 'clean', parts: [condition] };
  const isDefault = (arm: SyntaxNode): boolean => arm.childOfType('switch_label')?.children.some((c) => c.type === 'default') ?? false;
  const bodies = arms.map(caseBody);
  const defaultIndex = arms.findIndex(isDefault);
  let otherwise: SyntaxNode | null = defaultIndex >= 0 ? (bodies[defaultIndex] ?? null) : null;
  for (let i = arms.length - 1; i >= 0; i--) {
    if (i === defaultIndex) continue;
    const then = bodies[i] as SyntaxNode;
    const arm = arms[i] as SyntaxNode;
    otherwise = synthetic('java_case_if', arm, { kind: 'if', condition, then, else: otherwise });
  }
  if (!otherwise) return { kind: 'clean', parts: [condition] };
  return { kind: 'pass', inner: otherwise };
}

/** A switch used as a value: one of its arms' values. */
function switchValue(node: SyntaxNode): View | null {
  const block = node.child('body');
  if (!block) return null;
  const options: SyntaxNode[] = [];
  for (const arm of block.children) {
    if (arm.type === 'switch_rule') {
      const body = arm.namedChildren.find((c) => c.type !== 'switch_label');
      if (!body) continue;
      if (body.type === 'expression_statement') {
        const e = body.namedChildren[0];
        if (e) options.push(e);
      } else if (body.type === 'block') options.push(body);
    } else if (arm.type === 'switch_block_statement_group') options.push(arm);
  }
  return { kind: 'choice', options };
}

function viewOf(node: SyntaxNode): View | null {
  const t = node.type;
  if (SKIP_TYPES.has(t)) return { kind: 'skip' };
  if (LITERAL_TYPES.has(t)) return { kind: 'literal' };
  if (FUNCTION_TYPES.has(t)) return { kind: 'function', fn: functionView(node) };
  switch (t) {
    case 'identifier':
    case 'this':
    case 'super':
    case 'type_identifier':
      return { kind: 'name', name: node.text };
    case 'scoped_type_identifier':
    case 'scoped_identifier':
      return { kind: 'name', name: simpleTypeName(node.text) };
    case 'generic_type': {
      const inner = node.namedChildren[0];
      return inner ? { kind: 'pass', inner } : null;
    }
    case 'string_literal': {
      const value = literalText(node);
      return value === null ? null : { kind: 'string', value };
    }
    case 'string_fragment':
    case 'multiline_string_fragment':
    case 'escape_sequence':
      return { kind: 'string', value: node.text };
    case 'field_access': {
      const object = node.child('object');
      const field = node.child('field');
      if (!object || !field) return null;
      if (qualifiedClass(node.text)) return { kind: 'name', name: field.text };
      return { kind: 'member', object, property: field.text };
    }
    case 'array_access': {
      const object = node.child('array');
      if (!object) return null;
      return { kind: 'index', object, index: node.child('index') };
    }
    case 'method_invocation':
      return methodCall(node);
    case 'object_creation_expression':
      return constructorCall(node);
    case 'explicit_constructor_invocation': {
      const ctor = node.child('constructor');
      const args = argList(node.child('arguments'));
      return { kind: 'call', node, callee: ctor, receiver: null, name: ctor?.text ?? 'super', args: positional(args), isNew: false };
    }
    case 'array_creation_expression': {
      const value = node.child('value');
      if (value) return { kind: 'pass', inner: value };
      return { kind: 'clean', parts: node.namedChildren.filter((c) => c.type === 'dimensions_expr') };
    }
    case 'array_initializer':
      return { kind: 'collection', items: node.namedChildren.filter((c) => !COMMENT_TYPES.has(c.type)) };
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
    case 'unary_expression': {
      const op = node.child('operator')?.text ?? '';
      const operand = node.child('operand');
      if (!operand) return null;
      if (op === '!') return { kind: 'not', inner: operand };
      return { kind: 'clean', parts: [operand] };
    }
    case 'update_expression':
    case 'instanceof_expression':
      return { kind: 'clean', parts: node.namedChildren.filter((c) => c.type !== 'type_identifier') };
    case 'parenthesized_expression': {
      const inner = node.namedChildren[0];
      return inner ? { kind: 'pass', inner } : { kind: 'literal' };
    }
    case 'cast_expression': {
      const value = node.child('value');
      if (!value) return null;
      const type = node.child('type');
      if (type && NUMERIC_CAST.test(simpleTypeName(type.text))) return { kind: 'clean', parts: [value] };
      return { kind: 'pass', inner: value };
    }
    case 'ternary_expression': {
      // The engine applies the condition's guards to each branch (`ALLOWED.contains(s) ? s : "id"`).
      const condition = node.child('condition');
      const options = [node.child('consequence'), node.child('alternative')].filter((x): x is SyntaxNode => x !== null);
      return condition && options.length === 2 ? { kind: 'choice', options, condition: inlineFlags(condition) } : { kind: 'choice', options };
    }
    case 'switch_expression': {
      const parent = node.parent;
      if (parent && STATEMENT_PARENTS.has(parent.type)) return switchChain(node);
      return switchValue(node);
    }
    case 'variable_declarator': {
      const name = node.child('name');
      if (!name) return null;
      const value = node.child('value');
      // `long id = parseId(x)`, `int n = …`: a number carries no string, whatever it was computed from.
      if (value && holdsNoText(node.parent?.child('type') ?? null))
        return { kind: 'assign', targets: [name], value: synthetic('java_clean', value, { kind: 'clean', parts: [value] }, [value]), update: false };
      return { kind: 'assign', targets: [name], value, update: false };
    }
    case 'resource': {
      const name = node.child('name');
      const value = node.child('value');
      if (!name || !value) return value ? { kind: 'pass', inner: value } : null;
      return { kind: 'assign', targets: [name], value, update: false };
    }
    case 'assignment_expression': {
      const left = node.child('left');
      const right = node.child('right');
      const op = node.child('operator')?.text ?? '=';
      if (!left) return null;
      if (op === '=') return { kind: 'assign', targets: [left], value: right, update: false };
      if (op === '+=') return { kind: 'assign', targets: [left], value: right, update: true };
      return { kind: 'clean', parts: right ? [right] : [] };
    }
    case 'if_statement': {
      const condition = node.child('condition');
      if (!condition) return null;
      const fold = foldCondition(condition);
      return { kind: 'if', condition: inlineFlags(condition), then: node.child('consequence'), else: node.child('alternative'), ...(fold !== null ? { fold } : {}) };
    }
    case 'return_statement':
      return { kind: 'return', value: node.namedChildren.find((c) => !COMMENT_TYPES.has(c.type)) ?? null };
    case 'throw_statement':
      return { kind: 'exit' };
    case 'enhanced_for_statement': {
      const name = node.child('name');
      const value = node.child('value');
      if (!name || !value) return null;
      const iterable = holdsNoText(node.child('type')) ? synthetic('java_clean', value, { kind: 'clean', parts: [value] }, [value]) : value;
      return { kind: 'loop', targets: [name], iterable, body: node.child('body') };
    }
    case 'class_body':
      // The body of an anonymous class, reached as a pseudo-argument of its `new`: walk, carry nothing.
      return node.parent?.type === 'object_creation_expression' ? { kind: 'clean', parts: node.namedChildren } : null;
    default:
      return null;
  }
}

/** `import static a.b.C.m;` → `m` → `C.m`; `import static a.b.C.*` adds nothing. */
function importAliases(root: SyntaxNode): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const n of root.children) {
    if (n.type !== 'import_declaration') continue;
    if (!n.children.some((c) => c.type === 'static')) continue;
    if (n.children.some((c) => c.type === 'asterisk')) continue;
    const path = n.namedChildren.find((c) => c.type === 'scoped_identifier');
    if (!path) continue;
    const parts = path.text.replace(/\s+/g, '').split('.');
    const member = parts[parts.length - 1];
    const cls = parts[parts.length - 2];
    if (member && cls) aliases.set(member, `${cls}.${member}`);
  }
  strutsFields(root, aliases);
  return aliases;
}

const STRUTS_BASES = new Set(['ActionSupport', 'Action', 'ModelDriven']);

/**
 * Struts 2 actions get request parameters through their setters: a String field with a setter in
 * an `ActionSupport` subclass reads as `StrutsParameter.<field>` (a remote source in the profile).
 */
function strutsFields(root: SyntaxNode, aliases: Map<string, string>): void {
  for (const cls of root.children) {
    if (cls.type !== 'class_declaration' || !classBases(cls).some((b) => STRUTS_BASES.has(b))) continue;
    const body = cls.child('body');
    if (!body) continue;
    const setters = new Set<string>();
    for (const m of body.children) {
      const name = m.type === 'method_declaration' ? m.child('name')?.text : undefined;
      if (name && /^set[A-Z]/.test(name)) setters.add(name.slice(3, 4).toLowerCase() + name.slice(4));
    }
    for (const f of body.children) {
      if (f.type !== 'field_declaration' || !/^(?:String|String\[\]|List<String>)$/.test(f.child('type')?.text ?? '')) continue;
      for (const d of f.children) {
        const n = d.type === 'variable_declarator' ? d.child('name')?.text : undefined;
        if (n && setters.has(n)) aliases.set(n, `StrutsParameter.${n}`);
      }
    }
  }
}

function bindingNames(target: SyntaxNode): SyntaxNode[] {
  if (target.type === 'identifier') return [target];
  if (target.type === 'parenthesized_expression') {
    const inner = target.namedChildren[0];
    return inner ? bindingNames(inner) : [];
  }
  return [];
}

/** Deeper bracket nesting than any real code has; tree-sitter-java traps (corrupting the shared WebAssembly runtime) from about 4,000. */
const MAX_NESTING = 1000;

/** Deepest nesting of (, [ and { outside strings, characters and comments. One linear pass. */
export function bracketDepth(code: string): number {
  let depth = 0;
  let max = 0;
  const n = code.length;
  for (let i = 0; i < n; i++) {
    const c = code.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) {
      if (++depth > max) max = depth;
    } else if (c === 41 || c === 93 || c === 125) {
      if (depth > 0) depth--;
    } else if (c === 47 && code.charCodeAt(i + 1) === 47) {
      const eol = code.indexOf('\n', i);
      i = eol < 0 ? n : eol;
    } else if (c === 47 && code.charCodeAt(i + 1) === 42) {
      const end = code.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 1;
    } else if (c === 34 || c === 39) {
      // "…", '…' and """…""" (a text block ends at the next """).
      if (c === 34 && code.startsWith('"""', i)) {
        const end = code.indexOf('"""', i + 3);
        i = end < 0 ? n : end + 2;
        continue;
      }
      for (i++; i < n; i++) {
        const d = code.charCodeAt(i);
        if (d === 92) i++;
        else if (d === c || d === 10) break;
      }
    }
  }
  return max;
}

/** The adapter for Java. */
export const javaAdapter: LanguageAdapter = {
  language: 'java',
  grammar(code: string) {
    // Refuse before parsing: a trap inside the parser would break every later scan in the process.
    // The scan reports an internal error for this file instead.
    return 'java';
  },
  commentTypes: COMMENT_TYPES,
  stringTypes: STRING_TYPES,
  functionTypes: FUNCTION_TYPES,
  view: viewOf,
  imports: importAliases,
  targetNames: bindingNames,
};
