import { assignedValue, constantUpperBound, norm, show } from '../../lang/c/analysis.ts';
import { bufferOf, callArgs, calledName, constInt, descendants, findDeclaration, subscriptIndex, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const SUBSCRIPTS = new Set(['subscript_expression']);

/** Elements of a fixed array (or sized heap block) `base`, or null. */
function elements(base: SyntaxNode, at: SyntaxNode): number | null {
  const buf = bufferOf(base, at);
  if (!buf || buf.kind === 'pointer') return null;
  return buf.elements;
}

/** A constant index at or past the end: `buf[sizeof buf] = 0`, `arr[10]` of `int arr[10]`. */
function constantIndex(node: SyntaxNode): Verdict {
  const index = subscriptIndex(node);
  const base = node.child('argument');
  if (!index || !base) return false;
  const k = constInt(index);
  if (k === null) return false;
  const n = elements(base, node);
  if (n === null || n <= 0) return false;
  if (k < n && k >= 0) return false;
  // `&buf[N]` is the legal one-past-the-end pointer.
  if (k === n && node.parent?.type === 'pointer_expression' && node.parent.child('operator')?.text === '&') return false;
  // Only evaluated, never used: sizeof(arr[10]).
  if (node.ancestor(new Set(['sizeof_expression']))) return false;
  return { message: `Index ${index.text.replace(/\s+/g, ' ')} is outside ${show(base)}, which has ${n} elements (valid indexes are 0 to ${n - 1})` };
}

/** `buf = malloc(size); … buf[size] = '\0';`: the index is the size of the block, one past its end. */
function sizeIndex(node: SyntaxNode): Verdict {
  const index = subscriptIndex(node);
  const base = node.child('argument');
  if (!index || !base || !(node.parent?.type === 'assignment_expression' && node.parent.child('left') === node)) return false;
  const buf = bufferOf(base, node);
  if (!buf) return false;
  const size = buf.kind === 'heap' ? buf.alloc : buf.kind === 'array' && buf.elements === null ? (buf.decl?.arrays[0] ?? null) : null;
  if (!size || buf.elemSize !== 1) return false;
  const s = norm(size).replace(/\*sizeof\(char\)$|^sizeof\(char\)\*/, '');
  if (s !== norm(index) || constInt(index) !== null) return false;
  return {
    cwe: ['CWE-193', 'CWE-787'],
    message: `${show(base)} holds ${show(size)} bytes, so ${show(base)}[${show(index)}] writes one past the end: allocate ${show(size)} + 1 for the terminator`,
  };
}

/** `n = read(fd, buf, sizeof buf); buf[n] = '\0';`: n can be the whole buffer. */
function lengthIndex(node: SyntaxNode): Verdict {
  const index = subscriptIndex(node);
  const base = node.child('argument');
  if (!index || !base || unwrap(index).type !== 'identifier') return false;
  if (!(node.parent?.type === 'assignment_expression' && node.parent.child('left') === node)) return false;
  const value = assignedValue(index, node);
  if (!value) return false;
  const call = unwrap(value);
  if (call.type !== 'call_expression') return false;
  const name = calledName(call);
  const sizeArg: Record<string, [number, number]> = { read: [1, 2], recv: [1, 2], recvfrom: [1, 2], fread: [0, 2], pread: [1, 2], readlink: [1, 2], SSL_read: [1, 2] };
  const shape = name ? sizeArg[name] : undefined;
  if (!shape) return false;
  const args = callArgs(call);
  const into = args[shape[0]];
  const size = args[shape[1]];
  if (!into || !size) return false;
  // `recv(fd, buf, …)`, and for a std::array `recv(fd, buf.data(), …)` / `&buf[0]`.
  const b = norm(unwrap(base));
  if (![b, `${b}.data()`, `&${b}[0]`].includes(norm(unwrap(into)))) return false;
  const n = elements(base, node);
  // `read(fd, arr.data(), arr.size())` on a std::array: the whole array.
  const s = constInt(size) ?? (n !== null && norm(size) === `${b}.size()` ? n : null);
  if (n === null || s === null || s < n) return false;
  // `if (n >= sizeof buf) …` / `if (n == sizeof buf)` before the write handles the full buffer.
  const fn = node.ancestor(new Set(['function_definition']));
  const guard = fn
    ? descendants(fn, new Set(['binary_expression'])).some(
        (b) =>
          b.start > call.end &&
          b.end < node.start &&
          /^(?:<|<=|>|>=|==)$/.test(b.child('operator')?.text ?? '') &&
          (norm(b.child('left') ?? b) === index.text || norm(b.child('right') ?? b) === index.text) &&
          !/^-?[01]$|^0$/.test(norm(b.child('right') ?? b)),
      )
    : false;
  if (guard) return false;
  return {
    cwe: ['CWE-193', 'CWE-787'],
    message: `${name}() can fill all ${n} bytes of ${show(base)}, so ${show(base)}[${index.text}] = … writes one past the end: read at most sizeof ${show(base)} - 1`,
  };
}

/** `for (i = 0; i <= N; i++) buf[i] = …` with `buf[N]`: the loop runs one element too far. */
function loopBounds(loop: SyntaxNode): Verdict {
  const cond = loop.child('condition');
  if (!cond || cond.type !== 'binary_expression') return false;
  const op = cond.child('operator')?.text ?? '';
  let counter: SyntaxNode | null = null;
  let limit: SyntaxNode | null = null;
  let inclusive = false;
  const left = cond.child('left');
  const right = cond.child('right');
  if (!left || !right) return false;
  if (op === '<' || op === '<=') {
    counter = left;
    limit = right;
    inclusive = op === '<=';
  } else if (op === '>' || op === '>=') {
    counter = right;
    limit = left;
    inclusive = op === '>=';
  } else return false;
  const c = unwrap(counter);
  if (c.type !== 'identifier') return false;
  // `for (i = 0; i <= v.size(); i++) v[i] = …`: the last turn indexes one past the end of the container.
  if (inclusive) {
    const m = /^([A-Za-z_]\w*)(?:\.|->)(?:size|length)\(\)$/.exec(norm(limit));
    const container = m?.[1];
    const decl = container ? findDeclaration(container, loop) : null;
    if (container && decl && /\b(?:vector|array|deque|span)\b/.test(decl.type)) {
      const body = loop.child('body');
      const hit = body ? descendants(body, SUBSCRIPTS).find((s) => norm(s.child('argument') ?? s) === container && norm(subscriptIndex(s) ?? s) === c.text) : undefined;
      if (hit) return { node: loop, cwe: ['CWE-193', 'CWE-787'], message: `The loop runs ${c.text} up to ${container}.size(), so ${show(hit)} indexes one past the last element` };
    }
  }
  const bound = constInt(limit);
  if (bound === null) return false;
  const update = loop.child('update');
  if (!update || !new RegExp(`^(?:\\+\\+${c.text}|${c.text}\\+\\+|${c.text}\\+=1)$`).test(norm(update))) return false;
  const top = inclusive ? bound : bound - 1;
  const body = loop.child('body');
  if (!body) return false;
  for (const s of descendants(body, SUBSCRIPTS)) {
    const index = subscriptIndex(s);
    const base = s.child('argument');
    if (!index || !base) continue;
    const iv = unwrap(index);
    let offset: number | null = null;
    if (iv.type === 'identifier' && iv.text === c.text) offset = 0;
    else if (iv.type === 'binary_expression' && unwrap(iv.child('left') ?? iv).text === c.text) {
      const k = constInt(iv.child('right'));
      const o = iv.child('operator')?.text;
      if (k !== null && (o === '+' || o === '-')) offset = o === '+' ? k : -k;
    }
    if (offset === null) continue;
    const n = elements(base, s);
    if (n === null || top + offset < n) continue;
    // An earlier `break`/bounds check inside the body would need path reasoning: skip bodies that test the counter.
    if (descendants(body, new Set(['if_statement'])).some((i) => i.child('condition')?.text.includes(c.text))) continue;
    return {
      node: loop,
      cwe: ['CWE-193', 'CWE-787'],
      message: `The loop runs ${c.text} up to ${top}, so ${show(s)} reaches index ${top + offset} of ${show(base)}, which has ${n} elements`,
    };
  }
  return false;
}

/**
 * `if (n > MAX_OPTS) goto fail; opts[n] = …` with `opts[MAX_OPTS]`: the guard lets the index reach
 * the array's length, one past its last element (`>` where `>=` was meant).
 */
function guardIndex(node: SyntaxNode): Verdict {
  const index = subscriptIndex(node);
  const base = node.child('argument');
  if (!index || !base || constInt(index) !== null) return false;
  const i = unwrap(index);
  if (i.type !== 'identifier' && i.type !== 'field_expression') return false;
  const max = constantUpperBound(i, node);
  if (max === null) return false;
  const n = elements(base, node);
  if (n === null || n <= 0) return false;
  // A loop bound (`for (i = 0; i <= N; i++)`) is reported at the loop.
  for (let a = node.parent; a && a.type !== 'function_definition'; a = a.parent) {
    if (
      (a.type === 'for_statement' || a.type === 'while_statement') &&
      a.child('condition') &&
      descendants(a.child('condition') as SyntaxNode, new Set(['identifier', 'field_expression']), 50).some((x) => norm(x) === norm(i))
    )
      return false;
  }
  if (max !== n) return false;
  // One report per guard: the first access through it.
  const fn = node.ancestor(new Set(['function_definition']));
  const key = `${norm(base)}[${norm(i)}]`;
  if (fn && descendants(fn, SUBSCRIPTS).some((s) => s.start < node.start && `${norm(s.child('argument') ?? s)}[${norm(subscriptIndex(s) ?? s)}]` === key)) return false;
  return {
    cwe: ['CWE-193', 'CWE-787'],
    message: `The check before this lets ${show(i)} be ${n}, but ${show(base)} has ${n} elements (valid indexes are 0 to ${n - 1}): compare with >= instead of >`,
  };
}

function offByOne(node: SyntaxNode, _ctx: MatchContext): Verdict {
  if (node.type === 'for_statement') return loopBounds(node);
  return constantIndex(node) || lengthIndex(node) || sizeIndex(node) || guardIndex(node);
}

export default defineRule({
  class: 'out-of-bounds-index',
  confidence: 'high',
  cwe: ['CWE-787', 'CWE-193'],
  languages: ['c', 'cpp'],
  message: 'This access is outside the declared array bounds',
  remediation: 'Valid indexes of `T a[N]` are 0 to N - 1: loop with `i < N` (or `i < sizeof a / sizeof a[0]`), and terminate strings at `buf[sizeof buf - 1]`.',
  references: [
    'https://cwe.mitre.org/data/definitions/193.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/ARR30-C.+Do+not+form+or+use+out-of-bounds+pointers+or+array+subscripts',
  ],
  matcher: { kind: 'node', types: ['subscript_expression', 'for_statement'], where: offByOne },
});
