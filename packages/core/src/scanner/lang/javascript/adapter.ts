import type { GrammarName, LanguageId } from '../../languages.ts';
import { countBefore, namedDescendants, type SyntaxNode } from '../../syntax.ts';
import type { Arg, CallView, FunctionView, LanguageAdapter, ParamView, View } from '../../engine/adapter.ts';
import { stripQuotes } from '../common.ts';

const FUNCTION_TYPES = new Set([
  'function_declaration',
  'function_expression',
  'function',
  'arrow_function',
  'generator_function',
  'generator_function_declaration',
  'method_definition',
]);
const STRING_TYPES = new Set(['string', 'template_string']);
const COMMENT_TYPES = new Set(['comment', 'html_comment']);
const CLASS_TYPES = new Set(['class_declaration', 'class', 'abstract_class_declaration']);
const COMPARISON = new Set(['==', '===', '!=', '!==']);
const CLEAN_BINARY = new Set(['<', '>', '<=', '>=', '-', '*', '/', '%', '**', '&', '|', '^', '<<', '>>', '>>>', 'instanceof', 'in']);
const SKIP_TYPES = new Set([
  'import_statement',
  'interface_declaration',
  'type_alias_declaration',
  'enum_declaration',
  'ambient_declaration',
  'abstract_method_signature',
  'method_signature',
  'function_signature',
  'type_annotation',
  'comment',
  'html_comment',
  'regex',
  'debugger_statement',
  'empty_statement',
]);
const PASS_TYPES = new Set([
  'parenthesized_expression',
  'await_expression',
  'non_null_expression',
  'as_expression',
  'satisfies_expression',
  'type_assertion',
  'spread_element',
  'yield_expression',
  'jsx_expression',
]);

