/**
 * Tree helpers for the Java pack: declarations and declared types of names, annotations of
 * methods and classes, and a few structural questions rules ask ("what variable does this call's
 * result go into?", "is this method a request handler?"). Everything here is a bounded walk over
 * the syntax tree of one file; nothing is global.
 */
import type { SyntaxNode } from '../../syntax.ts';
import { SyntaxNode as SpanNode } from '../../syntax.ts';

/** Node types that declare a class-like scope (fields, methods). */
export const CLASS_TYPES: ReadonlySet<string> = new Set(['class_declaration', 'enum_declaration', 'record_declaration', 'interface_declaration']);
/** Node types that open a function scope. */
export const FUNCTION_TYPES: ReadonlySet<string> = new Set(['method_declaration', 'constructor_declaration', 'compact_constructor_declaration', 'lambda_expression']);
const METHOD_TYPES: ReadonlySet<string> = new Set(['method_declaration', 'constructor_declaration', 'compact_constructor_declaration']);
const BODY_TYPES: ReadonlySet<string> = new Set(['class_body', 'enum_body', 'enum_body_declarations', 'interface_body']);
const BLOCK_TYPES: ReadonlySet<string> = new Set(['block', 'constructor_body', 'switch_block_statement_group', 'switch_rule', 'program']);

/** The simple name of a type: `java.util.List<String>` → `List`, `String[]` → `String`, `final String` → `String`. */
export function simpleTypeName(text: string): string {
  let t = text.replace(/@\w+(?:\([^)]*\))?\s*/g, '').trim();
  const lt = t.indexOf('<');
  if (lt >= 0) t = t.slice(0, lt);
  const bracket = t.indexOf('[');
  if (bracket >= 0) t = t.slice(0, bracket);
  t = t.replace(/\.\.\.$/, '').trim();
  const dot = t.lastIndexOf('.');
  return dot >= 0 ? t.slice(dot + 1) : t;
}

/** Type arguments of a generic type text, outer level only: `Map<String, List<Long>>` → [`String`, `List<Long>`]. */
export function typeArguments(text: string): string[] {
  const lt = text.indexOf('<');
  const gt = text.lastIndexOf('>');
  if (lt < 0 || gt < lt) return [];
  const inner = text.slice(lt + 1, gt);
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(inner.slice(from, i).trim());
      from = i + 1;
    }
  }
  out.push(inner.slice(from).trim());
  return out.filter((s) => s.length > 0);
}

/** A declaration of a name: local variable, parameter, field, resource, loop or catch variable. */
export interface Declaration {
  readonly kind: 'local' | 'param' | 'field' | 'resource' | 'loop' | 'catch';
  /** Declared type text (`var` for inferred locals), or null for untyped lambda parameters. */
  readonly type: string | null;
  /** The initialiser, when there is one. */
  readonly init: SyntaxNode | null;
  /** The identifier node that is declared. */
  readonly name: SyntaxNode;
  /** The declaring node (declarator, parameter, resource, …). */
  readonly node: SyntaxNode;
}

function declaratorsOf(decl: SyntaxNode, name: string, kind: Declaration['kind']): Declaration | null {
  const type = decl.child('type')?.text ?? null;
  for (const d of decl.children) {
    if (d.type !== 'variable_declarator') continue;
    const n = d.child('name');
    if (n && n.text === name) return { kind, type, init: d.child('value'), name: n, node: d };
  }
  return null;
}

function paramDeclaration(p: SyntaxNode, name: string): Declaration | null {
  if (p.type === 'formal_parameter') {
    const n = p.child('name');
    if (n && n.text === name) return { kind: 'param', type: p.child('type')?.text ?? null, init: null, name: n, node: p };
  } else if (p.type === 'spread_parameter') {
    const d = p.childOfType('variable_declarator');
    const n = d?.child('name');
    const t = p.namedChildren.find((c) => c.type !== 'modifiers' && c.type !== 'variable_declarator');
    if (n && n.text === name) return { kind: 'param', type: t ? `${t.text}[]` : null, init: null, name: n, node: p };
  } else if (p.type === 'identifier' && p.text === name) {
    return { kind: 'param', type: null, init: null, name: p, node: p };
  }
  return null;
}

