import {
  boundedAtDefinition,
  enclosingCheck,
  isIntegerExpr,
  lengthChecked,
  sizedBy,
  maxStringLength,
  memoryTaint,
  norm,
  show,
  untrusted,
  upperBounded,
} from '../../lang/c/analysis.ts';
import { assignedValue } from '../../lang/c/analysis.ts';
import {
  bufferOf,
  callArgs,
  calledName,
  constInt,
  descendants,
  enclosingFunction,
  findDeclaration,
  functionName,
  rootOf,
  scopeDescendants,
  subscriptIndex,
  unwrap,
} from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Whether the index is derived from the length of the indexed string itself (`s[strlen(s) - 1]`). */
function ownLength(index: SyntaxNode, base: SyntaxNode, at: SyntaxNode): boolean {
  const b = norm(unwrap(base));
  const text = norm(index);
  const own = (t: string): boolean =>
    t.includes(`strlen(${b})`) || t.includes(`strcspn(${b},`) || t.includes(`strnlen(${b},`) || t.includes(`${b}.size()`) || t.includes(`${b}.length()`);
  if (own(text)) return true;
  const v = unwrap(index);
  const ids =
    v.type === 'identifier'
      ? [v]
      : v.type === 'binary_expression'
        ? [v.child('left'), v.child('right')].filter((x): x is SyntaxNode => x !== null && unwrap(x).type === 'identifier')
        : [];
  return ids.some((id) => {
    const value = assignedValue(id, at);
    return value !== null && own(norm(value));
  });
}