/** A closing JSX tag or a self-closing one in TypeScript source: parse it with the tsx grammar. */
function looksLikeJsx(code: string): boolean {
  // A closing tag `</Name>`: found by scanning from each `</` (no regex backtracking over the file).
  for (let i = code.indexOf('</'), n = 0; i >= 0 && n < 10000; i = code.indexOf('</', i + 2), n++) {
    let j = i + 2;
    if (!/[A-Za-z]/.test(code[j] ?? '')) continue;
    while (j < code.length && j - i < 80 && /[\w.-]/.test(code[j] as string)) j++;
    if (code[j] === '>') return true;
  }
  return /[\s"'}]\/>/.test(code);
}

function stringContent(node: SyntaxNode): string {
  return stripQuotes(node.text);
}

function args(list: SyntaxNode | null): Arg[] {
  if (!list) return [];
  if (list.type === 'template_string') return [{ node: list, name: null, index: 0 }];
  const out: Arg[] = [];
  let index = 0;
  for (const c of list.children) {
    if (!c.named || c.type === 'comment') continue;
    out.push({ node: c, name: null, index: index++ });
  }
  return out;
}

function calleeParts(fn: SyntaxNode | null): { receiver: SyntaxNode | null; name: string } {
  if (!fn) return { receiver: null, name: '?' };
  if (fn.type === 'member_expression') {
    const prop = fn.child('property');
    return { receiver: fn.child('object'), name: prop ? prop.text : '?' };
  }
  if (fn.type === 'identifier' || fn.type === 'this' || fn.type === 'super' || fn.type === 'import') return { receiver: null, name: fn.text };
  if (fn.type === 'subscript_expression') {
    const index = fn.child('index');
    return { receiver: fn.child('object'), name: index && index.type === 'string' ? stringContent(index) : '[]' };
  }
  return { receiver: null, name: '?' };
}

function paramsOf(fnNode: SyntaxNode): ParamView[] {
  const single = fnNode.child('parameter');
  if (single) return [{ name: single.text, node: single, type: null, annotations: [], index: 0 }];
  const list = fnNode.child('parameters');
  if (!list) return [];
  const out: ParamView[] = [];
  let index = 0;
  for (const p of list.children) {
    if (!p.named || p.type === 'comment') continue;
    let pattern = p;
    let type: string | null = null;
    const annotations: string[] = [];
    if (p.type === 'required_parameter' || p.type === 'optional_parameter') {
      pattern = p.child('pattern') ?? p;
      const t = p.child('type');
      type = t ? t.text.replace(/^:\s*/, '') : null;
      for (const d of p.children) if (d.type === 'decorator') annotations.push(d.text);
    }
    if (pattern.type === 'assignment_pattern') pattern = pattern.child('left') ?? pattern;
    if (pattern.type === 'rest_pattern') pattern = pattern.namedChildren[0] ?? pattern;
    if (pattern.type === 'object_pattern') {
      for (const [name, field] of fieldBindings(pattern, [])) out.push({ name: name.text, node: name, type, annotations, index, ...(field ? { field } : {}) });
    } else for (const name of bindingNames(pattern)) out.push({ name: name.text, node: name, type, annotations, index });
    index++;
  }
  return out;
}

/**
 * The names an object pattern binds, each with the properties it was read from: `{ query, body: { name: n } }`
 * binds `query` from `['query']` and `n` from `['body', 'name']`. A name under an array pattern, a
 * computed key or a rest element has no single field (null).
 */
function fieldBindings(pattern: SyntaxNode, path: readonly string[], depth = 0): [SyntaxNode, readonly string[] | null][] {
  const out: [SyntaxNode, readonly string[] | null][] = [];
  for (const c of pattern.namedChildren) {
    if (c.type === 'shorthand_property_identifier_pattern') out.push([c, [...path, c.text]]);
    else if (c.type === 'object_assignment_pattern') {
      const left = c.child('left');
      if (left?.type === 'shorthand_property_identifier_pattern') out.push([left, [...path, left.text]]);
      else if (left) for (const n of bindingNames(left)) out.push([n, null]);
    } else if (c.type === 'pair_pattern') {
      const key = c.child('key');
      let value = c.child('value');
      if (value?.type === 'assignment_pattern') value = value.child('left');
      const name = key?.type === 'property_identifier' ? key.text : key?.type === 'string' ? stringContent(key) : null;
      if (!value) continue;
      if (name !== null && value.type === 'identifier') out.push([value, [...path, name]]);
      else if (name !== null && value.type === 'object_pattern' && depth < 8) out.push(...fieldBindings(value, [...path, name], depth + 1));
      else for (const n of bindingNames(value)) out.push([n, null]);
    } else for (const n of bindingNames(c)) out.push([n, null]);
  }
  return out;
}

/** Identifiers bound by a pattern: `x`, `{ a, b: c }`, `[d, ...e]`, `f = default`. */
function bindingNames(target: SyntaxNode): SyntaxNode[] {
  switch (target.type) {
    case 'identifier':
    case 'shorthand_property_identifier_pattern':
      return [target];
    case 'object_pattern':
    case 'array_pattern': {
      const out: SyntaxNode[] = [];
      for (const c of target.children) if (c.named) out.push(...bindingNames(c));
      return out;
    }
    case 'pair_pattern': {
      const v = target.child('value');
      return v ? bindingNames(v) : [];
    }
    case 'assignment_pattern':
    case 'object_assignment_pattern': {
      const l = target.child('left');
      return l ? bindingNames(l) : [];
    }
    case 'rest_pattern': {
      const inner = target.namedChildren[0];
      return inner ? bindingNames(inner) : [];
    }
    default:
      return [];
  }
}

function decoratorsOf(node: SyntaxNode): string[] {
  const out: string[] = [];
  for (const c of node.children) if (c.type === 'decorator') out.push(c.text);
  // Decorators of a method can also precede it as siblings in a class body.
  const parent = node.parent;
  if (parent && parent.type === 'class_body') {
    for (let i = node.index - 1; i >= 0; i--) {
      const s = parent.children[i] as SyntaxNode;
      if (s.type !== 'decorator') break;
      out.push(s.text);
    }
  }
  return out;
}

function functionView(node: SyntaxNode): FunctionView {
  let name: string | null = node.child('name')?.text ?? null;
  if (!name && node.parent?.type === 'variable_declarator') name = node.parent.child('name')?.text ?? null;
  if (!name && node.parent?.type === 'pair') name = node.parent.child('key')?.text ?? null;
  if (!name && node.parent?.type === 'assignment_expression') {
    // `exports.handler = async (event) => …`, `module.exports.run = function (…) {…}`.
    const left = node.parent.child('left');
    name = left?.type === 'member_expression' ? (left.child('property')?.text ?? null) : left?.type === 'identifier' ? left.text : null;
  }
  const cls = node.ancestor(CLASS_TYPES);
  const bases: string[] = [];
  if (cls) for (const c of cls.children) if (c.type === 'class_heritage') bases.push(c.text.replace(/^extends\s{1,8}/, ''));
  return {
    node,
    name,
    params: paramsOf(node),
    body: node.child('body'),
    decorators: decoratorsOf(node),
    className: cls?.child('name')?.text ?? null,
    classBases: bases,
    passedTo: null,
  };
}

/** Import aliases per file (root node), so that call views can be named after what they call. */
const aliasesByRoot = new WeakMap<SyntaxNode, Map<string, string>>();

/**
 * The name a call is dispatched by: the imported API's own name for an alias
 * (`execAsync = util.promisify(exec)` → `exec`, `import { exec as run }` → `exec`).
 */
function dispatchName(fnNode: SyntaxNode | null, name: string): string {
  if (!fnNode || fnNode.type !== 'identifier') return name;
  let root: SyntaxNode = fnNode;
  while (root.parent) root = root.parent;
  const alias = aliasesByRoot.get(root)?.get(name);
  if (!alias) return name;
  const last = alias.slice(alias.lastIndexOf('.') + 1);
  return last === '' ? name : last;
}

function importAliases(root: SyntaxNode): Map<string, string> {
  const aliases = new Map<string, string>();
  aliasesByRoot.set(root, aliases);
  const moduleName = (s: SyntaxNode | null): string | null => (s ? stringContent(s).replace(/^node:/, '') : null);
  const requireOf = (value: SyntaxNode | null): string | null => {
    // require('x') or require('x').y
    if (!value) return null;
    if (value.type === 'call_expression' && value.child('function')?.text === 'require') {
      const a = value.child('arguments')?.namedChildren[0];
      return a && a.type === 'string' ? moduleName(a) : null;
    }
    if (value.type === 'member_expression') {
      const base = requireOf(value.child('object'));
      const prop = value.child('property')?.text;
      return base && prop ? `${base}.${prop}` : null;
    }
    if (value.type === 'await_expression') {
      const inner = value.namedChildren[0];
      if (inner?.type === 'call_expression' && inner.child('function')?.type === 'import') {
        const a = inner.child('arguments')?.namedChildren[0];
        return a && a.type === 'string' ? moduleName(a) : null;
      }
    }
    return null;
  };
  const stack: SyntaxNode[] = [root];
  let budget = 20000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'import_statement') {
      const mod = moduleName(n.child('source'));
      const clause = n.childOfType('import_clause');
      if (mod && clause) {
        for (const c of clause.children) {
          if (c.type === 'identifier') aliases.set(c.text, mod);
          else if (c.type === 'namespace_import') {
            const id = c.namedChildren[0];
            if (id) aliases.set(id.text, mod);
          } else if (c.type === 'named_imports') {
            for (const spec of c.children) {
              if (spec.type !== 'import_specifier') continue;
              const nm = spec.child('name')?.text;
              const alias = spec.child('alias')?.text ?? nm;
              if (nm && alias) aliases.set(alias, `${mod}.${nm}`);
            }
          }
        }
      }
      continue;
    }
    if (n.type === 'variable_declarator') {
      const value = n.child('value');
      let mod = requireOf(value);
      // `const execAsync = util.promisify(exec)`: the promisified function is the same API.
      if (!mod && value?.type === 'call_expression' && /^(?:util\.)?promisify$/.test(value.child('function')?.text ?? '')) {
        const a = value.child('arguments')?.namedChildren[0] ?? null;
        mod = a?.type === 'identifier' ? (aliases.get(a.text) ?? null) : requireOf(a);
      }
      const target = n.child('name');
      if (mod && target) {
        if (target.type === 'identifier') aliases.set(target.text, mod);
        else if (target.type === 'object_pattern') {
          for (const c of target.children) {
            if (c.type === 'shorthand_property_identifier_pattern') aliases.set(c.text, `${mod}.${c.text}`);
            else if (c.type === 'pair_pattern') {
              const key = c.child('key')?.text;
              const v = c.child('value');
              if (key && v?.type === 'identifier') aliases.set(v.text, `${mod}.${key}`);
            }
          }
        }
      }
    }
    for (let i = n.children.length - 1; i >= 0; i--) {
      const c = n.children[i] as SyntaxNode;
      if (c.named) stack.push(c);
    }
  }
  return aliases;
}