/** Parameters of a method, constructor or lambda, as declaration nodes. */
export function parameterNodes(fn: SyntaxNode): SyntaxNode[] {
  const params = fn.child('parameters');
  if (!params) return [];
  if (params.type === 'identifier') return [params];
  return params.namedChildren.filter((c) => c.type === 'formal_parameter' || c.type === 'spread_parameter' || c.type === 'identifier');
}

/**
 * The declaration a name refers to at a node: the nearest enclosing block's local declared before
 * it, a parameter of an enclosing method or lambda, a resource, loop or catch variable, or a field
 * of an enclosing class. Bounded by the depth of the tree.
 */
export function findDeclaration(name: string, at: SyntaxNode): Declaration | null {
  // Many rules ask about the same receiver or argument: answer each (node, name) once per tree.
  let byName = declarationCache.get(at);
  if (!byName) declarationCache.set(at, (byName = new Map()));
  let found = byName.get(name);
  if (found === undefined) byName.set(name, (found = lookUpDeclaration(name, at)));
  return found;
}

const declarationCache = new WeakMap<SyntaxNode, Map<string, Declaration | null>>();

function lookUpDeclaration(name: string, at: SyntaxNode): Declaration | null {
  let child: SyntaxNode = at;
  for (let a = at.parent, depth = 0; a && depth < 200; child = a, a = a.parent, depth++) {
    if (BLOCK_TYPES.has(a.type)) {
      let found: Declaration | null = null;
      for (const s of a.children) {
        if (s.start >= child.start && s !== child) break;
        if (s.type === 'local_variable_declaration') found = declaratorsOf(s, name, 'local') ?? found;
      }
      if (found) return found;
    } else if (a.type === 'for_statement') {
      for (const init of a.fieldChildren('init')) {
        if (init.type === 'local_variable_declaration') {
          const d = declaratorsOf(init, name, 'local');
          if (d) return d;
        }
      }
    } else if (a.type === 'enhanced_for_statement') {
      const n = a.child('name');
      if (n && n.text === name) return { kind: 'loop', type: a.child('type')?.text ?? null, init: a.child('value'), name: n, node: a };
    } else if (a.type === 'try_with_resources_statement') {
      const spec = a.child('resources');
      for (const r of spec?.children ?? []) {
        if (r.type !== 'resource') continue;
        const n = r.child('name');
        if (n && n.text === name) return { kind: 'resource', type: r.child('type')?.text ?? null, init: r.child('value'), name: n, node: r };
      }
    } else if (a.type === 'catch_clause') {
      const p = a.childOfType('catch_formal_parameter');
      const n = p?.child('name');
      if (p && n && n.text === name) return { kind: 'catch', type: p.childOfType('catch_type')?.text ?? 'Exception', init: null, name: n, node: p };
    } else if (FUNCTION_TYPES.has(a.type)) {
      for (const p of parameterNodes(a)) {
        const d = paramDeclaration(p, name);
        if (d) return d;
      }
    } else if (BODY_TYPES.has(a.type)) {
      for (const s of a.children) {
        if (s.type === 'field_declaration' || s.type === 'constant_declaration') {
          const d = declaratorsOf(s, name, 'field');
          if (d) return d;
        }
      }
      // Record components are fields too.
      const owner = a.parent;
      if (owner?.type === 'record_declaration') {
        for (const p of parameterNodes(owner)) {
          const d = paramDeclaration(p, name);
          if (d) return { ...d, kind: 'field' };
        }
      }
    }
  }
  return null;
}

