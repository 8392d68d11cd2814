/** Helpers shared by the Go rules: framework objects by declared type, response content types, literal prefixes. */
import type { CallView } from '../../engine/adapter.ts';
import type { MatchContext, Taint } from '../../rule.ts';
import { countBefore, namedDescendants, type SyntaxNode } from '../../syntax.ts';
import { SyntaxNode as SpanNode } from '../../syntax.ts';
import { declaredParamType, fileImports, outermostFunction, enclosingFunction, BIND_INTO_ARG0, DECODE_INTO_ARG1, packageOf } from './adapter.ts';

export type Framework = 'http' | 'gin' | 'echo' | 'fiber' | 'fasthttp';

/** The web framework a declared parameter type belongs to. */
export function frameworkOfType(type: string | null): Framework | null {
  if (!type) return null;
  const t = type.trim().replace(/^\*/, '');
  if (t === 'http.Request') return 'http';
  if (t === 'gin.Context') return 'gin';
  if (t === 'echo.Context') return 'echo';
  if (t === 'fiber.Ctx') return 'fiber';
  if (t === 'fasthttp.RequestCtx') return 'fasthttp';
  return null;
}

/** Strips parentheses. */
export function unparen(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.type === 'parenthesized_expression' && n.namedChildren[0]) n = n.namedChildren[0] as SyntaxNode;
  return n;
}

/** The identifier an expression chain starts from: `c` in `c.Request.URL.Query().Get("x")`. */
export function rootIdentifier(node: SyntaxNode): SyntaxNode | null {
  let n: SyntaxNode | null = unparen(node);
  for (let i = 0; n && i < 64; i++) {
    switch (n.type) {
      case 'identifier':
        return n;
      case 'selector_expression':
      case 'index_expression':
      case 'slice_expression':
      case 'type_assertion_expression':
        n = n.child('operand');
        break;
      case 'call_expression':
        n = n.child('function');
        break;
      case 'unary_expression':
        n = n.child('operand');
        break;
      case 'parenthesized_expression':
        n = n.namedChildren[0] ?? null;
        break;
      default:
        return null;
    }
  }
  return null;
}

/** The framework of the request/context parameter an expression is rooted at (`c` of type `*gin.Context` → gin). */
export function frameworkOf(node: SyntaxNode | null): Framework | null {
  if (!node) return null;
  const root = rootIdentifier(node);
  return root ? frameworkOfType(declaredParamType(root)) : null;
}

/** The framework of a method call's receiver when it is the framework context itself (`c.Redirect(…)`, not `c.Writer.Write`). */
export function receiverFramework(call: CallView): Framework | null {
  const r = call.receiver ? unparen(call.receiver) : null;
  if (!r || r.type !== 'identifier') return null;
  return frameworkOfType(declaredParamType(r));
}

/** Whether an expression is an HTTP response writer: a `http.ResponseWriter` parameter, gin's `c.Writer`, echo's `c.Response()`. */
export function isResponseWriter(node: SyntaxNode | null): boolean {
  if (!node) return false;
  const n = unparen(node);
  if (n.type === 'identifier') {
    const t = declaredParamType(n);
    return t !== null && /(?:^|\.)ResponseWriter$/.test(t.trim());
  }
  if (n.type === 'selector_expression') {
    const field = n.child('field')?.text;
    const operand = n.child('operand');
    if (field === 'Writer' && operand) {
      const op = unparen(operand);
      if (op.type === 'identifier') return frameworkOfType(declaredParamType(op)) === 'gin';
      if (op.type === 'call_expression') return isResponseWriter(op); // c.Response().Writer
    }
    return false;
  }
  if (n.type === 'call_expression') {
    const fn = n.child('function');
    if (fn?.type === 'selector_expression' && fn.child('field')?.text === 'Response') return frameworkOf(fn) === 'echo';
  }
  return false;
}

const textCache = new WeakMap<SyntaxNode, string>();

/** Text of the outermost function around a node (a handler and its closures), or '' at top level. */
export function functionText(node: SyntaxNode): string {
  const fn = outermostFunction(node);
  if (!fn) return '';
  let t = textCache.get(fn);
  if (t === undefined) {
    t = fn.text;
    textCache.set(fn, t);
  }
  return t;
}