/** Roots of request-like sources whose fields are validated one by one (`req.query.sort === 'asc'`). */
const SOURCE_ROOTS = new Set(['req', 'request', 'ctx', 'context', 'event', 'location', 'window', 'document', 'self', 'top', 'process', 'params', 'query', 'body']);

/** `obj.field` on a local object (not a request source): comparing it checks that field only. */
function discriminator(node: SyntaxNode): boolean {
  const n = unparen(node);
  if (n.type !== 'member_expression') return false;
  let root: SyntaxNode = n;
  while (root.type === 'member_expression' || root.type === 'subscript_expression') root = root.child('object') ?? root;
  return root.type === 'identifier' && !SOURCE_ROOTS.has(root.text);
}

/** `x.charAt(n)`, `x.slice(0, n)`, `x.substring(0, n)`, `x.substr(0, n)`, `x.at(0)`: the value x whose start is compared. */
function prefixOf(node: SyntaxNode): SyntaxNode | null {
  const n = unparen(node);
  if (n.type !== 'call_expression') return null;
  const fn = n.child('function');
  if (fn?.type !== 'member_expression') return null;
  const method = fn.child('property')?.text ?? '';
  const argsText = (n.child('arguments')?.namedChildren ?? []).map((a) => a.text);
  const object = fn.child('object');
  if (!object) return null;
  if ((method === 'charAt' || method === 'at') && argsText.length === 1 && /^\d$/.test(argsText[0] as string)) return object;
  if (/^(?:slice|substring|substr)$/.test(method) && argsText[0] === '0' && argsText.length === 2) return object;
  return null;
}

function unparen(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.type === 'parenthesized_expression' && n.namedChildren[0]) n = n.namedChildren[0] as SyntaxNode;
  return n;
}

/**
 * `const isLocal = p.startsWith('/') && !p.startsWith('//'); … if (isLocal) …` / `isLocal ? p : '/'`:
 * a condition that is a constant boolean bound to a check is that check, for guards.
 */
function namedCondition(condition: SyntaxNode): SyntaxNode {
  const c = unparen(condition);
  let name: SyntaxNode | null = null;
  let negated = false;
  if (c.type === 'identifier') name = c;
  else if (c.type === 'unary_expression' && c.child('operator')?.text === '!' && c.child('argument')?.type === 'identifier') {
    name = c.child('argument');
    negated = true;
  }
  if (!name || negated) return condition;
  const decl = constBinding(name);
  if (!decl) return condition;
  const value = unparen(decl);
  return /^(?:binary_expression|call_expression|unary_expression)$/.test(value.type) ? value : condition;
}

/** The initializer of the `const` an identifier names, searched in the enclosing function (syntactically). */
function constBinding(id: SyntaxNode): SyntaxNode | null {
  for (let scope: SyntaxNode | null = id.parent; scope; scope = scope.parent) {
    if (!FUNCTION_TYPES.has(scope.type) && scope.type !== 'program') continue;
    // The scope's declarators before the name, nearest first (the scope is indexed once).
    const declarators = namedDescendants(scope, 'variable_declarator');
    for (let k = countBefore(declarators, id.start + 1) - 1; k >= 0; k--) {
      const n = declarators[k] as SyntaxNode;
      if (n.child('name')?.text !== id.text || n.parent?.type !== 'lexical_declaration' || n.parent.child('kind')?.text !== 'const') continue;
      if (visibleFrom(n, scope, id)) return n.child('value');
    }
    if (scope.type === 'program') break;
  }
  return null;
}

/** Whether a declaration inside `scope` is visible at `id`: no function between them closes it off. */
function visibleFrom(declaration: SyntaxNode, scope: SyntaxNode, id: SyntaxNode): boolean {
  for (let p = declaration.parent; p && p !== scope; p = p.parent) if (FUNCTION_TYPES.has(p.type) && !p.contains(id)) return false;
  return true;
}

/** `xs.map(cb)` / `xs.flatMap(cb)` where cb never reads the element it is given. */
function constantMap(fn: SyntaxNode, list: SyntaxNode | null): boolean {
  if (fn.type !== 'member_expression' || !/^(?:map|flatMap)$/.test(fn.child('property')?.text ?? '')) return false;
  const cb = list?.namedChildren[0];
  if (!cb || list?.namedChildren.length !== 1 || (cb.type !== 'arrow_function' && cb.type !== 'function_expression')) return false;
  const body = cb.child('body');
  if (!body) return false;
  const single = cb.child('parameter');
  const first = single ?? cb.child('parameters')?.namedChildren[0] ?? null;
  if (!first) return true;
  const names = bindingNames(first.type === 'required_parameter' ? (first.child('pattern') ?? first) : first).map((n) => n.text);
  if (names.length === 0) return false;
  const text = body.text;
  return names.every((n) => !new RegExp(`(?:^|[^\\w$.])${n.replace(/\$/g, '\\$')}(?![\\w$])`).test(text));
}

/** Conversions to a number or boolean (`ids.map(Number)`). */
const NUMERIC = /^(?:Number|parseInt|parseFloat|BigInt|Boolean|Math\.\w+|Number\.\w+)$/;

/** The one parameter name of a callback (`(x) => …`, `function (x) { … }`), or null. */
function callbackParam(cb: SyntaxNode): string | null {
  const single = cb.child('parameter');
  const first = single ?? cb.child('parameters')?.namedChildren[0] ?? null;
  const id = first?.type === 'required_parameter' ? first.child('pattern') : first;
  return id?.type === 'identifier' ? id.text : null;
}

/** The expression a callback returns: its expression body or a block's single `return x`. */
function callbackResult(cb: SyntaxNode): SyntaxNode | null {
  const body = cb.child('body');
  if (!body) return null;
  if (body.type !== 'statement_block') return unparen(body);
  const stmts = body.namedChildren.filter((c) => c.type !== 'comment');
  const only = stmts.length === 1 ? stmts[0] : undefined;
  return only?.type === 'return_statement' && only.namedChildren[0] ? unparen(only.namedChildren[0]) : null;
}

/**
 * `ids.map(Number)`, `parts.map((p) => parseInt(p, 10))`: every element becomes a number; and
 * `keys.filter((k) => ALLOWED_FIELDS.has(k))`: only the allow-list's own names are left. The result
 * carries none of the input's text.
 */