/** Result types of well-known factory methods, by method name. */
const FACTORY_RESULTS: Readonly<Record<string, string>> = {
  getRuntime: 'Runtime',
  newXPath: 'XPath',
  getEngineByName: 'ScriptEngine',
  getEngineByExtension: 'ScriptEngine',
  getEngineByMimeType: 'ScriptEngine',
  createStatement: 'Statement',
  prepareStatement: 'PreparedStatement',
  prepareCall: 'CallableStatement',
  getConnection: 'Connection',
  newDocumentBuilder: 'DocumentBuilder',
  newSAXParser: 'SAXParser',
  getXMLReader: 'XMLReader',
  createXMLReader: 'XMLReader',
  newTransformer: 'Transformer',
  newSchema: 'Schema',
  newValidator: 'Validator',
  getCurrentSession: 'Session',
  openSession: 'Session',
  createEntityManager: 'EntityManager',
  getWriter: 'PrintWriter',
  getOutputStream: 'OutputStream',
  getInputStream: 'InputStream',
  toPath: 'Path',
  resolve: 'Path',
  normalize: 'Path',
  toAbsolutePath: 'Path',
  toRealPath: 'Path',
  getParent: 'Path',
  parseExpression: 'Expression',
  createExpression: 'Expression',
  getLdapTemplate: 'LdapTemplate',
  getJdbcTemplate: 'JdbcTemplate',
  build: 'Built',
};
const STATIC_FACTORIES = new Set([
  'getInstance',
  'newInstance',
  'newFactory',
  'newDefaultInstance',
  'newDefaultFactory',
  'current',
  'getDefault',
  'create',
  'builder',
  'of',
  'get',
]);

/**
 * The (simple) static type of an expression when it can be told locally: a declared variable or
 * field, a `new T(…)`, a cast, a well-known factory (`Runtime.getRuntime()`,
 * `XPathFactory.newInstance().newXPath()`, `DocumentBuilderFactory.newInstance()`). Null when unknown.
 */
export function typeOf(node: SyntaxNode | null, depth = 0): string | null {
  if (!node || depth > 12) return null;
  switch (node.type) {
    case 'identifier': {
      const d = findDeclaration(node.text, node);
      if (!d || !d.type) return null;
      const t = simpleTypeName(d.type);
      if (t === 'var') return typeOf(d.init, depth + 1);
      return t;
    }
    case 'field_access': {
      const obj = node.child('object');
      const field = node.child('field');
      if (obj?.type === 'this' && field) {
        const d = findDeclaration(field.text, node);
        return d?.type ? simpleTypeName(d.type) : null;
      }
      return null;
    }
    case 'object_creation_expression': {
      const t = node.child('type');
      return t ? simpleTypeName(t.text) : null;
    }
    case 'cast_expression': {
      const t = node.child('type');
      return t ? simpleTypeName(t.text) : null;
    }
    case 'parenthesized_expression':
      return typeOf(node.namedChildren[0] ?? null, depth + 1);
    case 'method_invocation': {
      const name = node.child('name')?.text ?? '';
      const obj = node.child('object');
      if (name === 'getSession' && obj && /request|req$/i.test(obj.text)) return 'HttpSession';
      const known = FACTORY_RESULTS[name];
      if (known) return known;
      if (STATIC_FACTORIES.has(name) && obj?.type === 'identifier' && /^[A-Z]/.test(obj.text) && !/^[A-Z0-9_]+$/.test(obj.text)) return obj.text;
      return null;
    }
    default:
      return null;
  }
}

/** Whether an expression's type is one of these simple names. */
export function typeIs(node: SyntaxNode | null, names: ReadonlySet<string> | readonly string[]): boolean {
  const t = typeOf(node);
  if (!t) return false;
  return Array.isArray(names) ? names.includes(t) : (names as ReadonlySet<string>).has(t);
}

/** The nearest enclosing method, constructor or lambda. */
export function enclosingFunction(node: SyntaxNode): SyntaxNode | null {
  return node.ancestor(FUNCTION_TYPES);
}

/** The nearest enclosing method or constructor (skipping lambdas). */
export function enclosingMethod(node: SyntaxNode): SyntaxNode | null {
  return node.ancestor(METHOD_TYPES);
}

/** The nearest enclosing class-like declaration, or the anonymous class creation expression. */
export function enclosingClass(node: SyntaxNode): SyntaxNode | null {
  for (let a = node.parent; a; a = a.parent) {
    if (CLASS_TYPES.has(a.type)) return a;
    if (a.type === 'class_body' && a.parent?.type === 'object_creation_expression') return a.parent;
  }
  return null;
}