const HANDLER_PARAM = /ResponseWriter$|^\*?http\.Request$|^\*?gin\.Context$|^echo\.Context$|^\*?fiber\.Ctx$|^\*?fasthttp\.RequestCtx$/;

/**
 * Text of the handler around a node: the nearest enclosing function that takes a request, response
 * writer or framework context (closures registered in a routes function are handlers of their own).
 */
export function handlerText(node: SyntaxNode): string {
  for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
    const params = fn.child('parameters');
    if (params?.children.some((p) => p.type === 'parameter_declaration' && HANDLER_PARAM.test(p.child('type')?.text.trim() ?? ''))) return fn.text;
  }
  return functionText(node);
}

/** Text of the nearest function around a node. */
export function innerFunctionText(node: SyntaxNode): string {
  return enclosingFunction(node)?.text ?? '';
}

/** What follows a content-type header name or setter: `"text/html"` (anchored, run right after the literal). */
const QUOTED_VALUE = /^"\s*,\s*"([^"\n]*)"/;
const SETTER_VALUE = /^\(\s*"([^"\n]*)"/;
const MIME_VALUE = /^\s*,\s*(?:[A-Za-z_][A-Za-z0-9_]*\.)?(MIME[A-Za-z0-9_]*)/;

/** The response content type a handler sets explicitly: 'html', 'other', or null when it sets none. */
export function declaredContentType(fnText: string): 'html' | 'other' | null {
  let found: 'html' | 'other' | null = null;
  const lower = fnText.toLowerCase();
  const values: string[] = [];
  // `Header().Set("Content-Type", "…")` (any case), fiber/echo `.Type("…")` / `.ContentType("…")`, `HeaderContentType, MIMETextHTML`.
  for (const { index } of allAfter(lower, 'content-type', /^"\s*,\s*"/)) {
    const m = QUOTED_VALUE.exec(fnText.slice(index + 12, index + 12 + 256));
    if (m) values.push(m[1] as string);
  }
  for (const setter of ['.Type', '.ContentType']) for (const { match } of allAfter(fnText, setter, SETTER_VALUE)) values.push(match[1] as string);
  for (const { match } of allAfter(fnText, 'HeaderContentType', MIME_VALUE)) values.push(match[1] as string);
  for (const v of values) {
    if (v.toLowerCase().includes('html')) return 'html';
    found = 'other';
  }
  return found;
}

const HTML_MARKUP =
  /<(?:!doctype|html|head|body|title|div|span|p|a|b|i|em|strong|h[1-6]|ul|ol|li|table|tr|td|th|form|input|script|pre|code|img|br|hr|section|article|nav|footer|header|main|label|button|select|option|textarea|style|iframe|small|blockquote)[\s>/]/i;

/** Whether a function writes HTML markup somewhere (so its responses are sniffed as text/html). */
export function writesMarkup(fnText: string): boolean {
  return HTML_MARKUP.test(fnText);
}

/**
 * The constant text an expression certainly starts with: a literal, the left end of a `+` chain, the
 * format prefix of `fmt.Sprintf` before its first verb, through `[]byte(…)` / `string(…)`. Null when
 * the start is not constant.
 */
export function leadingLiteral(node: SyntaxNode, ctx: MatchContext, depth = 0): string | null {
  if (depth > 16) return null;
  const n = unparen(node);
  const whole = ctx.stringValue(n);
  if (whole !== null) return whole;
  if (n.type === 'binary_expression' && n.child('operator')?.text === '+') {
    const left = n.child('left');
    return left ? leadingLiteral(left, ctx, depth + 1) : null;
  }
  if (n.type === 'type_conversion_expression') {
    const operand = n.child('operand');
    return operand ? leadingLiteral(operand, ctx, depth + 1) : null;
  }
  if (n.type === 'call_expression') {
    const fn = n.child('function');
    const args = n.child('arguments')?.namedChildren ?? [];
    if (fn?.type === 'identifier' && fn.text === 'string' && args[0]) return leadingLiteral(args[0], ctx, depth + 1);
    if (fn?.type === 'selector_expression' && /^Sprintf$|^Errorf$/.test(fn.child('field')?.text ?? '') && args[0]) {
      const format = ctx.stringValue(args[0]);
      if (format === null) return null;
      const cut = format.indexOf('%');
      if (cut === 0) return null; // starts with a value
      return cut < 0 ? format : format.slice(0, cut);
    }
  }
  return null;
}

/**
 * The leftmost operand of a built string (`base + "/x/" + id` → base; `Sprintf("%s/x", base, …)` → base),
 * or null when the expression is not a concatenation or format.
 */
export function leftmostPart(node: SyntaxNode): SyntaxNode | null {
  let n = unparen(node);
  if (n.type === 'binary_expression' && n.child('operator')?.text === '+') {
    while (n.type === 'binary_expression' && n.child('operator')?.text === '+') {
      const left = n.child('left');
      if (!left) return null;
      n = unparen(left);
    }
    return n;
  }
  if (n.type === 'call_expression') {
    const fn = n.child('function');
    const args = n.child('arguments')?.namedChildren ?? [];
    if (fn?.type === 'selector_expression' && fn.child('field')?.text === 'Sprintf' && args[0] && args[1]) {
      const f = args[0];
      if ((f.type === 'interpreted_string_literal' || f.type === 'raw_string_literal') && /^"?%[sv]/.test(f.text.replace(/^`/, '"'))) return args[1];
    }
  }
  return null;
}

/** Whether a URL-ish string starts with a fixed scheme and host followed by a path, query or fragment delimiter. */
export function hasFixedHost(text: string): boolean {
  return /^(?:https?|wss?|ftp):\/\/[^/?#%{}\s@]+[/?#]/i.test(text);
}

/** Whether a redirect target starts with a local path (`/x`, not `//host` or `/\host`). */
export function isLocalPath(text: string): boolean {
  return /^\/(?![/\\])/.test(text);
}

/** Whether a URL argument's host is fixed: a literal `scheme://host/…` prefix, or a non-tainted base it is appended to. */
export function urlHostFixed(arg: SyntaxNode, ctx: MatchContext, taint: Taint, depth = 0): boolean {
  const n = unparen(arg);
  if (n.type === 'identifier' && depth === 0) {
    // target := base + "/users/" + id; http.Get(target): judge the expression it was built from.
    for (let i = taint.steps.length - 1; i >= 0; i--) {
      const stmt = (taint.steps[i] as { node: SyntaxNode }).node;
      if (stmt.type !== 'short_var_declaration' && stmt.type !== 'assignment_statement' && stmt.type !== 'var_spec') continue;
      const left = stmt.child('left') ?? stmt.child('name');
      const names = left?.type === 'expression_list' ? left.namedChildren : left ? [left] : [];
      const right = stmt.child('right') ?? stmt.child('value');
      const values = right?.type === 'expression_list' ? right.namedChildren : right ? [right] : [];
      const at = names.findIndex((x) => x.text === n.text);
      if (at >= 0 && values.length === names.length) return urlHostFixed(values[at] as SyntaxNode, ctx, taint, depth + 1);
      if (at >= 0) break;
    }
  }
  const lead = leadingLiteral(arg, ctx);
  if (lead !== null) return hasFixedHost(lead) || isLocalPath(lead);
  const left = leftmostPart(arg);
  if (left) {
    const lit = ctx.stringValue(left);
    if (lit !== null) return hasFixedHost(lit);
    // A configured base URL (a constant, a field, the environment) with untrusted data appended after it.
    const t = ctx.taint(left);
    return t === null || t.strength === 'local';
  }
  if (taint.built && taint.text) return hasFixedHost(taint.text);
  return false;
}

/** Whether a call decodes request or file data into an argument (`json.Unmarshal`, `c.ShouldBindJSON`, `dec.Decode`). */
export function isDecodeCall(call: SyntaxNode | null): boolean {
  if (!call || call.type !== 'call_expression') return false;
  const fn = call.child('function');
  if (!fn || fn.type !== 'selector_expression') return false;
  const operand = fn.child('operand');
  const name = fn.child('field')?.text ?? '';
  if (!operand) return false;
  const pkg = packageOf(operand);
  if (pkg) return DECODE_INTO_ARG1[pkg]?.has(name) ?? false;
  return BIND_INTO_ARG0.has(name);
}

/** Whether a taint went through a decoding call into an out-argument (the whole value is attacker-shaped JSON). */
export function decodedTaint(taint: Taint): boolean {
  return taint.steps.some((s) => s.node.parent?.type === 'argument_list' && isDecodeCall(s.node.parent.parent));
}

/** Whether the file imports a package path. */
export function importsPath(node: SyntaxNode, path: string): boolean {
  return fileImports(node).paths.has(path);
}

/** Local names under which a canonical package is imported in the file of `node`. */
export function localNames(node: SyntaxNode, canonical: string): string[] {
  const out: string[] = [];
  for (const [local, c] of fileImports(node).aliases) if (c === canonical) out.push(local);
  return out;
}

/** The statement around a node (its innermost enclosing simple statement or declaration). */
export function enclosingStatement(node: SyntaxNode): SyntaxNode | null {
  for (let p = node.parent; p; p = p.parent) {
    if (
      p.type === 'short_var_declaration' ||
      p.type === 'assignment_statement' ||
      p.type === 'expression_statement' ||
      p.type === 'return_statement' ||
      p.type === 'var_spec' ||
      p.type === 'const_spec' ||
      p.type === 'keyed_element' ||
      p.type === 'if_statement' ||
      p.type === 'go_statement' ||
      p.type === 'defer_statement'
    ) {
      return p;
    }
    if (p.type === 'block' || p.type === 'source_file') return null;
  }
  return null;
}

/** Identifiers (names) in a text, in order. */
export function identifiersIn(text: string): string[] {
  return text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
}

/** Position-indexed argument node of a call. */
export function argAt(call: CallView, index: number): SyntaxNode | null {
  return call.args.find((a) => a.index === index)?.node ?? null;
}

/** Whether a taint is only configuration from the process environment (`os.Getenv`): the operator's choice, not an attacker's. */
export function fromEnvironment(taint: Taint): boolean {
  return taint.strength === 'local' && /^(?:os\.(?:Getenv|LookupEnv|Environ)|syscall\.Getenv)\(/.test(taint.label);
}

// ---- locals: what a name was last given, and where it is used next -------------------------

const BINDING_TYPES = new Set(['short_var_declaration', 'assignment_statement', 'var_spec']);

/** Named descendants of a node in document order (bounded). */
export function* walk(node: SyntaxNode, budget = 100000): Generator<SyntaxNode> {
  const stack: SyntaxNode[] = [node];
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    yield n;
    for (let i = n.children.length - 1; i >= 0; i--) {
      const c = n.children[i] as SyntaxNode;
      if (c.named && c.type !== 'comment') stack.push(c);
    }
  }
}

/** The names and values of a binding statement (`a, b := x, y`, `a = x`, `var a = x`). */
export function bindingPairs(stmt: SyntaxNode): { names: readonly SyntaxNode[]; values: readonly SyntaxNode[] } {
  const left = stmt.type === 'var_spec' ? null : stmt.child('left');
  const names = stmt.type === 'var_spec' ? stmt.fieldChildren('name') : left?.type === 'expression_list' ? left.namedChildren : left ? [left] : [];
  const right = stmt.type === 'var_spec' ? stmt.child('value') : stmt.child('right');
  const values = right?.type === 'expression_list' ? right.namedChildren : right ? [right] : [];
  return { names, values };
}

/**
 * The value a local name was last given before a use, in the same function (`req := …`, `req = …`,
 * `var req = …`; for `v, ok := f(…)` the call); null when unknown (a parameter, a closure's capture).
 */
export function lastValue(use: SyntaxNode): SyntaxNode | null {
  if (use.type !== 'identifier') return null;
  const fn = enclosingFunction(use);
  if (!fn) return null;
  let found: SyntaxNode | null = null;
  let foundAt = -1;
  // The last binding of each kind before the use, searched backwards; the latest of the kinds wins.
  for (const type of BINDING_TYPES) {
    const list = namedDescendants(fn, type);
    for (let k = countBefore(list, use.start) - 1; k >= 0; k--) {
      const n = list[k] as SyntaxNode;
      if (n.start <= foundAt) break;
      if (n.type === 'assignment_statement' && n.child('operator')?.text !== '=') continue;
      const { names, values } = bindingPairs(n);
      const at = names.findIndex((x) => x.text === use.text);
      if (at < 0) continue;
      // `full, ok := within(base, rel)`: the results of one call.
      found = values.length === names.length ? (values[at] ?? null) : values.length === 1 && values[0]?.type === 'call_expression' ? values[0] : null;
      foundAt = n.start;
      break;
    }
  }
  return found;
}

/** The statement binding a value to a single local (`x := <v>`, `x = <v>`, `var x = <v>`): the local's name node, or null. */
export function boundName(value: SyntaxNode): SyntaxNode | null {
  let v = value;
  while (v.parent && (v.parent.type === 'parenthesized_expression' || (v.parent.type === 'unary_expression' && v.parent.child('operator')?.text === '&'))) v = v.parent;
  const list = v.parent?.type === 'expression_list' ? v.parent : null;
  const stmt = list ? list.parent : v.parent;
  if (!stmt || !BINDING_TYPES.has(stmt.type)) return null;
  const { names, values } = bindingPairs(stmt);
  const at = values.indexOf(v);
  if (at < 0 || values.length !== names.length) return null;
  const name = names[at];
  return name?.type === 'identifier' && name.text !== '_' ? name : null;
}

/** Calls after `after` in the function of `after` whose method is one of `methods` and whose argument `index` is the local `name`. */
export function laterCalls(after: SyntaxNode, name: string, methods: ReadonlySet<string>, index: number): SyntaxNode[] {
  const fn = enclosingFunction(after);
  if (!fn) return [];
  const out: SyntaxNode[] = [];
  const calls = namedDescendants(fn, 'call_expression');
  for (let k = countBefore(calls, after.end); k < calls.length; k++) {
    const n = calls[k] as SyntaxNode;
    const f = n.child('function');
    const method = f?.type === 'selector_expression' ? f.child('field')?.text : f?.type === 'identifier' ? f.text : undefined;
    if (!method || !methods.has(method)) continue;
    const arg = n.child('arguments')?.namedChildren[index];
    if (arg && unparen(arg).type === 'identifier' && unparen(arg).text === name) out.push(n);
  }
  return out;
}

/**
 * A node covering two nodes and everything between them, for reporting one finding over the lines
 * of one construct (`c := &http.Cookie{…}` … `http.SetCookie(w, c)`), so a reader who marks any of
 * those lines finds it. It is not part of the tree.
 */
export function span(first: SyntaxNode, last: SyntaxNode): SyntaxNode {
  if (first === last || last.end <= first.start) return first;
  return new SpanNode('go_span', true, null, Math.min(first.start, last.start), Math.max(first.end, last.end), first.parent, first.source);
}

function identChar(c: string | undefined): boolean {
  return c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_');
}

/**
 * The first place `literal` occurs in `text` (at a word start when `word`, followed by one of the
 * characters `next` when given) and is followed by what the anchored pattern `after` matches: its
 * offset and the match, or null. A linear scan —
 * `indexOf` for the literal, then `after` (which must begin with `^`) on a bounded window — so no
 * pattern ever runs unanchored over a long text.
 */
export function findAfter(
  text: string,
  literal: string,
  after: RegExp | null = null,
  word = false,
  window = 256,
  next?: string,
): { index: number; match: RegExpExecArray | null } | null {
  for (let i = text.indexOf(literal); i >= 0; i = text.indexOf(literal, i + 1)) {
    if (word && identChar(text[i - 1])) continue;
    // A cheap look at the next character first (`next` lists those `after` can start with).
    if (next !== undefined && !next.includes(text[i + literal.length] ?? '\u0000')) continue;
    if (!after) return { index: i, match: null };
    const m = after.exec(text.slice(i + literal.length, i + literal.length + window));
    if (m) return { index: i, match: m };
  }
  return null;
}

/** Every place `literal` is followed by what the anchored `after` matches (see `findAfter`). */
export function* allAfter(text: string, literal: string, after: RegExp, window = 256): Generator<{ index: number; match: RegExpExecArray }> {
  for (let i = text.indexOf(literal); i >= 0; i = text.indexOf(literal, i + 1)) {
    const m = after.exec(text.slice(i + literal.length, i + literal.length + window));
    if (m) yield { index: i, match: m };
  }
}