function cleaningIteration(fn: SyntaxNode, list: SyntaxNode | null): boolean {
  if (fn.type !== 'member_expression') return false;
  const method = fn.child('property')?.text ?? '';
  const cb = list?.namedChildren[0];
  if (!cb || list?.namedChildren.length !== 1) return false;
  if (method === 'map') {
    if (NUMERIC.test(cb.text)) return true;
    if (cb.type !== 'arrow_function' && cb.type !== 'function_expression') return false;
    const param = callbackParam(cb);
    const result = callbackResult(cb);
    if (!param || !result) return false;
    if (result.type === 'unary_expression' && result.child('operator')?.text === '+' && unparen(result.namedChildren[0] as SyntaxNode).text === param) return true;
    if (result.type !== 'call_expression' || !NUMERIC.test(result.child('function')?.text ?? '')) return false;
    return unparen(result.child('arguments')?.namedChildren[0] ?? result).text === param;
  }
  if (method === 'filter') {
    if (cb.type !== 'arrow_function' && cb.type !== 'function_expression') return false;
    const param = callbackParam(cb);
    const result = callbackResult(cb);
    if (!param || !result || result.type !== 'call_expression') return false;
    const callee = result.child('function');
    const arg = result.child('arguments')?.namedChildren;
    if (callee?.type !== 'member_expression' || !/^(?:has|includes)$/.test(callee.child('property')?.text ?? '') || arg?.length !== 1) return false;
    if (unparen(arg[0] as SyntaxNode).text !== param) return false;
    const table = unparen(callee.child('object') as SyntaxNode);
    const name = table.type === 'identifier' ? table.text : table.type === 'member_expression' ? (table.child('property')?.text ?? '') : '';
    return /^[A-Z][A-Z0-9_]{1,60}$/.test(name) || /allow|whitelist|permitted|known|supported|sortable|filterable|editable|updatable/i.test(name);
  }
  return false;
}

/** The module of `require('x')` with a literal argument (without a `node:` prefix), or null. */
export function requiredModule(node: SyntaxNode): string | null {
  if (node.type !== 'call_expression' || node.child('function')?.text !== 'require') return null;
  const list = node.child('arguments');
  const named = list?.namedChildren ?? [];
  const only = named[0];
  if (named.length !== 1 || !only || only.type !== 'string') return null;
  const mod = stringContent(only).replace(/^node:/, '');
  return /^[@\w./-]+$/.test(mod) ? mod : null;
}

/** Functions declared in a file, by name (names declared more than once are left out). */
const functionsByRoot = new WeakMap<SyntaxNode, Map<string, SyntaxNode | null>>();

function localFunction(fnNode: SyntaxNode): SyntaxNode | null {
  let root: SyntaxNode = fnNode;
  while (root.parent) root = root.parent;
  let index = functionsByRoot.get(root);
  if (!index) {
    index = new Map();
    const stack: SyntaxNode[] = [root];
    let budget = 50000;
    while (stack.length > 0 && budget-- > 0) {
      const n = stack.pop() as SyntaxNode;
      if (FUNCTION_TYPES.has(n.type)) {
        const name = functionView(n).name;
        if (name) index.set(name, index.has(name) ? null : n);
      }
      for (const c of n.children) if (c.named) stack.push(c);
    }
    functionsByRoot.set(root, index);
  }
  const name = fnNode.type === 'identifier' ? fnNode.text : null;
  return name ? (index.get(name) ?? null) : null;
}

/** Sanitizer names the profile knows for checks done by a same-file helper (see `helperCheck`). */
export const HELPER_SANITIZERS = { html: '__sanitized_html__', path: '__checked_path__', url: '__checked_url__', ldap: '__escaped_ldap__', plain: '__plain_checked__' } as const;

