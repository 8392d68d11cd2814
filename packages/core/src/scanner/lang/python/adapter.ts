import type { SyntaxNode } from '../../syntax.ts';
import type { Arg, CallView, FunctionView, LanguageAdapter, ParamView, View } from '../../engine/adapter.ts';
import { isNonStringField } from './classes.ts';

const FUNCTION_TYPES = new Set(['function_definition', 'lambda']);
const STRING_TYPES = new Set(['string', 'concatenated_string']);
const COMMENT_TYPES = new Set(['comment']);
const CLASS_TYPES = new Set(['class_definition']);
const SKIP_TYPES = new Set([
  'import_statement',
  'import_from_statement',
  'future_import_statement',
  'comment',
  'pass_statement',
  'global_statement',
  'nonlocal_statement',
  'type_alias_statement',
  'decorator',
  'ellipsis',
]);
const LITERAL_TYPES = new Set(['integer', 'float', 'true', 'false', 'none']);
const NUMERIC_CONVERTERS = new Set(['int', 'float', 'bool', 'uuid.UUID', 'UUID', 'Decimal', 'decimal.Decimal']);
const PASS_TYPES = new Set(['parenthesized_expression', 'await', 'list_splat', 'dictionary_splat', 'expression_list_item', 'starred_expression']);

/** Content of a Python string without prefix and quotes (interpolations excluded). */
function stringContent(node: SyntaxNode): string {
  let out = '';
  for (const c of node.children) if (c.type === 'string_content' || c.type === 'escape_sequence') out += c.text;
  return out;
}

function args(list: SyntaxNode | null): Arg[] {
  if (!list) return [];
  if (list.type === 'generator_expression') return [{ node: list, name: null, index: 0 }];
  const out: Arg[] = [];
  let index = 0;
  for (const c of list.children) {
    if (!c.named || c.type === 'comment') continue;
    if (c.type === 'keyword_argument') {
      const name = c.child('name')?.text ?? null;
      const value = c.child('value');
      if (value) out.push({ node: value, name, index: -1 });
      continue;
    }
    out.push({ node: c, name: null, index: index++ });
  }
  return out;
}

function call(node: SyntaxNode): CallView | null {
  const fn = node.child('function');
  if (!fn) return null;
  let receiver: SyntaxNode | null = null;
  let name = '?';
  if (fn.type === 'attribute') {
    receiver = fn.child('object');
    name = fn.child('attribute')?.text ?? '?';
  } else if (fn.type === 'identifier') name = importedName(fn);
  return { kind: 'call', node, callee: fn, receiver, name, args: args(node.child('arguments')), isNew: false };
}

/** Identifiers bound by an assignment target: `x`, `a, b`, `[a, *b]`, `(a, b)`. */
function bindingNames(target: SyntaxNode): SyntaxNode[] {
  switch (target.type) {
    case 'identifier':
      return [target];
    case 'pattern_list':
    case 'tuple_pattern':
    case 'list_pattern':
    case 'tuple':
    case 'list':
    case 'expression_list': {
      const out: SyntaxNode[] = [];
      for (const c of target.children) if (c.named) out.push(...bindingNames(c));
      return out;
    }
    case 'list_splat_pattern':
    case 'as_pattern_target':
    case 'parenthesized_expression': {
      const inner = target.namedChildren[0];
      return inner ? bindingNames(inner) : [];
    }
    default:
      return [];
  }
}

