import { norm, show } from '../../lang/c/analysis.ts';
import { classify, forwardScan, occurrences } from '../../lang/c/flow.ts';
import { callArgs, declaratorShape, descendants, findDeclaration, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Methods that may reallocate a vector's or a string's storage (every reference, pointer and iterator into it dangles). */
const REALLOCATING = new Set([
  'push_back',
  'emplace_back',
  'insert',
  'emplace',
  'resize',
  'reserve',
  'assign',
  'append',
  'shrink_to_fit',
  'clear',
  'erase',
  'insert_range',
  'append_range',
]);
/** Accessors that return a reference, pointer or iterator into a container's storage. */
const ACCESSORS = ['.front()', '.back()', '.data()', '.begin()', '.end()', '.rbegin()', '.cbegin()', '.at(', '[', '.c_str()'];

/** The declared type of a container expression (`v`, `this->items_`, `items_`), or null. */
function containerType(receiver: SyntaxNode): string | null {
  let r = unwrap(receiver);
  if (r.type === 'field_expression' && r.child('argument')?.type === 'this') r = r.child('field') ?? r;
  if (r.type !== 'identifier' && r.type !== 'field_identifier') return null;
  const d = findDeclaration(r.text, r);
  return d && d.pointers === 0 ? d.type : null;
}

const CONTIGUOUS = new Set(['vector', 'basic_string', 'string', 'wstring', 'u8string', 'u16string', 'u32string']);

/** Whether a container type keeps its elements in one reallocated block: `std::vector<T>`, `std::string`. */
function contiguous(type: string): boolean {
  const words = type.split(' ').filter((w) => w !== 'const' && w !== 'static' && w !== 'mutable');
  const head = (words[words.length - 1] ?? '').split('<')[0] ?? '';
  const name = head.includes('::') ? head.slice(head.lastIndexOf('::') + 2) : head;
  return CONTIGUOUS.has(name);
}

/** The container's name as written without `this->`: `this->items_` → `items_`. */
function containerName(receiver: SyntaxNode): string {
  const text = norm(unwrap(receiver));
  return text.startsWith('this->') ? text.slice(6) : text;
}

/** Whether a value refers into the container: `v.front()`, `v[i]`, `&v[0]`, `v.begin()`, `c ? v.back() : x`. */
function refersInto(value: SyntaxNode, container: string): boolean {
  const text = norm(value);
  for (const a of ACCESSORS) {
    let from = 0;
    for (let k = 0; k < 16; k++) {
      const i = text.indexOf(`${container}${a}`, from);
      if (i < 0) break;
      const before = text[i - 1];
      if (before === undefined || !/[\w.>]/.test(before) || text.slice(Math.max(0, i - 6), i) === 'this->') return true;
      from = i + 1;
    }
  }
  return false;
}

/** References, pointers and iterators into `container` declared in the function before `at`. */
function referencesInto(container: string, fn: SyntaxNode, at: SyntaxNode): string[] {
  const out: string[] = [];
  for (const d of descendants(fn, new Set(['init_declarator']), 20_000)) {
    if (d.start >= at.start) break;
    const value = d.child('value');
    if (!value || !refersInto(value, container)) continue;
    const shape = declaratorShape(d);
    if (!shape.name || shape.name.type !== 'identifier') continue;
    const type = d.parent?.child('type')?.text ?? '';
    // A reference or pointer, or an iterator (`auto it = v.begin()`); `auto x = v.front()` is a copy.
    const iterator = /iterator/.test(type) || (/^(?:const\s+)?auto$/.test(type.trim()) && /\.(?:c?r?begin|c?r?end)\(\)/.test(norm(value)));
    if (shape.reference || shape.pointers > 0 || iterator) out.push(shape.name.text);
  }
  return out;
}

/** References and pointers declared before `at` into the element an iterator points at: `auto &v = it->second`, `T *p = &*it`. */
function referencesThrough(it: string, fn: SyntaxNode, at: SyntaxNode): string[] {
  const out: string[] = [];
  for (const d of descendants(fn, new Set(['init_declarator']), 20_000)) {
    if (d.start >= at.start) break;
    const value = d.child('value');
    if (!value) continue;
    const raw = norm(value);
    const text = raw.replace(/^&/, '');
    if (!(text.startsWith(`${it}->`) || text.startsWith(`*${it}`) || text.startsWith(`(*${it})`))) continue;
    const shape = declaratorShape(d);
    // A pointer only when it is the element's address (`&it->second`); `Conn *c = it->second` is a stored pointer erase() does not free.
    if (shape.name?.type === 'identifier' && (shape.reference || (shape.pointers > 0 && raw.startsWith('&')))) out.push(shape.name.text);
  }
  return out;
}

/** The first use of `name` on the path after `stmt`, unless it is reassigned first. */
function usedAfter(stmt: SyntaxNode, name: string): SyntaxNode | null {
  let found: SyntaxNode | null = null;
  forwardScan(stmt, (s) => {
    const occ = occurrences(s, name);
    if (occ.length === 0) return 'continue';
    const first = occ[0] as SyntaxNode;
    if (classify(first) !== 'assign') found = first;
    return 'stop';
  });
  return found;
}

/** Calls that put one element into a container (its value is the last argument), and calls that only look. */
const FILLERS = new Set(['push_back', 'push_front', 'emplace_back', 'emplace_front', 'insert', 'emplace']);
const LOOKS = new Set(['begin', 'end', 'cbegin', 'cend', 'clear', 'size', 'empty']);
const INTEGER = /^-?(?:0|[1-9][0-9]{0,8})$/;

/**
 * The numbers a local container holds when nothing but constant insertions fill it in `fn`
 * (`list<int> v; v.push_back(100); v.push_back(200);`), or null when anything else touches it.
 */
function constantContents(container: string, fn: SyntaxNode): number[] | null {
  const values: number[] = [];
  for (const id of descendants(fn, new Set(['identifier']))) {
    if (id.text !== container) continue;
    const p = id.parent;
    if (p?.type === 'declaration') continue;
    const call = p?.parent;
    if (p?.type !== 'field_expression' || p.child('argument') !== id || call?.type !== 'call_expression') return null;
    const method = p.child('field')?.text ?? '';
    if (LOOKS.has(method)) continue;
    if (!FILLERS.has(method)) return null;
    const args = callArgs(call);
    const text = args.length > 0 ? unwrap(args[args.length - 1] as SyntaxNode).text.replace(/\s+/g, '') : '';
    if (!INTEGER.test(text)) return null;
    values.push(Number(text));
  }
  return values;
}

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};
const MIRROR: Record<string, string> = { '==': '==', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/** Whether `cond` tests the element `*it` (`!*it`, `*it == 0`, `5 < *it`) in a way some of `values` pass; null if it is no such test. */
function elementTestHolds(cond: SyntaxNode, it: string, values: readonly number[]): boolean | null {
  const c = unwrap(cond.type === 'condition_clause' ? (cond.namedChildren.find((x) => x.type !== 'comment') ?? cond) : cond);
  const deref = (n: SyntaxNode | null): boolean => {
    const v = n ? unwrap(n) : null;
    return v?.type === 'pointer_expression' && v.child('operator')?.text === '*' && unwrap(v.child('argument') ?? v).text === it;
  };
  if (c.type === 'unary_expression' && c.child('operator')?.text === '!' && deref(c.child('argument'))) return values.some((v) => v === 0);
  if (c.type !== 'binary_expression') return null;
  const op = c.child('operator')?.text ?? '';
  const left = c.child('left');
  const right = c.child('right');
  if (!COMPARE[op] || !left || !right) return null;
  const [k, o] = deref(left) ? [unwrap(right).text, op] : deref(right) ? [unwrap(left).text, MIRROR[op] as string] : [null, op];
  if (k === null || !INTEGER.test(k)) return null;
  const test = COMPARE[o] as (a: number, b: number) => boolean;
  return values.some((v) => test(v, Number(k)));
}

/**
 * Whether the `if` around a clear() inside the loop tests the element (`if (!*it) v.clear();`) in a
 * way no element of the container passes: it was filled only with constants (`push_back(100)`), so
 * the branch never runs and nothing is cleared.
 */
function neverTaken(clear: SyntaxNode, loop: SyntaxNode, it: string, container: string, fn: SyntaxNode): boolean {
  let branch: SyntaxNode | null = null;
  for (let a = clear.parent; a && a !== loop; a = a.parent) {
    if (a.type === 'if_statement' && a.child('consequence')?.contains(clear)) {
      branch = a;
      break;
    }
  }
  const cond = branch?.child('condition');
  if (!cond) return false;
  const values = constantContents(container, fn);
  return values !== null && values.length > 0 && elementTestHolds(cond, it, values) === false;
}

function invalidation(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const fnNode = node.child('function');
  if (fnNode?.type !== 'field_expression') return false;
  const method = fnNode.child('field')?.text ?? '';
  const receiver = fnNode.child('argument');
  if (!receiver || !REALLOCATING.has(method)) return false;
  const fn = node.ancestor(new Set(['function_definition', 'lambda_expression']));
  if (!fn) return false;
  const type = containerType(receiver);
  if (!type) return false;
  const container = containerName(receiver);
  const args = callArgs(node);
  // `m.erase(it);` without taking the next iterator back: `it` dangles (any container).
  if (method === 'erase' && node.parent?.type === 'expression_statement' && args.length === 1 && unwrap(args[0] as SyntaxNode).type === 'identifier') {
    const it = unwrap(args[0] as SyntaxNode).text;
    const use = usedAfter(node, it);
    if (use) {
      return {
        node: use,
        message: `${it} is used after ${container}.erase(${it}) invalidated it: continue with the iterator erase() returns (\`${it} = ${container}.erase(${it})\`)`,
      };
    }
    // `const Entry &e = it->second; m.erase(it); log(e.name);`: the element erase() destroyed.
    for (const ref of referencesThrough(it, fn, node)) {
      const refUse = usedAfter(node, ref);
      if (refUse) {
        return {
          node: refUse,
          message: `${ref} refers to the element ${it} pointed at, which ${container}.erase(${it}) on line ${node.location.startLine} destroyed: ${show(refUse)} reads freed memory`,
        };
      }
    }
    return false;
  }
  // `for (it = c.begin(); it != c.end(); ++it) { … c.clear(); … *it … }`: clear() ends every iterator, in any container.
  if (method === 'clear') {
    for (let a = node.parent; a && a !== fn; a = a.parent) {
      if (a.type !== 'for_statement' || !a.child('body')?.contains(node)) continue;
      const init = a.child('initializer');
      const target =
        init?.type === 'assignment_expression'
          ? init.child('left')
          : init?.type === 'declaration'
            ? declaratorShape(init.namedChildren.find((c) => c.type === 'init_declarator') ?? null).name
            : null;
      const value =
        init?.type === 'assignment_expression'
          ? init.child('right')
          : init?.type === 'declaration'
            ? (init.namedChildren.find((c) => c.type === 'init_declarator')?.child('value') ?? null)
            : null;
      if (!target || !value || unwrap(target).type !== 'identifier' || !refersInto(value, container)) continue;
      const it = unwrap(target).text;
      if (neverTaken(node, a, it, container, fn)) return false;
      const use = usedAfter(node, it);
      if (use)
        return {
          node: use,
          cwe: ['CWE-672', 'CWE-416'],
          message: `${it} iterates over ${container}, which ${container}.clear() on line ${node.location.startLine} emptied: ${show(use)} uses an iterator that no longer points into it`,
        };
    }
  }
  if (!contiguous(type)) return false;
  // `for (auto &x : v) v.push_back(…)`: the loop's own iterator dangles.
  for (let a = node.parent; a && a !== fn; a = a.parent) {
    if (a.type === 'for_range_loop' && containerName(a.child('right') ?? a) === container && a.child('body')?.contains(node)) {
      return { message: `${container}.${method}() inside a range-for over ${container} can reallocate it under the loop's iterator` };
    }
  }
  for (const ref of referencesInto(container, fn, node)) {
    const use = usedAfter(node, ref);
    if (use) {
      return {
        node: use,
        message: `${ref} refers into ${container}, and ${container}.${method}() on line ${node.location.startLine} can reallocate its storage: ${show(use)} then reads freed memory`,
      };
    }
  }
  return false;
}

export default defineRule({
  class: 'use-after-free',
  confidence: 'medium',
  cwe: ['CWE-416', 'CWE-664'],
  languages: ['cpp'],
  message: 'A reference, pointer or iterator into a container is used after the container may have reallocated',
  remediation:
    'Take references into a std::vector or std::string only after the last call that can grow or shrink it (push_back, insert, resize, erase), copy the element instead, or keep an index; after erase() continue with the iterator it returns.',
  references: [
    'https://cwe.mitre.org/data/definitions/416.html',
    'https://wiki.sei.cmu.edu/confluence/display/cplusplus/CTR51-CPP.+Use+valid+references%2C+pointers%2C+and+iterators+to+reference+elements+of+a+container',
  ],
  matcher: { kind: 'node', types: ['call_expression'], where: invalidation },
});