// redos-ok: run on helper bodies, which helperCheck caps at 4,000 characters
const HTML_SANITIZING = /\b(?:sanitize\w*|DOMPurify|purify|escape\w*|xss|filterXSS|encodeHTML|he\.encode)\s{0,8}\(|\.sanitize\s{0,8}\(|&lt;|&amp;|&#x?\d/;
// redos-ok: run on helper bodies, which helperCheck caps at 4,000 characters
const PATH_CHECK = /\.startsWith\s{0,8}\(|\.relative\s{0,8}\(|(?:includes|indexOf)\s{0,8}\(\s{0,8}['"`]\.\.['"`]|path\.basename\s{0,8}\(|\bbasename\s{0,8}\(/;
// redos-ok: run on helper bodies, which helperCheck caps at 4,000 characters
const URL_CHECK =
  /\.startsWith\s{0,8}\(\s{0,8}['"`]\/|\.(?:origin|hostname|host)\b\s{0,8}(?:===|!==|==|!=)|(?:===|!==|==|!=)\s{0,8}[\w.]*\.(?:origin|hostname|host)\b|(?:includes|has|find|some|indexOf)\s{0,8}\([^)]*\b(?:hostname|host|origin|candidate|url|target|path)\b|charAt\s{0,8}\(\s{0,8}0\s{0,8}\)\s{0,8}(?:===|!==)\s{0,8}['"]\/|\/\^\\\/(?:\(\?!|\[\^)|\b(?:ALLOWED|[Aa]llowed|WHITELIST|[Ww]hitelist|[Aa]llowlist|ALLOWLIST|TRUSTED|[Tt]rusted|SAFE)_?\w*\b\s{0,8}(?:\.|\[)/;

/** Calls that make a helper more than a check: file access, responses, processes, queries. */
const SINKISH = [
  'fs.',
  'readFile',
  'writeFile',
  'createReadStream',
  'createWriteStream',
  'unlink',
  '.send(',
  '.redirect(',
  '.write(',
  '.end(',
  'exec(',
  'spawn(',
  '.query(',
  'innerHTML',
  'fetch(',
  'axios',
];

/** A returned expression that is a sanitizer's result or an entity-escaping `.replace()` chain. */
// redos-ok: anchored at the start; run on return expressions of helper bodies capped at 4,000 characters
const SANITIZED_RESULT =
  /^(?:await\s{1,8})?(?:[\w$]+\.)*(?:sanitize\w*|escape\w*|purify|xss|filterXSS|encodeHTML|encodeHtml|encode)\s{0,8}\(|^(?:String\([^)]*\)|[\w$.]+)(?:\s{0,8}\.\s{0,8}replace(?:All)?\s{0,8}\([^;]*?&(?:lt|amp|quot|#x?\d+);)/;

/** A returned `.replace()` chain on the value (`String(v).replace(/[*()\\]/g, …)`). */
// redos-ok: anchored at the start; run on return expressions of helper bodies capped at 4,000 characters
const REPLACED_RESULT = /^(?:String\([^)]*\)|[\w$.]+)\s{0,8}\.\s{0,8}replace(?:All)?\s{0,8}\(/;

/**
 * Whether a helper escapes the LDAP filter metacharacters: a `.replace()` whose character class
 * holds `*`, `(` and `)`, or the RFC 4515 hex escapes `\2a`, `\28`, `\29`.
 */
function escapesLdap(text: string): boolean {
  if (!text.includes('.replace')) return false;
  if (/\\\\2[aA]/.test(text) && /\\\\28/.test(text)) return true;
  for (let i = text.indexOf('/['), n = 0; i >= 0 && n < 20; i = text.indexOf('/[', i + 2), n++) {
    const end = text.indexOf(']', i + 2);
    if (end < 0 || end - i > 60) continue;
    const cls = text.slice(i + 2, end);
    if (cls.includes('*') && cls.includes('(') && cls.includes(')')) return true;
  }
  return false;
}

/** Module-level `const NAME = /regex/flags` declarations of the file a node is in, by name. */
const regexesByRoot = new WeakMap<SyntaxNode, Map<string, SyntaxNode>>();

function regexConstants(node: SyntaxNode): Map<string, SyntaxNode> {
  let root: SyntaxNode = node;
  while (root.parent) root = root.parent;
  let out = regexesByRoot.get(root);
  if (out) return out;
  out = new Map();
  for (const stmt of root.namedChildren) {
    const decl = stmt.type === 'export_statement' ? stmt.namedChildren.find((c) => c.type === 'lexical_declaration') : stmt;
    if (!decl || decl.type !== 'lexical_declaration' || !decl.children.some((c) => c.text === 'const')) continue;
    for (const d of decl.namedChildren) {
      const name = d.child('name');
      const value = d.child('value');
      if (d.type === 'variable_declarator' && name?.type === 'identifier' && value?.type === 'regex') out.set(name.text, value);
    }
  }
  regexesByRoot.set(root, out);
  return out;
}

/**
 * A regex that accepts only plain names: anchored at both ends, a sequence of character classes of
 * letters, digits, `_` and `-` (no `.`, no `/`) and such literal characters (`/^[a-z0-9-]{3,40}$/`,
 * a UUID pattern). A value it accepts cannot carry a quote, a slash, a dot or a space.
 */
function plainRegex(re: SyntaxNode): boolean {
  const flags = re.child('flags')?.text ?? '';
  const pattern = re.child('pattern')?.text ?? '';
  if (flags.includes('m') || pattern.length > 120 || !pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return false;
  const body = pattern.slice(1, -1);
  let i = 0;
  let atoms = 0;
  while (i < body.length) {
    const c = body[i] as string;
    if (c === '[') {
      const end = body.indexOf(']', i + 1);
      if (end < 0) return false;
      const cls = body.slice(i + 1, end);
      if (cls.startsWith('^') || cls.includes('.') || !plainClass(`^${cls}`)) return false;
      i = end + 1;
    } else if (c === '\\') {
      if (!'wd'.includes(body[i + 1] ?? '!')) return false;
      i += 2;
    } else if (/[A-Za-z0-9_-]/.test(c)) i++;
    else return false;
    atoms++;
    // a quantifier: `+`, `*`, `?`, `{n}`, `{n,m}`
    const q = body[i];
    if (q === '+' || q === '*' || q === '?') i++;
    else if (q === '{') {
      const end = body.indexOf('}', i);
      if (end < 0 || !/^\{\d{1,4}(?:,\d{0,4})?\}$/.test(body.slice(i, end + 1))) return false;
      i = end + 1;
    }
  }
  return atoms > 0;
}

/** `RE.test(p)` with a plain-name regex (literal or module constant) on the identifier `p`. */
function plainTest(node: SyntaxNode, regexes: Map<string, SyntaxNode>): string | null {
  const n = unparen(node);
  if (n.type !== 'call_expression') return null;
  const callee = n.child('function');
  if (callee?.type !== 'member_expression' || callee.child('property')?.text !== 'test') return null;
  const obj = callee.child('object');
  const re = obj?.type === 'regex' ? obj : obj?.type === 'identifier' ? (regexes.get(obj.text) ?? null) : null;
  const arg = n.child('arguments')?.namedChildren;
  if (!re || !plainRegex(re) || arg?.length !== 1 || arg[0]?.type !== 'identifier') return null;
  return (arg[0] as SyntaxNode).text;
}

/** The operands of an `&&` (or `||`) chain. */
function chain(node: SyntaxNode, op: string, out: SyntaxNode[] = [], depth = 0): SyntaxNode[] {
  const n = unparen(node);
  if (depth < 8 && n.type === 'binary_expression' && n.child('operator')?.text === op) {
    for (const side of [n.child('left'), n.child('right')]) if (side) chain(side, op, out, depth + 1);
  } else out.push(n);
  return out;
}

/**
 * A helper that lets each of its parameters through only when it matches a plain-name regex:
 * `if (!TENANT_RE.test(tenant)) throw …; return path.join(root, tenant)` or
 * `return /^[\w-]{1,64}$/.test(id) ? id : null`. What it returns is built from checked names.
 */
function plainChecked(fn: SyntaxNode, body: SyntaxNode, regexes: Map<string, SyntaxNode>): boolean {
  const params = (fn.child('parameters')?.namedChildren ?? (fn.child('parameter') ? [fn.child('parameter') as SyntaxNode] : []))
    .map((p) => (p.type === 'identifier' ? p : (p.child('pattern') ?? p.child('left') ?? p)))
    .map((p) => (p.type === 'identifier' ? p.text : null));
  if (params.length === 0 || params.some((p) => p === null)) return false;
  const checked = new Set<string>();
  const stack: SyntaxNode[] = [body];
  let budget = 2000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n !== body && FUNCTION_TYPES.has(n.type)) continue;
    if (n.type === 'if_statement') {
      // `if (!RE.test(p)) throw …` / `if (typeof p !== 'string' || !RE.test(p)) return null`
      const cond = n.child('condition');
      const then = n.child('consequence');
      const first = then?.type === 'statement_block' ? then.namedChildren[0] : then;
      if (cond && first && (first.type === 'throw_statement' || first.type === 'return_statement')) {
        for (const part of chain(cond, '||')) {
          if (part.type === 'unary_expression' && part.child('operator')?.text === '!') {
            const name = plainTest(part.child('argument') as SyntaxNode, regexes);
            if (name) checked.add(name);
          }
        }
      }
    } else if ((n.type === 'ternary_expression' && n.parent?.type === 'return_statement') || (n.type === 'ternary_expression' && n === body)) {
      // `return RE.test(p) ? p : fallback`
      const cond = n.child('condition');
      if (cond)
        for (const part of chain(cond, '&&')) {
          const name = plainTest(part, regexes);
          if (name) checked.add(name);
        }
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return params.every((p) => checked.has(p as string));
}

/** Whether every value the function returns passes `test` (an expression body, or each `return x`; trimmed text). */
function returnsOnly(body: SyntaxNode, test: RegExp | ((text: string) => boolean)): boolean {
  const passes = typeof test === 'function' ? test : (text: string) => test.test(text);
  if (body.type !== 'statement_block') return passes(body.text.trim());
  const stack: SyntaxNode[] = [body];
  let seen = 0;
  let budget = 2000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n !== body && FUNCTION_TYPES.has(n.type)) continue;
    if (n.type === 'return_statement') {
      const v = n.namedChildren[0];
      if (!v || !passes(v.text.trim())) return false;
      seen++;
      continue;
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return seen > 0;
}

/**
 * What a same-file helper does to its argument when it only lets a checked value through: it
 * escapes/sanitizes HTML and returns the result, or it checks a path stays in a directory / a URL
 * stays on a host and returns a fallback, null, or throws otherwise (`resolveWithin(base, p)`,
 * `safeRedirect(url)`). The walker cannot follow return values, so such calls are named after the
 * sanitizer they amount to.
 */
export function helperCheck(fn: SyntaxNode): keyof typeof HELPER_SANITIZERS | null {
  const body = fn.child('body');
  if (!body) return null;
  const text = body.text;
  if (text.length > 4000) return null;
  const returns = body.type !== 'statement_block' || /\breturn\b/.test(text);
  if (!returns) return null;
  const conditional = /\bif\s{0,8}\(|\?[^?.:]|\bthrow\b|\bcatch\b/.test(text);
  // A helper that also does the dangerous thing itself (reads the file, sends the response) is not a pure check.
  if (SINKISH.some((k) => text.includes(k))) return null;
  if (HTML_SANITIZING.test(text) && returnsOnly(body, SANITIZED_RESULT)) return 'html';
  if (escapesLdap(text) && returnsOnly(body, REPLACED_RESULT)) return 'ldap';
  if (!conditional) return null;
  // `LOCAL_PATH_RE.test(url)`: the module-level regex constants the helper tests with, read as written.
  const regexes = regexConstants(fn);
  if (plainChecked(fn, body, regexes)) return 'plain';
  if (PATH_CHECK.test(text) && /\bpath\.|\bresolve\s{0,8}\(|\bnormalize\s{0,8}\(|\.\./.test(text)) return 'path';
  let tested = '';
  for (const [name, re] of regexes) if (text.includes(`${name}.test(`) && re.text.length <= 200) tested += `\n${re.text}`;
  if (URL_CHECK.test(text) || (tested.length > 0 && tested.length <= 4000 && URL_CHECK.test(tested))) return 'url';
  return null;
}

/**
 * A constant a mapping helper returns: a string without substitutions or a number, or a choice
 * between such constants; `null`/`undefined` as one branch. Booleans are left out: a helper that
 * returns `true`/`false` is a check, and guards must still see it as one (`if (!isSafe(p)) return`).
 */
function literalValue(node: SyntaxNode, depth = 0): 'value' | 'empty' | null {
  const n = unparen(node);
  if (depth > 6) return null;
  if (n.type === 'string' || n.type === 'number') return 'value';
  if (n.type === 'template_string') return n.children.some((c) => c.type === 'template_substitution') ? null : 'value';
  if (n.type === 'null' || n.type === 'undefined') return 'empty';
  if (n.type === 'as_expression' || n.type === 'satisfies_expression') return n.namedChildren[0] ? literalValue(n.namedChildren[0], depth + 1) : null;
  if (n.type === 'ternary_expression') {
    const a = n.child('consequence');
    const b = n.child('alternative');
    const x = a ? literalValue(a, depth + 1) : null;
    const y = b ? literalValue(b, depth + 1) : null;
    if (!x || !y) return null;
    return x === 'value' || y === 'value' ? 'value' : 'empty';
  }
  return null;
}

/** Calls a mapping helper may make on its input without doing anything with it. */
const PURE_METHODS = new Set([
  'includes',
  'has',
  'test',
  'startsWith',
  'endsWith',
  'toLowerCase',
  'toUpperCase',
  'trim',
  'indexOf',
  'match',
  'some',
  'every',
  'String',
  'Number',
  'isArray',
]);

/**
 * A same-file helper that maps its input to one of a few constants (`pickFormat(raw)` returning
 * `raw === 'json' ? 'json' : 'csv'`, a `switch` returning column names): its result carries none of
 * the input. Helpers that call anything else (and so may pass the input on) are not this.
 */
function returnsConstant(fn: SyntaxNode): boolean {
  const body = fn.child('body');
  if (!body || body.text.length > 2000) return false;
  if (fn.type === 'generator_function' || fn.type === 'generator_function_declaration') return false;
  if (body.type !== 'statement_block') return literalValue(body) === 'value';
  const stack: SyntaxNode[] = [body];
  let values = 0;
  let budget = 2000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n !== body && FUNCTION_TYPES.has(n.type)) return false;
    if (n.type === 'call_expression' || n.type === 'new_expression') {
      const callee = n.child('function');
      const method = callee?.type === 'member_expression' ? callee.child('property')?.text : callee?.text;
      if (n.type === 'new_expression' || !method || !PURE_METHODS.has(method)) return false;
    }
    if (n.type === 'return_statement') {
      const v = n.namedChildren[0];
      const kind = v ? literalValue(v) : null;
      if (!kind) return false;
      if (kind === 'value') values++;
      continue;
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return values > 0 && budget > 0;
}

/** A boolean result: `true`/`false`, a negation, a comparison or a chain of checks. */
function booleanResult(text: string): boolean {
  const t = text.trim();
  if (t === 'true' || t === 'false' || t.startsWith('!')) return true;
  return ['===', '!==', '==', '!=', '&&', '||', '<=', '>=', '.startsWith(', '.endsWith(', '.includes(', '.test(', '.has('].some((op) => t.includes(op)) && !t.includes('?');
}

/** Whether every value a helper returns is a boolean (a predicate, not a function that returns the checked value). */
function predicate(fn: SyntaxNode): boolean {
  const body = fn.child('body');
  return !!body && returnsOnly(body, booleanResult);
}

/** Sanitizer name the profile knows for `.replace()` calls that keep only plain characters (see `keepsPlainCharacters`). */
export const PLAIN_CHARACTERS = '__plain_characters__';

/**
 * Whether a negated character class (`^a-z0-9_-`) lets through only name characters: letters,
 * digits, `_`, `-`, `.`, `\w`, `\d`; ranges only within lower case, upper case or digits.
 */
function plainClass(cls: string): boolean {
  if (!cls.startsWith('^') || cls.length < 2) return false;
  const kind = (c: string | undefined): string => (c === undefined ? '' : c >= 'a' && c <= 'z' ? 'a' : c >= 'A' && c <= 'Z' ? 'A' : c >= '0' && c <= '9' ? '0' : '');
  for (let i = 1; i < cls.length; i++) {
    const c = cls[i] as string;
    if (c === '\\') {
      if (!'wd_.-'.includes(cls[i + 1] ?? '!')) return false;
      i++;
    } else if (c === '-' && i > 1 && i < cls.length - 1) {
      // a range: both ends of one kind (`a-z`, `A-Z`, `0-9`)
      const from = cls[i - 1];
      const to = cls[i + 1];
      if (cls[i - 2] === '\\' || kind(from) === '' || kind(from) !== kind(to) || (from as string) > (to as string)) return false;
      i++;
    } else if (!(kind(c) !== '' || c === '_' || c === '.' || c === '-')) return false;
  }
  return true;
}

/**
 * `s.replace(/[^a-z0-9_-]/gi, '')`: every character outside a short class of letters, digits, `_`,
 * `-` and `.` is removed (or replaced by one of them) — no quote, slash, space or metacharacter is
 * left for any injection to use.
 */
function keepsPlainCharacters(name: string, list: SyntaxNode | null): boolean {
  if (name !== 'replace' && name !== 'replaceAll') return false;
  const [re, by] = list?.namedChildren ?? [];
  if (!re || !by || re.type !== 'regex') return false;
  const flags = re.child('flags')?.text ?? '';
  const pattern = re.child('pattern')?.text ?? '';
  if (!flags.includes('g') || pattern.length > 40) return false;
  const m = /^\[([^\]]{1,30})\](?:\+|\*)?$/.exec(pattern);
  if (!m || !plainClass(m[1] as string)) return false;
  const replacement = by.type === 'string' ? stripQuotes(by.text) : null;
  return replacement !== null && /^[a-zA-Z0-9_.-]{0,2}$/.test(replacement);
}

function call(node: SyntaxNode, fnNode: SyntaxNode | null, list: SyntaxNode | null, isNew: boolean): CallView | View {
  const { receiver, name } = calleeParts(fnNode);
  if (receiver && !isNew && keepsPlainCharacters(name, list)) return { kind: 'call', node, callee: fnNode, receiver, name: PLAIN_CHARACTERS, args: args(list), isNew };
  if (!receiver && fnNode?.type === 'identifier' && !isNew) {
    const local = localFunction(fnNode);
    if (local && returnsConstant(local)) return { kind: 'clean', parts: list?.namedChildren ?? [] };
    const kind = local ? helperCheck(local) : null;
    if (kind && local && (kind === 'path' || kind === 'url' || kind === 'plain') && predicate(local)) {
      // `isPlainName(p)` / `isLocalTarget(u)` answer true or false: a check for guards
      // (`if (!isPlainName(p)) return …`), named like the validators the profile knows.
      return { kind: 'call', node, callee: null, receiver: null, name: kind === 'path' ? 'isValidPath' : kind === 'url' ? 'isSafeUrl' : 'isValid', args: args(list), isNew };
    }
    if (kind) return { kind: 'call', node, callee: null, receiver: null, name: HELPER_SANITIZERS[kind], args: args(list), isNew };
  }
  return { kind: 'call', node, callee: fnNode, receiver, name: receiver ? name : dispatchName(fnNode, name), args: args(list), isNew };
}

function viewOf(node: SyntaxNode): View | null {
  const t = node.type;
  if (SKIP_TYPES.has(t)) return { kind: 'skip' };
  if (PASS_TYPES.has(t)) {
    const inner = node.child('expression') ?? node.namedChildren[0];
    return inner ? { kind: 'pass', inner } : { kind: 'literal' };
  }
  if (FUNCTION_TYPES.has(t)) {
    // `new Promise((resolve, reject) => { … })`: the executor runs at once, as part of the
    // enclosing function (so a wrapper returning a promise is still summarised as that wrapper).
    if (
      (t === 'arrow_function' || t === 'function_expression') &&
      node.parent?.type === 'arguments' &&
      node.parent.parent?.type === 'new_expression' &&
      node.parent.parent.child('constructor')?.text === 'Promise'
    )
      return null;
    return { kind: 'function', fn: functionView(node) };
  }
  switch (t) {
    case 'identifier':
    case 'this':
    case 'super':
    case 'shorthand_property_identifier':
      return { kind: 'name', name: node.text };
    case 'undefined':
    case 'null':
    case 'true':
    case 'false':
    case 'number':
    case 'regex':
      return { kind: 'literal' };
    case 'string':
      return { kind: 'string', value: stringContent(node) };
    case 'template_string': {
      const subs = node.children.filter((c) => c.type === 'template_substitution');
      if (subs.length === 0) return { kind: 'string', value: node.text.slice(1, -1) };
      const parts: SyntaxNode[] = [];
      for (const c of node.children) {
        if (c.type === 'string_fragment') parts.push(c);
        else if (c.type === 'template_substitution') {
          const inner = c.namedChildren[0];
          if (inner) parts.push(inner);
        }
      }
      return { kind: 'concat', parts };
    }
    case 'string_fragment':
    case 'escape_sequence':
      return { kind: 'string', value: node.text };
    case 'member_expression': {
      const object = node.child('object');
      const prop = node.child('property');
      if (!object || !prop) return null;
      // `ids.length` is a number, whatever ids holds (but stays a member when assigned to).
      if (prop.text === 'length' && !(node.parent?.type === 'assignment_expression' && node.field === 'left')) return { kind: 'clean', parts: [object] };
      return { kind: 'member', object, property: prop.text };
    }
    case 'subscript_expression': {
      const object = node.child('object');
      if (!object) return null;
      const index = node.child('index');
      if (index && index.type === 'string') return { kind: 'member', object, property: stringContent(index) };
      return { kind: 'index', object, index };
    }
    case 'call_expression': {
      const fn = node.child('function');
      const list = node.child('arguments');
      // `require('child_process').exec(…)`: a constant require names its module, like an import.
      const mod = requiredModule(node);
      if (mod) return { kind: 'name', name: mod };
      // `ids.map(() => '?')`, `cols.map((_, i) => `$${i + 1}`)`: the callback ignores the elements,
      // so the result carries none of them (placeholder lists for parameterized queries).
      if (fn && (constantMap(fn, list) || cleaningIteration(fn, list))) return { kind: 'clean', parts: [fn, ...(list?.namedChildren ?? [])] };
      return call(node, fn, list, false);
    }
    case 'new_expression':
      return call(node, node.child('constructor'), node.child('arguments'), true);
    case 'binary_expression': {
      const op = node.child('operator')?.text ?? '';
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right) return null;
      if (op === '+') return { kind: 'concat', parts: [left, right] };
      // `a && b` is b when a holds; both sides are kept so that guards see both conditions
      // (`if (p.startsWith('/') && !p.startsWith('//'))`).
      if (op === '||' || op === '??' || op === '&&') return { kind: 'choice', options: [left, right] };
      if (op === 'in') return { kind: 'membership', subject: left, collection: right };
      if (COMPARISON.has(op)) {
        // `p.charAt(0) === '/'`, `p.slice(0, 2) !== '//'`: a check of the value's start, like startsWith.
        for (const [a, b] of [
          [left, right],
          [right, left],
        ] as const) {
          const inner = prefixOf(a);
          if (inner && b.type === 'string') return { kind: 'equality', left: inner, right: b, negated: op.startsWith('!') };
        }
        // `typeof x === 'number'` holds only for numbers: x is safe where it holds.
        for (const [a, b] of [
          [left, right],
          [right, left],
        ] as const) {
          if (a.type === 'unary_expression' && a.child('operator')?.text === 'typeof' && /^['"](?:number|boolean|bigint)['"]$/.test(b.text)) {
            const operand = a.child('argument');
            if (operand) return { kind: 'equality', left: operand, right: b, negated: op.startsWith('!') };
          }
        }
        // `if (msg.type === 'banner')`: a discriminator check on a local object says nothing about
        // its other fields (the walker would take the whole object as checked).
        for (const [a, b] of [
          [left, right],
          [right, left],
        ] as const) {
          if ((b.type === 'string' || b.type === 'number') && discriminator(a)) return { kind: 'clean', parts: [left, right] };
        }
        return { kind: 'equality', left, right, negated: op.startsWith('!') };
      }
      if (CLEAN_BINARY.has(op)) return { kind: 'clean', parts: [left, right] };
      return null;
    }
    case 'unary_expression': {
      const op = node.child('operator')?.text ?? '';
      const arg = node.child('argument');
      if (!arg) return null;
      if (op === '!') return { kind: 'not', inner: arg };
      return { kind: 'clean', parts: [arg] };
    }
    case 'update_expression':
      return { kind: 'clean', parts: node.namedChildren };
    case 'ternary_expression': {
      const c = node.child('condition');
      const a = node.child('consequence');
      const b = node.child('alternative');
      if (c && a && b) return { kind: 'choice', options: [a, b], condition: namedCondition(c) };
      return { kind: 'choice', options: [a, b].filter((x): x is SyntaxNode => x !== null) };
    }
    case 'array':
    case 'object':
      return { kind: 'collection', items: node.namedChildren };
    case 'pair': {
      const v = node.child('value');
      return v ? { kind: 'pass', inner: v } : null;
    }
    case 'variable_declarator': {
      const name = node.child('name');
      const value = node.child('value');
      if (!name) return null;
      return { kind: 'assign', targets: [name], value, update: false };
    }
    case 'assignment_expression': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left) return null;
      return { kind: 'assign', targets: [left], value: right, update: false };
    }
    case 'augmented_assignment_expression': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left) return null;
      return { kind: 'assign', targets: [left], value: right, update: true };
    }
    case 'public_field_definition':
    case 'field_definition': {
      const name = node.child('name') ?? node.child('property');
      const value = node.child('value');
      if (!name || !value) return null;
      return { kind: 'assign', targets: [name], value, update: false };
    }
    case 'if_statement': {
      const condition = node.child('condition');
      if (!condition) return null;
      const alt = node.child('alternative');
      const otherwise = alt ? (alt.type === 'else_clause' ? (alt.namedChildren[0] ?? null) : alt) : null;
      return { kind: 'if', condition: namedCondition(condition), then: node.child('consequence'), else: otherwise };
    }
    case 'return_statement':
      return { kind: 'return', value: node.namedChildren[0] ?? null };
    case 'throw_statement':
      return { kind: 'exit' };
    case 'for_in_statement': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right) return null;
      return { kind: 'loop', targets: [left], iterable: right, body: node.child('body') };
    }
    case 'sequence_expression':
      return { kind: 'choice', options: node.namedChildren.slice(-1) };
    case 'jsx_attribute': {
      // `<div dangerouslySetInnerHTML={{ __html: x }} />`, `<a href={url}>`: an attribute is seen
      // as a call `jsx:<name>(value)` so that rules can name it as a sink (`jsx:href`).
      const [nameNode, value] = node.namedChildren;
      if (!nameNode || !value) return { kind: 'skip' };
      return { kind: 'call', node, callee: null, receiver: null, name: `jsx:${nameNode.text}`, args: [{ node: value, name: null, index: 0 }], isNew: false };
    }
    default:
      return null;
  }
}

/** The adapter for JavaScript (with JSX) and TypeScript (with TSX). */
export function javascriptAdapter(language: LanguageId): LanguageAdapter {
  return {
    language,
    grammar(code: string, filename: string | undefined): GrammarName {
      if (language === 'javascript') return 'javascript';
      const lower = filename?.toLowerCase() ?? '';
      if (lower.endsWith('.tsx')) return 'tsx';
      if (lower.endsWith('.ts') || lower.endsWith('.mts') || lower.endsWith('.cts')) return 'typescript';
      return looksLikeJsx(code) ? 'tsx' : 'typescript';
    },
    commentTypes: COMMENT_TYPES,
    stringTypes: STRING_TYPES,
    functionTypes: FUNCTION_TYPES,
    view: viewOf,
    imports: importAliases,
    targetNames: bindingNames,
  };
}