function paramsOf(node: SyntaxNode): ParamView[] {
  const list = node.child('parameters');
  if (!list) return [];
  const out: ParamView[] = [];
  let index = 0;
  for (const p of list.children) {
    if (!p.named || p.type === 'comment') continue;
    let nameNode: SyntaxNode | null = null;
    let type: string | null = null;
    switch (p.type) {
      case 'identifier':
        nameNode = p;
        break;
      case 'typed_parameter':
        nameNode = p.namedChildren.find((c) => c.type === 'identifier') ?? null;
        type = p.child('type')?.text ?? null;
        break;
      case 'default_parameter':
        nameNode = p.child('name');
        break;
      case 'typed_default_parameter':
        nameNode = p.child('name');
        type = p.child('type')?.text ?? null;
        break;
      case 'list_splat_pattern':
      case 'dictionary_splat_pattern':
        nameNode = p.namedChildren[0] ?? null;
        break;
      default:
        nameNode = null;
    }
    if (nameNode && nameNode.type === 'identifier') out.push({ name: nameNode.text, node: nameNode, type, annotations: [], index });
    index++;
  }
  return out;
}

function functionView(node: SyntaxNode): FunctionView {
  const decorators: string[] = [];
  if (node.parent?.type === 'decorated_definition') {
    for (const c of node.parent.children) if (c.type === 'decorator') decorators.push(c.text);
  }
  const cls = node.ancestor(CLASS_TYPES);
  const bases: string[] = [];
  const superclasses = cls?.child('superclasses');
  if (superclasses) for (const c of superclasses.namedChildren) bases.push(c.text);
  return {
    node,
    name: node.child('name')?.text ?? null,
    params: paramsOf(node),
    body: node.child('body'),
    decorators,
    className: cls?.child('name')?.text ?? null,
    classBases: bases,
    passedTo: null,
  };
}

