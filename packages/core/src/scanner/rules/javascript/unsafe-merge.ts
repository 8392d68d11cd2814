import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { FUNCTION_NODES, declaredValue, enclosingFunction, functionName, unwrap } from '../../lang/javascript/helpers.ts';

/** Code that keeps `__proto__`, `constructor` and `prototype` out, or writes into prototype-less objects. */
const GUARD_TEXT = [
  '__proto__',
  "'constructor'",
  "'prototype'",
  'object.create(null)',
  'isprototypepolluted',
  'issafekey',
  'isunsafekey',
  'isprototypekey',
  'object.freeze(object.prototype',
  'newmap(',
];
const GUARD_NAME = /(?:unsafe|forbidden|blocked|dangerous|reserved|blacklisted|denied|banned)_?(?:key|prop)/;

/** Code that keeps `__proto__`, `constructor` and `prototype` out, or writes into prototype-less objects. */
function guarded(text: string): boolean {
  const t = text.toLowerCase().replace(/\s+/g, '').replace(/["`]/g, "'");
  return GUARD_TEXT.some((g) => t.includes(g)) || GUARD_NAME.test(t);
}

/** The argument texts of each call `name(…)` in a body (balanced parentheses, bounded). */
function recursiveCallArgs(body: string, name: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`(?:^|[^\\w.$])(?:this\\.)?${name.replace(/\$/g, '\\$')}\\s{0,8}\\(`, 'g');
  for (let m = re.exec(body); m !== null && out.length < 8; m = re.exec(body)) {
    let depth = 1;
    let i = m.index + m[0].length;
    const start = i;
    for (; i < body.length && depth > 0 && i - start < 400; i++) {
      const c = body[i];
      if (c === '(') depth++;
      else if (c === ')') depth--;
    }
    if (depth === 0) out.push(body.slice(start, i - 1));
  }
  return out;
}

const LOOPS = new Set(['for_statement', 'for_in_statement', 'while_statement', 'do_statement']);

/**
 * `cur = cur[part]` (or `cur = cur[part] = …`) inside a loop of the helper: the walk down a key
 * path. Returns a match-like array whose [1] is the key expression's leading identifier.
 */
function walkInLoop(helper: SyntaxNode, cur: string): [string, string] | null {
  const stack: SyntaxNode[] = [helper];
  let budget = 4000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'assignment_expression' && n.child('left')?.text === cur) {
      let right = n.child('right');
      while (right?.type === 'assignment_expression') right = right.child('left');
      const r = right ? unwrap(right) : null;
      if (r?.type === 'subscript_expression' && unwrap(r.child('object') as SyntaxNode).text === cur) {
        let inLoop = false;
        for (let p = n.parent; p && p !== helper; p = p.parent) {
          if (LOOPS.has(p.type) || (FUNCTION_NODES.has(p.type) && p.parent?.type === 'arguments')) {
            inLoop = true;
            break;
          }
        }
        const index = r.child('index');
        const lead = index ? (/^[A-Za-z_$][\w$]*/.exec(unwrap(index).text)?.[0] ?? null) : null;
        if (inLoop && lead) return [n.text, lead];
      }
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return null;
}

/** Identifiers whose `.has(` / `.includes(` / `.indexOf(` is called in the text. */
function listsConsulted(text: string): string[] {
  const out: string[] = [];
  for (const method of ['.has(', '.includes(', '.indexOf(']) {
    for (let i = text.indexOf(method), n = 0; i > 0 && n < 50; i = text.indexOf(method, i + method.length), n++) {
      let j = i;
      while (j > 0 && i - j < 64 && /[\w$]/.test(text[j - 1] as string)) j--;
      if (j < i && /[A-Za-z_$]/.test(text[j] as string)) out.push(text.slice(j, i));
    }
  }
  return out;
}

/** `BLOCKED.has(k)` / `DENY.includes(k)` where the list is declared elsewhere in the file with "__proto__" in it. */
function guardedByList(text: string, code: string): boolean {
  for (const name0 of listsConsulted(text)) {
    const name = name0.replace(/\$/g, '\\$');
    if (new RegExp(`(?:const|let|var)\\s{1,8}${name}\\s{0,8}(?::[^=]{0,80})?=[^;]{0,300}__proto__`).test(code)) return true;
  }
  return false;
}

/** Variables bound by the loops of a function that walk an object's keys: `for (k in o)`, `Object.keys(o).forEach(k => …)`, `for (const [k, v] of Object.entries(o))`. */
function keyVariables(fn: SyntaxNode): Map<string, string> {
  const out = new Map<string, string>();
  const stack: SyntaxNode[] = [fn];
  let budget = 4000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'for_in_statement') {
      const left = n.child('left');
      const right = n.child('right')?.text ?? '';
      const of = n.children.some((c) => c.type === 'of');
      if (left && (!of || /Object\.(?:keys|entries|getOwnPropertyNames)|Reflect\.ownKeys/.test(right))) {
        const first = left.type === 'array_pattern' ? left.namedChildren[0] : left;
        const iterated = of ? (/\(([\w$.]{1,80})\)/.exec(right.replace(/\s+/g, ''))?.[1] ?? right) : right;
        if (first?.type === 'identifier') out.set(first.text, iterated);
      }
    }
    const callee = n.type === 'call_expression' ? (n.child('function')?.text.replace(/\s{1,8}/g, '') ?? '') : '';
    if (n.type === 'call_expression' && /^Object\.(?:keys|entries|getOwnPropertyNames)\(/.test(callee) && /\)\.(?:forEach|map|reduce|filter|some|every)$/.test(callee)) {
      const cb = n.child('arguments')?.namedChildren[0];
      if (cb && FUNCTION_NODES.has(cb.type)) {
        const params = cb.child('parameters')?.namedChildren ?? (cb.child('parameter') ? [cb.child('parameter') as SyntaxNode] : []);
        const isReduce = /reduce$/.test(n.child('function')?.text ?? '');
        const p = params[isReduce ? 1 : 0];
        const name = p?.type === 'array_pattern' ? p.namedChildren[0] : p;
        if (name?.type === 'identifier') out.set(name.text, /\(([\w$.]{1,80})\)/.exec(callee)?.[1] ?? '');
      }
    }
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return out;
}