/** Annotation nodes on a declaration (its `modifiers`). */
export function annotationNodes(decl: SyntaxNode): SyntaxNode[] {
  const mods = decl.childOfType('modifiers');
  if (!mods) return [];
  return mods.children.filter((c) => c.type === 'annotation' || c.type === 'marker_annotation');
}

/** Simple name of an annotation node: `@org.x.GetMapping("/a")` → `GetMapping`. */
export function annotationName(a: SyntaxNode): string {
  const n = a.child('name');
  return n ? simpleTypeName(n.text) : '';
}

/** Simple names of the annotations of a declaration. */
export function annotationNames(decl: SyntaxNode): string[] {
  return annotationNodes(decl).map(annotationName);
}

/** Text of the annotations of a declaration. */
export function annotationTexts(decl: SyntaxNode): string[] {
  return annotationNodes(decl).map((a) => a.text);
}

/** Simple names of a class declaration's superclass and interfaces (or the type of an anonymous class). */
export function classBases(cls: SyntaxNode): string[] {
  if (cls.type === 'object_creation_expression') {
    const t = cls.child('type');
    return t ? [simpleTypeName(t.text)] : [];
  }
  const out: string[] = [];
  const sup = cls.child('superclass');
  if (sup) for (const t of sup.namedChildren) out.push(simpleTypeName(t.text));
  const ifs = cls.child('interfaces') ?? cls.childOfType('super_interfaces', 'extends_interfaces');
  const list = ifs?.childOfType('type_list') ?? ifs;
  if (list) for (const t of list.namedChildren) if (t.type !== 'type_list') out.push(simpleTypeName(t.text));
  return out;
}

/** Names of the class and its bases, when the node is inside one. */
export function className(cls: SyntaxNode): string | null {
  if (cls.type === 'object_creation_expression') {
    const t = cls.child('type');
    return t ? simpleTypeName(t.text) : null;
  }
  return cls.child('name')?.text ?? null;
}

const MAPPING = new Set([
  'GetMapping',
  'PostMapping',
  'PutMapping',
  'DeleteMapping',
  'PatchMapping',
  'RequestMapping',
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
  'MessageMapping',
  'SubscribeMapping',
  // Micronaut
  'Get',
  'Post',
  'Put',
  'Delete',
  'Patch',
  'Head',
  'Options',
]);
const CONTROLLER = new Set(['Controller', 'RestController']);

/** Whether a method is an HTTP request handler: Spring `@GetMapping`…, JAX-RS `@GET`/`@Path`. */
export function isHandlerMethod(method: SyntaxNode | null): boolean {
  if (!method || method.type !== 'method_declaration') return false;
  const names = annotationNames(method);
  if (names.some((n) => MAPPING.has(n))) return true;
  // A JAX-RS sub-resource method: @Path on a method of a resource class.
  return names.includes('Path');
}

/** Whether the method's responses are written as the body (a `@RestController`, or `@ResponseBody`). */
export function writesBody(method: SyntaxNode): boolean {
  if (annotationNames(method).includes('ResponseBody')) return true;
  const cls = enclosingClass(method);
  if (!cls) return false;
  const names = annotationNames(cls);
  if (names.includes('RestController') || names.includes('ResponseBody')) return true;
  // JAX-RS resources write what they return.
  return names.includes('Path');
}

/** Whether the class of a method is a Spring MVC `@Controller` (views by name), not a REST one. */
export function isViewController(method: SyntaxNode): boolean {
  const cls = enclosingClass(method);
  if (!cls) return false;
  const names = annotationNames(cls);
  return names.some((n) => CONTROLLER.has(n)) && !names.includes('RestController') && !names.includes('ResponseBody');
}

/** Unwraps parentheses and casts. */
export function unwrap(node: SyntaxNode): SyntaxNode {
  let n = node;
  for (let i = 0; i < 16; i++) {
    if (n.type === 'parenthesized_expression' || n.type === 'cast_expression') {
      const inner = n.type === 'cast_expression' ? n.child('value') : n.namedChildren[0];
      if (!inner) break;
      n = inner;
    } else break;
  }
  return n;
}