const aliasCache = new WeakMap<SyntaxNode, Map<string, string>>();
const helperCache = new WeakMap<SyntaxNode, Map<string, SyntaxNode>>();
/** A request read that does not depend on the helper's locals: `request.args.get(name)`, `request.get_json().get(key)`. */
const REQUEST_READ =
  /^(?:flask\.|self\.)?request\.(?:args|form|values|json|files|cookies|headers|GET|POST|COOKIES|META|FILES|data|query_params|path_params|match_info|query|params|matchdict|get_json\(|get_data\(|get_argument\()|^self\.get_(?:argument|query_argument|body_argument)\(/;

/**
 * Module-level helpers that only return a request read (`def arg(name): return request.args.get(name)`),
 * by name. A call of one is viewed as the read itself, so the caller sees request data.
 */
function sourceHelperReturn(node: SyntaxNode): SyntaxNode | null {
  const fn = node.child('function');
  if (!fn || fn.type !== 'identifier') return null;
  let root = node;
  while (root.parent) root = root.parent;
  let helpers = helperCache.get(root);
  if (!helpers) {
    helpers = new Map();
    for (const c of root.children) {
      const def = c.type === 'decorated_definition' ? c.child('definition') : c;
      if (def?.type !== 'function_definition' || c.type === 'decorated_definition') continue;
      const name = def.child('name')?.text;
      const statements = (def.child('body')?.namedChildren ?? []).filter(
        (st) => st.type !== 'comment' && !(st.type === 'expression_statement' && st.namedChildren[0]?.type === 'string'),
      );
      const only = statements.length === 1 ? statements[0] : undefined;
      const value = only?.type === 'return_statement' ? only.namedChildren[0] : undefined;
      if (name && value && REQUEST_READ.test(value.text)) helpers.set(name, value);
    }
    helperCache.set(root, helpers);
  }
  const hit = helpers.get(fn.text);
  return hit && !hit.contains(node) ? hit : null;
}

/**
 * The name a called identifier has where it is defined: `from ldap3.utils.conv import
 * escape_filter_chars as esc` makes `esc(x)` a call of `escape_filter_chars`. Rules, sanitizers
 * and sinks are found by that name (their canonical path still comes from the import).
 */
function importedName(id: SyntaxNode): string {
  let root = id;
  while (root.parent) root = root.parent;
  let aliases = aliasCache.get(root);
  if (!aliases) aliasCache.set(root, (aliases = importAliases(root)));
  const full = aliases.get(id.text);
  if (!full) return id.text;
  const dot = full.lastIndexOf('.');
  return dot >= 0 ? full.slice(dot + 1) : full;
}

function importAliases(root: SyntaxNode): Map<string, string> {
  const aliases = new Map<string, string>();
  const stack: SyntaxNode[] = [root];
  let budget = 50000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'import_statement') {
      for (const c of n.children) {
        if (c.type === 'dotted_name') aliases.set(c.text.split('.')[0] as string, c.text.split('.')[0] as string);
        else if (c.type === 'aliased_import') {
          const name = c.child('name')?.text;
          const alias = c.child('alias')?.text;
          if (name && alias) aliases.set(alias, name);
        }
      }
      continue;
    }
    if (n.type === 'import_from_statement') {
      const mod = n.child('module_name')?.text;
      if (!mod || mod.startsWith('.')) continue;
      for (const c of n.children) {
        if (c.field !== 'name') continue;
        if (c.type === 'dotted_name') aliases.set(c.text, `${mod}.${c.text}`);
        else if (c.type === 'aliased_import') {
          const name = c.child('name')?.text;
          const alias = c.child('alias')?.text;
          if (name && alias) aliases.set(alias, `${mod}.${name}`);
        }
      }
      continue;
    }
    if (
      n.type === 'function_definition' ||
      n.type === 'class_definition' ||
      n === root ||
      n.type === 'decorated_definition' ||
      n.type === 'block' ||
      n.type === 'if_statement' ||
      n.type === 'try_statement'
    ) {
      for (let i = n.children.length - 1; i >= 0; i--) {
        const c = n.children[i] as SyntaxNode;
        if (c.named) stack.push(c);
      }
    }
  }
  // Bare module imports map to themselves; drop them so the identity never shadows anything.
  for (const [k, v] of aliases) if (k === v) aliases.delete(k);
  return aliases;
}

/** A string literal's content when the node is one without interpolation, else null. */
function literalText(node: SyntaxNode | undefined): string | null {
  if (!node || node.type !== 'string' || node.children.some((c) => c.type === 'interpolation')) return null;
  return stringContent(node);
}

/**
 * `getattr(obj, "name")` (two arguments, a literal name) viewed as the member `obj.name`, and
 * `__import__("os")` (a literal, undotted module) as the name `os`, so that calls made through them
 * are matched like the direct ones.
 */
function dynamicAccess(node: SyntaxNode): View | null {
  const fn = node.child('function');
  if (fn?.type !== 'identifier' || (fn.text !== 'getattr' && fn.text !== '__import__')) return null;
  const list = node.child('arguments');
  const items = (list?.namedChildren ?? []).filter((c) => c.type !== 'comment');
  if (items.some((c) => c.type === 'keyword_argument' || c.type === 'list_splat' || c.type === 'dictionary_splat')) return null;
  if (fn.text === '__import__') {
    const module = items.length === 1 ? literalText(items[0]) : null;
    return module && /^[A-Za-z_]\w*$/.test(module) ? { kind: 'name', name: module } : null;
  }
  const property = items.length === 2 ? literalText(items[1]) : null;
  return property && /^[A-Za-z_]\w*$/.test(property) && items[0] ? { kind: 'member', object: items[0], property } : null;
}

function viewOf(node: SyntaxNode): View | null {
  const t = node.type;
  if (SKIP_TYPES.has(t)) return { kind: 'skip' };
  if (LITERAL_TYPES.has(t)) return { kind: 'literal' };
  if (PASS_TYPES.has(t)) {
    const inner = node.namedChildren[0];
    return inner ? { kind: 'pass', inner } : { kind: 'literal' };
  }
  if (FUNCTION_TYPES.has(t)) return { kind: 'function', fn: functionView(node) };
  // The `for` token of a comprehension clause: binds the clause's variables, yields nothing itself.
  if (t === 'for' && node.parent?.type === 'for_in_clause') return { kind: 'clean', parts: [node.parent] };
  switch (t) {
    case 'identifier':
      return { kind: 'name', name: node.text };
    case 'string': {
      const parts: SyntaxNode[] = [];
      let dynamic = false;
      for (const c of node.children) {
        if (c.type === 'interpolation') {
          const e = c.child('expression');
          if (e) parts.push(e);
          dynamic = true;
        } else if (c.type === 'string_content' || c.type === 'escape_sequence') parts.push(c);
      }
      return dynamic ? { kind: 'concat', parts } : { kind: 'string', value: stringContent(node) };
    }
    case 'string_content':
    case 'escape_sequence':
      return { kind: 'string', value: node.text };
    case 'concatenated_string':
      return { kind: 'concat', parts: node.namedChildren };
    case 'attribute': {
      const object = node.child('object');
      const attr = node.child('attribute');
      if (!object || !attr) return null;
      // `item.quantity` where `item: Item` and `class Item(BaseModel): quantity: int`: a validated number.
      if (object.type === 'identifier' && node.field !== 'left' && isNonStringField(object, attr.text)) return { kind: 'clean', parts: [] };
      return { kind: 'member', object, property: attr.text };
    }
    case 'subscript': {
      const object = node.child('value');
      if (!object) return null;
      const index = node.child('subscript');
      if (index && index.type === 'string' && !index.children.some((c) => c.type === 'interpolation')) {
        return { kind: 'member', object, property: stringContent(index) };
      }
      return { kind: 'index', object, index };
    }
    case 'call': {
      // `getattr(os, "system")` is `os.system`; `__import__("os")` is `os`: the names dynamic access hides.
      const dynamic = dynamicAccess(node);
      if (dynamic) return dynamic;
      // get_param("q") where `def get_param(name): return request.args.get(name)`: the request read itself.
      const inlined = sourceHelperReturn(node);
      if (inlined) return { kind: 'pass', inner: inlined };
      const c = call(node);
      // `SORT_COLUMNS.get(request.args["sort"], "created_at")`: a lookup in a constant table yields its values.
      if (c && c.name === 'get' && c.receiver?.type === 'identifier' && /^[A-Z][A-Z0-9_]*$/.test(c.receiver.text)) return { kind: 'clean', parts: c.args.map((a) => a.node) };
      // `request.args.get('page', 1, type=int)`: werkzeug converts the value, so it carries no text.
      if (c && c.name === 'get' && c.receiver) {
        const conv = c.args.find((a) => a.name === 'type')?.node;
        if (conv && NUMERIC_CONVERTERS.has(conv.text)) return { kind: 'clean', parts: c.args.map((a) => a.node).filter((n) => n !== conv) };
      }
      return c;
    }
    case 'binary_operator': {
      const op = node.child('operator')?.text ?? '';
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right) return null;
      if (op === '+' || op === '%') return { kind: 'concat', parts: [left, right] };
      // `Path(base) / name` joins paths: the result carries the parts' data (not a built string).
      if (op === '/') return null;
      return { kind: 'clean', parts: [left, right] };
    }
    case 'unary_operator':
      return { kind: 'clean', parts: node.namedChildren };
    case 'not_operator': {
      const inner = node.child('argument');
      return inner ? { kind: 'not', inner } : null;
    }
    case 'boolean_operator': {
      const left = node.child('left');
      const right = node.child('right');
      const op = node.child('operator')?.text;
      const options = [left, right].filter((x): x is SyntaxNode => x !== null);
      return { kind: 'choice', options: op === 'and' ? options.slice(1) : options };
    }
    case 'comparison_operator': {
      const operands = node.namedChildren;
      const ops = node.children.filter((c) => !c.named).map((c) => c.text);
      const [left, right] = operands;
      if (left && right && operands.length === 2) {
        const op = (ops[0] ?? '').replace(/\s+/g, ' ');
        if (op === 'in' || op === 'not in') return { kind: 'membership', subject: left, collection: right, negated: op === 'not in' };
        if (op === '==' || op === '!=' || op === 'is' || op === 'is not') return { kind: 'equality', left, right, negated: op === '!=' || op === 'is not' };
      }
      return { kind: 'clean', parts: operands };
    }
    case 'conditional_expression': {
      // `a if cond else b`: guards in cond apply to a (where it holds) and to b (where it fails).
      const [a, condition, b] = node.namedChildren;
      const options = [a, b].filter((x): x is SyntaxNode => x !== undefined);
      return condition && options.length === 2 ? { kind: 'choice', options, condition } : { kind: 'choice', options };
    }
    case 'list':
    case 'tuple':
    case 'set':
    case 'dictionary':
    case 'expression_list':
      return { kind: 'collection', items: node.namedChildren };
    case 'pair': {
      const v = node.child('value');
      return v ? { kind: 'pass', inner: v } : null;
    }
    case 'list_comprehension':
    case 'generator_expression':
    case 'set_comprehension':
    case 'dictionary_comprehension': {
      // The `for … in …` clauses bind the loop variables first; the value is the element expression's.
      // Each clause is reached through its `for` token, viewed as a clean wrapper around the clause
      // (see below), so `[int(n) for n in request.args.getlist("n")]` carries no taint.
      const body = node.child('body');
      const binders = node.children.filter((c) => c.type === 'for_in_clause').map((c) => c.children.find((t) => t.type === 'for') ?? c);
      return { kind: 'collection', items: [...binders, body].filter((x): x is SyntaxNode => !!x) };
    }
    case 'assignment': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left) return null;
      return { kind: 'assign', targets: [left], value: right, update: false };
    }
    case 'augmented_assignment': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left) return null;
      return { kind: 'assign', targets: [left], value: right, update: true };
    }
    case 'named_expression': {
      const name = node.child('name');
      const value = node.child('value');
      if (!name) return null;
      return { kind: 'assign', targets: [name], value, update: false };
    }
    case 'as_pattern': {
      // `with open(p) as f` / `except E as e`
      const value = node.namedChildren[0];
      const alias = node.child('alias');
      if (!value || !alias) return null;
      return { kind: 'assign', targets: [alias], value, update: false };
    }
    case 'if_statement': {
      const condition = node.child('condition');
      if (!condition) return null;
      const alternatives = node.children.filter((c) => c.field === 'alternative');
      let otherwise: SyntaxNode | null = null;
      const first = alternatives[0];
      if (first) otherwise = first.type === 'else_clause' ? first.child('body') : first;
      return { kind: 'if', condition, then: node.child('consequence'), else: otherwise };
    }
    case 'elif_clause': {
      const condition = node.child('condition');
      if (!condition) return null;
      // Later elif/else clauses are siblings in the if_statement: chain them as this clause's else.
      const parent = node.parent;
      let otherwise: SyntaxNode | null = null;
      if (parent) {
        const next = parent.children[node.index + 1];
        if (next && next.field === 'alternative') otherwise = next.type === 'else_clause' ? next.child('body') : next;
      }
      return { kind: 'if', condition, then: node.child('consequence'), else: otherwise };
    }
    case 'else_clause':
      return { kind: 'skip' };
    case 'return_statement':
      return { kind: 'return', value: node.namedChildren[0] ?? null };
    case 'raise_statement':
      return { kind: 'exit' };
    case 'for_statement': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right) return null;
      return { kind: 'loop', targets: [left], iterable: right, body: node.child('body') };
    }
    case 'for_in_clause': {
      const left = node.child('left');
      const right = node.child('right');
      if (!left || !right) return null;
      return { kind: 'assign', targets: [left], value: right, update: false };
    }
    case 'keyword_argument': {
      const v = node.child('value');
      return v ? { kind: 'pass', inner: v } : null;
    }
    default:
      return null;
  }
}

/** The adapter for Python 3. */
export const pythonAdapter: LanguageAdapter = {
  language: 'python',
  grammar: () => 'python',
  commentTypes: COMMENT_TYPES,
  stringTypes: STRING_TYPES,
  functionTypes: FUNCTION_TYPES,
  view: viewOf,
  imports: importAliases,
  targetNames: bindingNames,
};