/** Names a function's parameters bind. */
function paramNames(fn: SyntaxNode): string[] {
  const single = fn.child('parameter');
  if (single) return [single.text];
  const out: string[] = [];
  for (const p of fn.child('parameters')?.namedChildren ?? []) {
    const pattern = p.type === 'required_parameter' || p.type === 'optional_parameter' ? (p.child('pattern') ?? p) : p;
    const id = pattern.type === 'assignment_pattern' ? pattern.child('left') : pattern;
    if (id?.type === 'identifier') out.push(id.text);
  }
  return out;
}

function indexName(target: SyntaxNode): string | null {
  const idx = target.child('index');
  return idx && unwrap(idx).type === 'identifier' ? unwrap(idx).text : null;
}

/** Assignments `x[k] = v` in a function, in order. */
function computedAssignments(fn: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [fn];
  let budget = 4000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'assignment_expression' && n.child('left')?.type === 'subscript_expression') out.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) {
      const c = n.children[i] as SyntaxNode;
      if (c.named) stack.push(c);
    }
  }
  return out;
}

/**
 * A deep merge/clone helper that copies keys from one object into another and recurses, or a
 * path setter that walks `cur = cur[part]` before `cur[last] = value` — without keeping
 * `__proto__`/`constructor` out. Reported once per function, at the write.
 */