/**
 * The variable an expression's value is stored in: `T v = <expr>…`, `v = <expr>…`, following a
 * method chain on the expression (`base.resolve(x).normalize()`), parentheses and casts.
 */
export function boundVariable(expr: SyntaxNode): SyntaxNode | null {
  let n = expr;
  for (let i = 0; i < 16; i++) {
    const p = n.parent;
    if (!p) return null;
    if ((p.type === 'method_invocation' && p.child('object') === n) || p.type === 'parenthesized_expression' || p.type === 'cast_expression') {
      n = p;
      continue;
    }
    if ((p.type === 'variable_declarator' || p.type === 'resource') && p.child('value') === n) return p.child('name');
    if (p.type === 'assignment_expression' && p.child('right') === n) {
      const left = p.child('left');
      if (left?.type === 'identifier') return left;
      if (left?.type === 'field_access') return left.child('field');
      return null;
    }
    return null;
  }
  return null;
}

/** Whether a subtree contains an identifier with one of these names (bounded). */
export function mentions(node: SyntaxNode, names: ReadonlySet<string>, budget = { n: 4000 }): boolean {
  if (budget.n-- <= 0) return false;
  if (node.type === 'identifier' && names.has(node.text)) return true;
  for (const c of node.children) if (c.named && mentions(c, names, budget)) return true;
  return false;
}

const descendantCache = new WeakMap<SyntaxNode, Map<ReadonlySet<string>, SyntaxNode[]>>();

/** All descendants of a node of some types, in order (bounded; cached per node and type set, as trees do not change). */
export function descendants(node: SyntaxNode, types: ReadonlySet<string>, limit = 5000): SyntaxNode[] {
  let byTypes = descendantCache.get(node);
  const hit = byTypes?.get(types);
  if (hit) return hit;
  const out = collect(node, types, limit);
  if (!byTypes) descendantCache.set(node, (byTypes = new Map()));
  byTypes.set(types, out);
  return out;
}

function collect(node: SyntaxNode, types: ReadonlySet<string>, limit: number): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [node];
  let budget = limit;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (types.has(n.type)) out.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) {
      const c = n.children[i] as SyntaxNode;
      if (c.named) stack.push(c);
    }
  }
  return out;
}

const INVOCATION = new Set(['method_invocation']);

/** Method invocations inside a node (bounded), optionally only those with one of these names. */
export function invocations(node: SyntaxNode, names?: ReadonlySet<string>): SyntaxNode[] {
  const all = descendants(node, INVOCATION);
  if (!names) return all;
  return all.filter((c) => names.has(c.child('name')?.text ?? ''));
}

/** The method name and receiver of a method invocation node. */
export function invocationParts(node: SyntaxNode): { name: string; object: SyntaxNode | null; args: SyntaxNode[] } {
  const list = node.child('arguments');
  return {
    name: node.child('name')?.text ?? '',
    object: node.child('object'),
    args: list ? list.namedChildren.filter((c) => c.type !== 'line_comment' && c.type !== 'block_comment') : [],
  };
}

/** The root of a call chain: `a.b().c().d()` → `a`. */
export function chainRoot(node: SyntaxNode): SyntaxNode {
  let n = node;
  for (let i = 0; i < 64; i++) {
    if (n.type === 'method_invocation') {
      const obj = n.child('object');
      if (!obj) return n;
      n = obj;
    } else if (n.type === 'field_access') {
      const obj = n.child('object');
      if (!obj) return n;
      n = obj;
    } else if (n.type === 'parenthesized_expression' || n.type === 'cast_expression') {
      n = unwrap(n);
      if (n.type === 'parenthesized_expression' || n.type === 'cast_expression') return n;
    } else return n;
  }
  return n;
}

