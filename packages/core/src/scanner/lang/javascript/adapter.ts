import type { GrammarName, LanguageId } from '../../languages.ts';
import type { SyntaxNode } from '../../syntax.ts';
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
  return /<\/[A-Za-z][\w.-]*>/.test(code) || /[\s"'}]\/>/.test(code);
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
    for (const name of bindingNames(pattern)) out.push({ name: name.text, node: name, type, annotations, index });
    index++;
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
  const cls = node.ancestor(CLASS_TYPES);
  const bases: string[] = [];
  if (cls) for (const c of cls.children) if (c.type === 'class_heritage') bases.push(c.text.replace(/^extends\s+/, ''));
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

function importAliases(root: SyntaxNode): Map<string, string> {
  const aliases = new Map<string, string>();
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
      const mod = requireOf(n.child('value'));
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

function call(node: SyntaxNode, fnNode: SyntaxNode | null, list: SyntaxNode | null, isNew: boolean): CallView {
  const { receiver, name } = calleeParts(fnNode);
  return { kind: 'call', node, callee: fnNode, receiver, name, args: args(list), isNew };
}

function viewOf(node: SyntaxNode): View | null {
  const t = node.type;
  if (SKIP_TYPES.has(t)) return { kind: 'skip' };
  if (PASS_TYPES.has(t)) {
    const inner = node.child('expression') ?? node.namedChildren[0];
    return inner ? { kind: 'pass', inner } : { kind: 'literal' };
  }
  if (FUNCTION_TYPES.has(t)) return { kind: 'function', fn: functionView(node) };
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
      if (op === '||' || op === '??' || op === '&&') return { kind: 'choice', options: op === '&&' ? [right] : [left, right] };
      if (op === 'in') return { kind: 'membership', subject: left, collection: right };
      if (COMPARISON.has(op)) return { kind: 'equality', left, right, negated: op.startsWith('!') };
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
      return { kind: 'choice', options: [c, a, b].filter((x): x is SyntaxNode => x !== null).slice(1) };
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
      return { kind: 'if', condition, then: node.child('consequence'), else: otherwise };
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
      const value = node.namedChildren[1];
      return value ? { kind: 'pass', inner: value } : { kind: 'skip' };
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