function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  const left = node.child('left');
  if (!left || left.type !== 'subscript_expression') return false;
  const index = left.child('index');
  if (!index || index.type === 'string' || index.type === 'number') return false;
  const fn = enclosingFunction(node);
  if (!fn) return false;
  // Nested arrow callbacks (forEach) belong to the helper that declares them.
  let helper: SyntaxNode = fn;
  while ((helper.type === 'arrow_function' || helper.type === 'function_expression') && helper.parent?.type === 'arguments') {
    const outer = enclosingFunction(helper);
    if (!outer) break;
    helper = outer;
  }
  if (guarded(helper.text) || guardedByList(helper.text, ctx.code)) return false;
  const name = functionName(helper);
  const assignments = computedAssignments(helper);
  const keys = keyVariables(helper);
  const key = indexName(left);

  // 1. Recursive merge: `target[key] = …` with key from the source's keys, and a recursive call,
  // writing into an object it was given (not into a fresh copy: `const out = { ...base }`).
  const written = left.child('object');
  const params = new Set(paramNames(helper));
  const target = written ? unwrap(written).text : '';
  if (key && keys.has(key) && name && written && unwrap(written).type === 'identifier' && params.has(target) && keys.get(key) !== target) {
    const body = helper.child('body')?.text ?? '';
    // The recursion descends into the key: `merge(target[key], source[key])`.
    const k = key.replace(/\$/g, '\\$');
    const calls = recursiveCallArgs(body, name);
    // … or through a variable read from it: `const existing = target[key]; merge(existing, incoming)`.
    const viaKey = (arg: string) =>
      new RegExp(`\\[\\s{0,8}${k}\\s{0,8}\\]`).test(arg) ||
      (arg.match(/[A-Za-z_$][\w$]*/g) ?? []).some((id) =>
        new RegExp(`(?:const|let|var)\\s{1,8}${id.replace(/\$/g, '\\$')}\\s{0,8}=\\s{0,8}[\\w$.]+\\[\\s{0,8}${k}\\s{0,8}\\]`).test(body),
      );
    const recursive = calls.some(viaKey);
    if (recursive) {
      const writes = assignments.filter((a) => keys.has(indexName(a.child('left') as SyntaxNode) ?? ''));
      // The copy of a value, not the creation of an intermediate object (`target[key] = {}`) nor the recursion's result.
      const self = new RegExp(`(?:^|[^\\w.$])${name.replace(/\$/g, '\\$')}\\s{0,8}\\(`);
      const copy =
        writes.find(
          (a) =>
            !/^(?:\{\s{0,8}\}|\[\s{0,8}\]|Object\.create\([^)]*\)|[\w.$]+\[\w+\]\s{0,8}(?:\|\||\?\?)\s{0,8}\{\s{0,8}\})$/.test(a.child('right')?.text ?? '') &&
            !self.test(a.child('right')?.text ?? ''),
        ) ?? writes[0];
      return copy === node ? { message: `${name}() copies keys from one object into another recursively without rejecting "__proto__" and "constructor"` } : false;
    }
  }

  // 2. Path setter: `cur = cur[part]` walks down, then `cur[last] = value` writes.
  const obj = left.child('object');
  if (obj && unwrap(obj).type === 'identifier') {
    const cur = unwrap(obj).text;
    const walk = walkInLoop(helper, cur);
    // The last key comes from the same path as the walk (`cur[parts[parts.length - 1]]`, `cur[last]` with `last = parts.pop()`).
    let pathRoot = walk?.[1] ?? null;
    // `for (const k of keys) node = node[k]`: the walk's key comes from the path array.
    if (pathRoot) {
      // `const p = parts[i]; … cur = cur[p]`: the walk's key is an element of the path array.
      const keyDecl = new RegExp(`(?:const|let|var)\\s{1,8}${pathRoot.replace(/\$/g, '\\$')}\\s{0,8}=\\s{0,8}([\\w$]+)\\s{0,8}\\[`).exec(helper.text);
      if (keyDecl?.[1]) pathRoot = `${pathRoot}|${keyDecl[1]}`;
      const loop = new RegExp(`for\\s{0,8}\\(\\s{0,8}(?:const|let|var)\\s{1,8}${pathRoot.replace(/\$/g, '\\$')}\\s{1,8}of\\s{1,8}([\\w$]+)`).exec(helper.text);
      if (loop?.[1]) pathRoot = `${pathRoot}|${loop[1]}`;
    }
    const indexNode = left.child('index');
    const indexText = indexNode ? unwrap(indexNode).text : '';
    const sameRoot = (text: string) => pathRoot !== null && new RegExp(`(?:^|[^\\w$.])(?:${pathRoot.replace(/\$/g, '\\$')})(?![\\w$])`).test(text);
    const fromPath = sameRoot(indexText) || (indexNode !== null && unwrap(indexNode).type === 'identifier' && sameRoot(declaredValue(unwrap(indexNode))?.text ?? ''));
    if (walk && fromPath) {
      const writes = assignments.filter((a) => {
        const l = a.child('left') as SyntaxNode;
        const o = l.child('object');
        const r = a.child('right')?.text ?? '';
        // Not the creation of intermediate objects on the way down (`if (!cur[k]) cur[k] = {}`).
        if (/^(?:\{\}|\[\]|Object\.create\([^)]{0,20}\))$/.test(r.replace(/\s+/g, ''))) return false;
        return o !== null && unwrap(o).text === cur && !r.includes(`${cur}[`) && (l.child('index')?.type ?? 'string') !== 'string';
      });
      const last = writes[writes.length - 1];
      return last === node
        ? { message: `${name ?? 'This function'} walks an object along a key path and writes the last key without rejecting "__proto__" and "constructor"` }
        : false;
    }
  }
  return false;
}

export default defineRule({
  class: 'prototype-pollution',
  confidence: 'medium',
  cwe: ['CWE-1321'],
  languages: ['javascript', 'typescript'],
  message: 'A recursive merge or path setter writes attacker-chosen keys without rejecting "__proto__" and "constructor"',
  remediation:
    'Skip the keys `__proto__`, `constructor` and `prototype` (`if (key === "__proto__" || key === "constructor" || key === "prototype") continue;`), copy only own properties of plain objects, or merge into `Object.create(null)` / a `Map`. Prefer a maintained library (lodash ≥ 4.17.21).',
  references: ['https://cwe.mitre.org/data/definitions/1321.html', 'https://cheatsheetseries.owasp.org/cheatsheets/Prototype_Pollution_Prevention_Cheat_Sheet.html'],
  matcher: { kind: 'node', types: ['assignment_expression'], where: check },
});