/** Names of the methods called along a chain, innermost first: `a.b().c()` → [`b`, `c`]. */
export function chainNames(node: SyntaxNode): string[] {
  const out: string[] = [];
  let n: SyntaxNode | null = node;
  for (let i = 0; i < 64 && n; i++) {
    n = unwrap(n);
    if (n.type === 'method_invocation') {
      out.unshift(n.child('name')?.text ?? '');
      n = n.child('object');
    } else if (n.type === 'field_access') n = n.child('object');
    else break;
  }
  return out;
}

/** A string literal's content (escapes left as written), or null when the node is not a plain literal. */
export function literalText(node: SyntaxNode | null): string | null {
  if (!node) return null;
  const n = unwrap(node);
  if (n.type !== 'string_literal') return null;
  let out = '';
  for (const c of n.children) {
    if (c.type === 'string_fragment' || c.type === 'multiline_string_fragment' || c.type === 'escape_sequence') out += c.text;
    else if (c.type === 'string_interpolation') return null;
  }
  return out;
}

/** The simple class name a (possibly package-qualified) class reference names: `java.security.MessageDigest` → `MessageDigest`; null for anything else. */
export function classRef(node: SyntaxNode | null | undefined): string | null {
  if (!node) return null;
  const t = node.text.replace(/\s+/g, '');
  if (!/^(?:[a-z_$][\w$]*\.)*[A-Z][\w$]*$/.test(t)) return null;
  return simpleTypeName(t);
}

/**
 * A node covering two nodes and everything between them, for reporting a finding over the lines
 * of one construct (`new Cookie(…)` … `response.addCookie(cookie)`), so a reader who marks any of
 * those lines finds it. It takes the first node's parent; it is not part of the tree.
 */
export function span(first: SyntaxNode, last: SyntaxNode): SyntaxNode {
  if (first === last || last.end <= first.start) return first;
  const n = new SpanNode('java_span', true, null, Math.min(first.start, last.start), Math.max(first.end, last.end), first.parent, first.source);
  return n;
}

function identChar(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_' || c === '$');
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

/** Lower-case words of an identifier: `generateResetToken` → [`generate`, `reset`, `token`], `XML_HTTP_Request` → [`xml`, `http`, `request`]. */
export function identifierWords(text: string): string[] {
  const out: string[] = [];
  let word = '';
  const flush = (): void => {
    if (word) out.push(word.toLowerCase());
    word = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    const upper = c >= 'A' && c <= 'Z';
    const lower = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (!upper && !lower) {
      flush();
      continue;
    }
    if (upper && word) {
      const prev = word[word.length - 1] as string;
      const next = text[i + 1];
      const prevLower = (prev >= 'a' && prev <= 'z') || (prev >= '0' && prev <= '9');
      const nextLower = next !== undefined && next >= 'a' && next <= 'z';
      // fooBar → foo|Bar; HTTPServer → HTTP|Server
      if (prevLower || (nextLower && prev >= 'A' && prev <= 'Z')) flush();
    }
    word += c;
  }
  flush();
  return out;
}

const ASSIGNING = new Set(['variable_declarator', 'assignment_expression']);
const assignmentCache = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();

/** The values assigned to each local of a function (`T x = v`, `x = v`; not in nested functions), in program text order, collected once per function. */
export function localAssignments(fn: SyntaxNode): Map<string, SyntaxNode[]> {
  let map = assignmentCache.get(fn);
  if (map) return map;
  map = new Map();
  assignmentCache.set(fn, map);
  const stack: SyntaxNode[] = [fn];
  let budget = 20000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n !== fn && FUNCTION_TYPES.has(n.type)) continue;
    if (ASSIGNING.has(n.type)) {
      const target = n.type === 'variable_declarator' ? n.child('name') : n.child('left');
      const value = n.type === 'variable_declarator' ? n.child('value') : n.child('right');
      const op = n.type === 'assignment_expression' ? (n.child('operator')?.text ?? '=') : '=';
      if (target?.type === 'identifier' && value && op === '=') {
        let list = map.get(target.text);
        if (!list) map.set(target.text, (list = []));
        list.push(value);
      }
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  for (const values of map.values()) values.sort((a, b) => a.start - b.start);
  return map;
}