/** Whether `text` subtracts `base` (`eol-p`, `(size_t)(q-buf)`), with `base` not part of a longer name. */
function subtracts(text: string, base: string): boolean {
  if (!base) return false;
  for (let i = text.indexOf(`-${base}`); i >= 0; i = text.indexOf(`-${base}`, i + 1)) {
    const after = text[i + 1 + base.length];
    if (text[i - 1] === '-') continue;
    if (after === undefined) return true;
    if (/[\w.[]/.test(after) || (after === '-' && text[i + 2 + base.length] === '>')) continue;
    return true;
  }
  return false;
}

/**
 * `len = eol - p; … p[len - 1]`: the index is the distance of a pointer into the indexed buffer itself
 * (found by memchr/strchr in it), so it stays inside what was searched.
 */
function distanceInto(index: SyntaxNode, base: SyntaxNode, at: SyntaxNode): boolean {
  const b = norm(unwrap(base));
  if (subtracts(norm(index), b)) return true;
  const v = unwrap(index);
  const ids =
    v.type === 'identifier'
      ? [v]
      : v.type === 'binary_expression'
        ? [v.child('left'), v.child('right')].filter((x): x is SyntaxNode => x !== null && unwrap(x).type === 'identifier')
        : [];
  return ids.some((id) => {
    const value = assignedValue(unwrap(id), at);
    return value !== null && subtracts(norm(value), b);
  });
}

/** For `arr[i]` inside `for (i = 0; i < n; i++)`: the loop bound n when i is the loop counter. */
function loopBound(index: SyntaxNode, at: SyntaxNode): SyntaxNode | null {
  const v = unwrap(index);
  if (v.type !== 'identifier') return null;
  for (let a = at.parent; a; a = a.parent) {
    if (a.type === 'function_definition') return null;
    if (a.type !== 'for_statement') continue;
    const cond = a.child('condition');
    if (!cond || cond.type !== 'binary_expression') continue;
    const op = cond.child('operator')?.text;
    const left = cond.child('left');
    const right = cond.child('right');
    if (!left || !right) continue;
    if ((op === '<' || op === '<=') && norm(left) === v.text) return right;
    if ((op === '>' || op === '>=') && norm(right) === v.text) return left;
  }
  return null;
}

/** Whether an index variable is declared with a signed type (so it can be negative). */
function signedVariable(index: SyntaxNode): boolean {
  const v = unwrap(index);
  if (v.type !== 'identifier') return false;
  const d = findDeclaration(v.text, v);
  if (!d) return false;
  return /^(?:(?:const|volatile|register|static|signed)\s+)*(?:int|long|short|long long|long int|int(?:8|16|32|64)_t|ssize_t|off_t|INT|LONG)$/.test(d.type.trim());
}

/** Whether a signed index is checked against zero (`i < 0`, `i >= 0`) or compared as unsigned before `at`. */
function lowerBounded(index: SyntaxNode, at: SyntaxNode): boolean {
  const name = unwrap(index).text;
  const fn = enclosingFunction(at);
  if (!fn) return false;
  for (const b of scopeDescendants(fn, ['binary_expression'])) {
    if (b.start >= at.start) break;
    if (!/^(?:<|<=|>|>=)$/.test(b.child('operator')?.text ?? '')) continue;
    const l = b.child('left');
    const r = b.child('right');
    if (!l || !r) continue;
    for (const [x, y] of [
      [l, r],
      [r, l],
    ] as const) {
      if (unwrap(x).text !== name) continue;
      if (/^(?:-?\d+|'\\0')$/.test(norm(y)) && Number.parseInt(norm(y), 10) <= 0) return true;
      // `(size_t)i >= n`, `(unsigned)i < n`: the cast makes a negative value huge.
      if (x.type === 'cast_expression' && /unsigned|size_t|uint/.test(x.child('type')?.text ?? '')) return true;
    }
  }
  return false;
}

/**
 * A copy loop that stops at the source's terminator (`while (src[i]) { dst[i] = src[i]; i++; }`)
 * writing into a fixed-size array without comparing the counter against its size.
 */
function copyUntilTerminator(index: SyntaxNode, base: SyntaxNode, at: SyntaxNode, ctx: MatchContext): Verdict {
  const i = unwrap(index);
  if (i.type !== 'identifier') return false;
  const buf = bufferOf(base, at);
  if (!buf || buf.kind !== 'array' || buf.elements === null) return false;
  const loop = at.ancestor(new Set(['while_statement', 'for_statement', 'do_statement']));
  if (!loop) return false;
  const cond = loop.child('condition');
  if (!cond) return false;
  // The counter compared with anything in the condition or the body bounds the copy.
  const relational = (n: SyntaxNode): boolean =>
    descendants(n, new Set(['binary_expression'])).some(
      (b) =>
        /^(?:<|<=|>|>=)$/.test(b.child('operator')?.text ?? '') &&
        (norm(b.child('left') ?? b) === i.text || norm(b.child('right') ?? b) === i.text || norm(b).includes(`${i.text}+`) || norm(b).includes(`${i.text}<`)),
    );
  if (relational(cond) || (loop.child('body') && relational(loop.child('body') as SyntaxNode))) return false;
  const source = descendants(cond, new Set(['subscript_expression'])).find(
    (sub) => norm(subscriptIndex(sub) ?? sub) === i.text && norm(sub.child('argument') ?? sub) !== norm(base),
  );
  if (!source) return false;
  const srcBase = source.child('argument');
  if (!srcBase) return false;
  const srcLen = maxStringLength(ctx, srcBase, at);
  if (srcLen !== null && srcLen + 1 <= buf.elements) return false;
  if (lengthChecked(srcBase, loop, buf.elements)) return false;
  const t = memoryTaint(ctx, srcBase);
  if (!t) return false;
  return {
    confidence: untrusted(t) ? 'high' : 'medium',
    cwe: ['CWE-120', 'CWE-787'],
    message: `The loop copies ${show(srcBase)} into ${show(base)} (${buf.elements} elements) until the source ends, without checking ${i.text} against the size of ${show(base)}`,
  };
}

/**
 * `memcpy(dst, src, n); dst[n] = '\0';`: the terminator after a copy of n bytes is as safe as the
 * copy, which is where an unchecked n is reported.
 */
function terminatesCopy(index: SyntaxNode, base: SyntaxNode, at: SyntaxNode): boolean {
  const i = norm(unwrap(index));
  const b = norm(unwrap(base));
  const fn = enclosingFunction(at);
  if (!fn) return false;
  for (const call of scopeDescendants(fn, ['call_expression'])) {
    if (call.start >= at.start) break;
    const name = calledName(call);
    if (!name || !/^(?:memcpy|memmove|strncpy|strncat|memcpy_s|fread|read|recv)$/.test(name)) continue;
    const args = callArgs(call);
    const dst = name === 'read' || name === 'recv' ? args[1] : args[0];
    const size = name === 'fread' ? args[2] : args[2];
    if (dst && size && norm(unwrap(dst)) === b && norm(unwrap(size)) === i) return true;
  }
  return false;
}

/**
 * A loop that walks a pointer over the source until a delimiter (`while (*p && *p != '=') key[i++] =
 * *p++;`) writing into a fixed-size array without comparing the counter against its size.
 */
function pointerCopyLoop(index: SyntaxNode, base: SyntaxNode, at: SyntaxNode, ctx: MatchContext): Verdict {
  const i = unwrap(index);
  const counter = i.type === 'update_expression' ? unwrap(i.child('argument') ?? i) : i;
  if (counter.type !== 'identifier') return false;
  const buf = bufferOf(base, at);
  if (!buf || buf.kind !== 'array' || buf.elements === null) return false;
  const assignment = at.parent;
  const value = assignment?.type === 'assignment_expression' ? assignment.child('right') : null;
  if (!value) return false;
  const read = unwrap(value);
  if (read.type !== 'pointer_expression' || read.child('operator')?.text !== '*') return false;
  const walked = read.child('argument');
  const source = walked?.type === 'update_expression' ? unwrap(walked.child('argument') ?? walked) : walked ? unwrap(walked) : null;
  if (!source || source.type !== 'identifier') return false;
  const loop = at.ancestor(new Set(['while_statement', 'for_statement', 'do_statement']));
  const cond = loop?.child('condition');
  if (!loop || !cond || !descendants(cond, new Set(['identifier']), 200).some((id) => id.text === source.text)) return false;
  const relational = (n: SyntaxNode): boolean =>
    descendants(n, new Set(['binary_expression'])).some(
      (b) => /^(?:<|<=|>|>=)$/.test(b.child('operator')?.text ?? '') && descendants(b, new Set(['identifier']), 50).some((id) => id.text === counter.text),
    );
  if (relational(cond) || (loop.child('body') && relational(loop.child('body') as SyntaxNode))) return false;
  const t = memoryTaint(ctx, source);
  if (!t) return false;
  return {
    confidence: untrusted(t) ? 'high' : 'medium',
    cwe: ['CWE-120', 'CWE-787'],
    message: `The loop copies from ${source.text} into ${show(base)} (${buf.elements} elements) until a delimiter in the source, without checking ${counter.text} against the size of ${show(base)}`,
  };
}

/** The written subscript of `arr[i] = …` or `arr[i].field = …` (the element is stored into). */
function storedInto(node: SyntaxNode): boolean {
  let n = node;
  for (let i = 0; i < 4; i++) {
    const p = n.parent;
    if (!p) return false;
    if (p.type === 'assignment_expression') return p.child('left') === n;
    if (p.type !== 'field_expression' || p.child('argument') !== n) return false;
    n = p;
  }
  return false;
}

/** Whether a function's text increments a counter: `n++`, `++n`, `n += 1`, `n = n + 1`. */
function incremented(scope: SyntaxNode, counter: string): boolean {
  for (const u of descendants(scope, new Set(['update_expression', 'assignment_expression']), 4000)) {
    if (u.type === 'update_expression') {
      if (u.text.includes('++') && norm(u.child('argument') ?? u) === counter) return true;
    } else if (
      norm(u.child('left') ?? u) === counter &&
      /^(?:\+=|=)$/.test(u.child('operator')?.text ?? '') &&
      (u.child('operator')?.text === '+=' || norm(u.child('right') ?? u).startsWith(`${counter}+`))
    )
      return true;
  }
  return false;
}

/** The field name or variable name a counter key ends with: `rec->nopts` → `nopts`. */
function counterName(counter: SyntaxNode): string | null {
  const c = unwrap(counter);
  if (c.type === 'identifier') return c.text;
  if (c.type === 'field_expression') return c.child('field')?.text ?? null;
  return null;
}

/**
 * Whether the file compares the counter with anything but the counter of a loop that walks the
 * entries already stored (`for (i = 0; i < n; i++)`): `if (n >= MAX) return;`, `n < cap &&`,
 * `n == ARRAY_SIZE(a)` all bound it.
 */
function counterChecked(root: SyntaxNode, name: string): boolean {
  const isCounter = (x: SyntaxNode | null): boolean => {
    if (!x) return false;
    const v = unwrap(x);
    return (v.type === 'identifier' && v.text === name) || (v.type === 'field_expression' && v.child('field')?.text === name);
  };
  for (const b of scopeDescendants(root, ['binary_expression'])) {
    const op = b.child('operator')?.text ?? '';
    if (!/^(?:<|<=|>|>=|==|!=)$/.test(op)) continue;
    const l = b.child('left');
    const r = b.child('right');
    const side = isCounter(l) ? r : isCounter(r) ? l : null;
    if (!side) {
      // `n + 1 > MAX`, `(size_t)n >= cap`
      if (descendants(b, new Set(['identifier', 'field_identifier']), 50).some((id) => id.text === name) && !b.parent?.type.startsWith('for')) return true;
      continue;
    }
    // `for (i = 0; i < n; i++)`: the loop walks what is stored, it bounds nothing.
    const loop = b.parent?.type === 'for_statement' && b.field === 'condition' ? b.parent : null;
    const other = unwrap(side);
    if (loop && other.type === 'identifier' && (loop.child('update')?.text ?? '').includes(other.text)) continue;
    return true;
  }
  return false;
}

/** Whether a function is called from inside a loop somewhere in the file (once per datagram, line, record …). */
function calledRepeatedly(fn: SyntaxNode, root: SyntaxNode): boolean {
  const name = functionName(fn);
  if (!name) return false;
  for (const call of scopeDescendants(root, ['call_expression'])) {
    if (calledName(call) !== name || fn.contains(call)) continue;
    if (call.ancestor(new Set(['while_statement', 'for_statement', 'do_statement', 'for_range_loop']))) return true;
  }
  return false;
}

/**
 * `arr[count++] = x` / `arr[count] = x; count++;` appending to a fixed array kept with a counter
 * (a global or a struct field) that nothing in the file compares with the array's capacity, done
 * in a loop or in a function the file calls in a loop: the entries keep coming until they pass
 * the end of the array.
 */
function uncheckedAppend(node: SyntaxNode, index: SyntaxNode, base: SyntaxNode): Verdict {
  if (!storedInto(node)) return false;
  const i = unwrap(index);
  const counter = i.type === 'update_expression' && i.text.endsWith('++') ? unwrap(i.child('argument') ?? i) : i;
  if (counter.type !== 'identifier' && counter.type !== 'field_expression') return false;
  const name = counterName(counter);
  if (!name) return false;
  // Only counters that outlive the call: file-scope variables and fields of a record.
  if (counter.type === 'identifier') {
    const d = findDeclaration(counter.text, counter);
    if (!d || d.kind !== 'global') return false;
  }
  const buf = bufferOf(base, node);
  if (!buf || buf.kind !== 'array' || buf.elements === null || buf.elements <= 1) return false;
  const fn = enclosingFunction(node);
  if (!fn) return false;
  const key = norm(counter);
  if (counter === i ? !incremented(fn, key) : false) return false;
  // One report per array and counter in a function: the first store.
  const first = scopeDescendants(fn, ['subscript_expression']).find(
    (s) =>
      s !== node && s.start < node.start && storedInto(s) && norm(s.child('argument') ?? s) === norm(base) && norm(unwrap(subscriptIndex(s) ?? s)).replace(/\+\+$/, '') === key,
  );
  if (first) return false;
  const root = rootOf(node);
  if (counterChecked(root, name)) return false;
  const loop = node.ancestor(new Set(['while_statement', 'for_statement', 'do_statement', 'for_range_loop']));
  if ((!loop || !fn.contains(loop)) && !calledRepeatedly(fn, root)) return false;
  return {
    confidence: 'medium',
    cwe: ['CWE-787', 'CWE-129'],
    message: `${show(base)} has ${buf.elements} elements, but ${key} grows with each entry stored and is never compared with that capacity: the next entry is written past the end`,
  };
}

function isMapLike(base: SyntaxNode): boolean {
  const b = unwrap(base);
  if (b.type !== 'identifier') return false;
  const d = findDeclaration(b.text, b);
  return d !== null && /map|set|json|dict|QHash|unordered|std::string|string/.test(d.type);
}

function untrustedIndex(node: SyntaxNode, ctx: MatchContext): Verdict {
  const index = subscriptIndex(node);
  const base = node.child('argument');
  if (!index || !base) return false;
  if (constInt(index) !== null) return false;
  if (isMapLike(base)) return false;
  const t = memoryTaint(ctx, index);
  const write = node.parent?.type === 'assignment_expression' && node.parent.child('left') === node;
  if (untrusted(t)) {
    if (!isIntegerExpr(ctx, index)) return false;
    if (ownLength(index, base, node) || terminatesCopy(index, base, node)) return false;
    // `buf[p - buf - 1]`: the distance of a pointer into the same buffer.
    if (distanceInto(index, base, node)) return false;
    const target = bufferOf(base, node);
    if (target && sizedBy(target, index, node)) return false;
    if (upperBounded(index, node)) {
      // `if (i >= 10) return; arr[i] = …` with a signed i: a negative index still gets through.
      if (!signedVariable(index) || lowerBounded(index, node) || boundedAtDefinition(norm(unwrap(index)), node, 'lower')) return false;
      const check = enclosingCheck(index, node);
      return {
        ...(check ? { node: check } : {}),
        confidence: 'medium',
        cwe: write ? ['CWE-129', 'CWE-787'] : ['CWE-129', 'CWE-125'],
        message: check
          ? `The index ${show(index)} comes from ${t.label} and this check bounds it from above only: a negative value ${write ? 'is written' : 'is read'} before ${show(base)} on line ${node.location.startLine}`
          : `The index ${show(index)} comes from ${t.label} and is only checked against the upper bound of ${show(base)}: a negative value ${write ? 'writes' : 'reads'} before the array`,
      };
    }
    const check = enclosingCheck(index, node);
    if (check) {
      return {
        node: check,
        confidence: 'high',
        cwe: write ? ['CWE-129', 'CWE-787'] : ['CWE-129', 'CWE-125'],
        message: `The index ${show(index)} comes from ${t.label} and this check bounds it from below only: a value past the end of ${show(base)} is ${write ? 'written' : 'read'} on line ${node.location.startLine}`,
      };
    }
    return {
      confidence: 'high',
      cwe: write ? ['CWE-129', 'CWE-787'] : ['CWE-129', 'CWE-125'],
      message: `The index ${show(index)} comes from ${t.label} and is not checked against the bounds of ${show(base)} before it ${write ? 'is written' : 'is read'}`,
    };
  }
  // `while (src[i] != '\0') { dst[i] = src[i]; i++; }` into a fixed array: the copy stops where the source ends.
  if (write) {
    const copy = copyUntilTerminator(index, base, node, ctx) || pointerCopyLoop(index, base, node, ctx);
    if (copy) return copy;
  }
  const append = uncheckedAppend(node, index, base);
  if (append) return append;
  // `for (i = 0; i < n; i++) buf[i] = …` with n from input: the counter runs as far as the input says.
  const bound = loopBound(index, node);
  if (!bound) return false;
  const bt = memoryTaint(ctx, bound);
  if (!untrusted(bt) || !isIntegerExpr(ctx, bound)) return false;
  const buf = bufferOf(base, node);
  // A heap block of unknown size was most likely sized from the same count.
  if (!buf || buf.kind === 'pointer' || (buf.kind === 'heap' && buf.elements === null)) return false;
  const loop = bound.ancestor(new Set(['for_statement']));
  if (upperBounded(bound, loop ?? node) || ownLength(bound, base, node)) return false;
  return {
    confidence: 'high',
    cwe: ['CWE-129', 'CWE-787'],
    message: `The loop writes ${show(base)}[${show(index)}] up to ${show(bound)}, which comes from ${bt.label} and is not checked against the size of ${show(base)}`,
  };
}

export default defineRule({
  class: 'out-of-bounds-index',
  confidence: 'high',
  cwe: ['CWE-129', 'CWE-787'],
  languages: ['c', 'cpp'],
  message: 'An index that comes from input is used without checking it against the array bounds',
  remediation:
    'Check both bounds before indexing (`if (i < 0 || (size_t)i >= sizeof arr / sizeof arr[0]) return -1;`), or use an unsigned index compared against the element count.',
  references: [
    'https://cwe.mitre.org/data/definitions/129.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/ARR30-C.+Do+not+form+or+use+out-of-bounds+pointers+or+array+subscripts',
  ],
  matcher: { kind: 'node', types: ['subscript_expression'], where: untrustedIndex },
});
