/**
 * Straight-line forward scans inside one function, for the lifetime rules (use after free,
 * double free, null dereference). From a statement, the scan visits what runs next on the same
 * path: the following statements of the block, then (leaving an `if` branch) the statements after
 * the `if`, (leaving a loop body) the loop's update and the statements after the loop. It never
 * enters the other branch of an `if` it started in, and it stops at `return`, `goto`, `continue`,
 * `throw` and calls that do not return.
 */
import type { SyntaxNode } from '../../syntax.ts';
import { conditionValue, constantSwitchCase } from './conditions.ts';
import { aliasOf, calledName, callArgs, callNeverReturns, declaratorShape, findDeclaration, functionsByName, parameterDeclarations, rootOf, unwrap } from './syntax.ts';

const BLOCKS = new Set(['compound_statement', 'case_statement', 'labeled_statement']);
const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement', 'for_range_loop']);
const STOPPERS = new Set(['function_definition', 'lambda_expression', 'translation_unit', 'field_declaration_list', 'declaration_list']);
const NO_RETURN = /^(?:exit|_exit|_Exit|abort|quick_exit|longjmp|siglongjmp|err|errx|verr|verrx|pthread_exit|ExitProcess|die|fatal|panic|std::exit|std::abort|std::terminate)$/;

/** Whether a statement leaves the straight-line path for good. */
export function leaves(stmt: SyntaxNode, depth = 0): boolean {
  if (depth > 16) return false;
  switch (stmt.type) {
    case 'return_statement':
    case 'throw_statement':
    case 'goto_statement':
    case 'continue_statement':
      return true;
    case 'expression_statement': {
      const e = stmt.namedChildren[0];
      if (e?.type === 'call_expression') return NO_RETURN.test(e.child('function')?.text.replace(/\s+/g, '') ?? '') || callNeverReturns(e);
      if (e?.type === 'throw_expression') return true;
      return false;
    }
    case 'compound_statement':
      return stmt.namedChildren.some((c) => leaves(c, depth + 1));
    case 'if_statement': {
      const then = stmt.child('consequence');
      const alt = stmt.child('alternative');
      const other = alt?.type === 'else_clause' ? alt.namedChildren.find((c) => c.type !== 'comment') : alt;
      return then !== null && other !== null && other !== undefined && leaves(then, depth + 1) && leaves(other, depth + 1);
    }
    default:
      return false;
  }
}

/** The statement (child of a block, a branch or a loop) that contains a node. */
export function statementOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  for (let i = 0; i < 400 && n.parent; i++) {
    const p = n.parent;
    if (BLOCKS.has(p.type) || p.type === 'if_statement' || p.type === 'else_clause' || LOOPS.has(p.type) || STOPPERS.has(p.type)) {
      if (p.type === 'if_statement' && n.field === 'condition') {
        n = p;
        continue;
      }
      if (LOOPS.has(p.type) && n.field !== 'body') {
        n = p;
        continue;
      }
      return n;
    }
    n = p;
  }
  return n;
}

/** What the visitor decides after a statement: keep going or stop the scan. */
export type Step = 'continue' | 'stop';

/**
 * Visits the statements that run after `from` on the same path, in order, until the visitor says
 * stop or the path leaves the function. `loopUpdate` is true for a for-loop's update expression.
 */
export function forwardScan(from: SyntaxNode, visit: (stmt: SyntaxNode, loopUpdate: boolean) => Step, budget = 400): void {
  let node = statementOf(from);
  let steps = 0;
  let jumps = 0;
  for (let guard = 0; guard < 200; guard++) {
    const parent = node.parent;
    if (!parent || STOPPERS.has(parent.type)) return;
    if (BLOCKS.has(parent.type)) {
      const siblings = parent.children;
      let jumped: SyntaxNode | null = null;
      for (let i = node.index + 1; i < siblings.length; i++) {
        const s = siblings[i] as SyntaxNode;
        if (!s.named || s.type === 'comment') continue;
        if (++steps > budget) return;
        if (s.type === 'break_statement') {
          jumped = breakTarget(s);
          break;
        }
        // `goto fail;` forward to a cleanup label: the path continues at the label.
        if (s.type === 'goto_statement') {
          const label = jumps < 4 ? labelTarget(s) : null;
          if (!label) return;
          jumps++;
          const inner = label.namedChildren.find((c) => c.field !== 'label' && c.type !== 'statement_identifier' && c.type !== 'comment');
          if (inner) {
            if (visit(inner, false) === 'stop' || leaves(inner)) return;
            jumped = inner;
          } else jumped = label;
          break;
        }
        if (visit(s, false) === 'stop') return;
        if (leaves(s)) return;
      }
      if (jumped) {
        node = jumped;
        continue;
      }
      node = parent;
      continue;
    }
    if (parent.type === 'else_clause') {
      node = parent.parent ?? parent;
      continue;
    }
    if (parent.type === 'if_statement') {
      node = parent;
      continue;
    }
    if (LOOPS.has(parent.type)) {
      if (parent.type === 'for_statement') {
        const update = parent.child('update');
        if (update && visit(update, true) === 'stop') return;
      }
      node = parent;
      continue;
    }
    node = parent;
  }
}

/** The labeled statement a forward `goto` jumps to, in the same function; null for a backward jump. */
function labelTarget(stmt: SyntaxNode): SyntaxNode | null {
  const name = stmt.child('label')?.text ?? stmt.namedChildren.find((c) => c.type === 'statement_identifier')?.text;
  if (!name) return null;
  let fn: SyntaxNode | null = stmt.parent;
  while (fn && fn.type !== 'function_definition') fn = fn.parent;
  const body = fn?.child('body');
  if (!body) return null;
  const stack: SyntaxNode[] = [body];
  let budget = 20_000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'labeled_statement' && (n.child('label')?.text ?? n.namedChildren[0]?.text) === name) return n.start > stmt.end ? n : null;
    if (n.type === 'lambda_expression' || n.type === 'comment' || n.type === 'string_literal') continue;
    for (const c of n.children) if (c.named) stack.push(c);
  }
  return null;
}

function breakTarget(stmt: SyntaxNode): SyntaxNode | null {
  for (let a = stmt.parent; a; a = a.parent) {
    if (LOOPS.has(a.type) || a.type === 'switch_statement') return a;
    if (STOPPERS.has(a.type)) return null;
  }
  return null;
}

/** Occurrences of a variable (or a field path like `s->buf`) in a node, in document order. */
export function occurrences(node: SyntaxNode, target: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const simple = /^[A-Za-z_]\w*$/.test(target);
  const stack: SyntaxNode[] = [node];
  let budget = 20_000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.type === 'comment' || n.type === 'string_literal' || n.type === 'lambda_expression') continue;
    if (simple ? n.type === 'identifier' && n.text === target : (n.type === 'field_expression' || n.type === 'subscript_expression') && n.text.replace(/\s+/g, '') === target) {
      out.push(n);
      continue;
    }
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as SyntaxNode);
  }
  return out;
}

/** The base variable of a path target: `s->buf` → `s`. */
export function baseOf(target: string): string | null {
  const m = /^[A-Za-z_]\w*/.exec(target);
  return m ? m[0] : null;
}

/** The expression an occurrence is read through: `p` in `p->x` → `p->x`, in `*p` → `*p`, in `p[i]` → `p[i]`. */
export function accessOf(occ: SyntaxNode): SyntaxNode {
  let n = occ;
  for (let i = 0; i < 8; i++) {
    const p = n.parent;
    if (!p) return n;
    if (p.type === 'parenthesized_expression' || p.type === 'cast_expression') {
      n = p;
      continue;
    }
    return n;
  }
  return n;
}

/** How an occurrence is used. */
export type UseKind = 'assign' | 'deref' | 'free' | 'check' | 'address' | 'sizeof' | 'arg' | 'value';

const FREE_FUNCTIONS = /^(?:free|cfree|g_free|xfree|kfree|vfree|OPENSSL_free|CRYPTO_free|av_free|av_freep|sqlite3_free|HeapFree|LocalFree|GlobalFree|CoTaskMemFree|std::free)$/;

/** Whether a call frees its pointer argument, and which one. */
export function freedArgument(call: SyntaxNode): SyntaxNode | null {
  const name = call.child('function')?.text.replace(/\s+/g, '') ?? '';
  if (!FREE_FUNCTIONS.test(name)) return null;
  const args = callArgs(call);
  return (name === 'HeapFree' ? args[2] : args[0]) ?? null;
}

/** Functions that read or write through a pointer argument (so a NULL or freed pointer there is dereferenced). */
const DEREF_ARGS: Record<string, number[]> = {
  strcpy: [0, 1],
  strncpy: [0, 1],
  strcat: [0, 1],
  strncat: [0, 1],
  strlen: [0],
  strcmp: [0, 1],
  strncmp: [0, 1],
  strchr: [0],
  strstr: [0, 1],
  memcpy: [0, 1],
  memmove: [0, 1],
  memset: [0],
  memcmp: [0, 1],
  sprintf: [0],
  snprintf: [0],
  vsprintf: [0],
  vsnprintf: [0],
  fgets: [0, 2],
  fread: [0, 3],
  fwrite: [0, 3],
  fprintf: [0],
  fputs: [0, 1],
  fputc: [1],
  fscanf: [0],
  sscanf: [0],
  strdup: [0],
  atoi: [0],
  puts: [0],
  fclose: [0],
  fseek: [0],
  ftell: [0],
  rewind: [0],
  fflush: [],
  getline: [2],
  strtok: [],
  bzero: [0],
  read: [1],
  recv: [1],
  write: [1],
  send: [1],
};

/** Classifies one occurrence of the target. */
export function classify(occ: SyntaxNode): UseKind {
  const a = accessOf(occ);
  const p = a.parent;
  if (!p) return 'value';
  for (let x: SyntaxNode | null = p; x && x.type !== 'expression_statement' && x.type !== 'compound_statement'; x = x.parent) {
    if (x.type === 'sizeof_expression' || x.type === 'alignof_expression') return 'sizeof';
  }
  if (p.type === 'assignment_expression' && p.child('left') === a) return p.child('operator')?.text === '=' ? 'assign' : 'deref';
  if (p.type === 'field_expression' && p.child('argument') === a) return p.child('operator')?.text === '->' ? 'deref' : 'value';
  if (p.type === 'subscript_expression' && p.child('argument') === a) return 'deref';
  if (p.type === 'pointer_expression') return p.child('operator')?.text === '*' ? 'deref' : 'address';
  if (p.type === 'delete_expression') return 'free';
  if (p.type === 'unary_expression' && p.child('operator')?.text === '!') return 'check';
  if (p.type === 'binary_expression' && /^(?:==|!=|&&|\|\|)$/.test(p.child('operator')?.text ?? '')) return 'check';
  if (p.type === 'condition_clause' || (p.type === 'parenthesized_expression' && /^(?:if|while|do)_statement$/.test(p.parent?.type ?? ''))) return 'check';
  if ((p.type === 'if_statement' || p.type === 'while_statement' || p.type === 'for_statement') && p.child('condition') === a) return 'check';
  if (p.type === 'conditional_expression' && p.child('condition') === a) return 'check';
  if (p.type === 'argument_list') {
    const call = p.parent;
    if (call?.type === 'call_expression') {
      if (freedArgument(call) === a || (freedArgument(call) && unwrap(freedArgument(call) as SyntaxNode) === occ)) return 'free';
      const released = releasedBy(call);
      if (released && released.arg === a && released.suffix === '') return 'free';
      const name = calledName(call) ?? '';
      if (/^(?:assert|g_assert|ASSERT|assert_true|REQUIRE|CHECK|BUG_ON|g_return_if_fail|g_return_val_if_fail|_ASSERT)$/.test(name)) return 'check';
      const positions = DEREF_ARGS[name];
      const index = callArgs(call).indexOf(a);
      if (positions && positions.includes(index)) return 'deref';
      return 'arg';
    }
  }
  return 'value';
}

/** A use of memory after it was freed, or a second free, found on the path after a free. */
export interface LifetimeEvent {
  kind: 'use' | 'free';
  node: SyntaxNode;
  /** Whether the use reads or writes through the pointer (rather than passing its value on). */
  deref: boolean;
}

/**
 * What happens to `target` (a variable or a field path) after it is freed at `at`: the first use
 * or second free on the same path, or null when it is reassigned, set to NULL, or never touched.
 */
export function afterFree(at: SyntaxNode, target: string): LifetimeEvent | null {
  return lifetimeEvents(at, target, 1)[0] ?? null;
}

/**
 * Every use of `target` after it is freed at `at`, on the same path, until it is reassigned or
 * freed again (a second free ends the list), at most `limit` of them: each one touches freed memory.
 */
export function lifetimeEvents(at: SyntaxNode, target: string, limit = 8): LifetimeEvent[] {
  const events: LifetimeEvent[] = [];
  const full = (): boolean => events.length >= limit;
  const base = baseOf(target);
  const isPath = base !== null && base !== target;
  // Plain copies of the freed pointer (`char *q = p;`, `saved = p;`) dangle too: followed with it.
  const copies: string[] = [];
  forwardScan(at, (stmt) => {
    const own = [target, ...copies].flatMap((t) => occurrences(stmt, t));
    const ofBase =
      isPath && base
        ? occurrences(stmt, base).filter((o) => {
            const k = classify(o);
            return k === 'assign' || k === 'address';
          })
        : [];
    const all = [...own, ...ofBase].sort((a, b) => a.start - b.start);
    for (const o of all) {
      if (ofBase.includes(o)) return 'stop';
      // A declaration of the same name (`int *data = copy;` in an inner block): a copy when it is
      // given a tracked pointer, otherwise a different variable from here on.
      const declared = declarationOf(o);
      if (declared) {
        const value = declared.child('value');
        const v = value ? unwrap(value) : null;
        const pointee = v?.type === 'pointer_expression' && v.child('operator')?.text === '*' ? aliasOf(unwrap(v.child('argument') ?? v), 'pointer') : null;
        if (v && [target, ...copies].includes(pointee?.text ?? v.text)) continue;
        if (o.text === target) return 'stop';
        copies.splice(copies.indexOf(o.text), 1);
        continue;
      }
      const kind = classify(o);
      if (kind === 'arg' && unusedParameter(o)) continue;
      if (kind === 'assign') {
        const rhs = accessOf(o).parent?.child('right') ?? null;
        const inner = rhs ? occurrences(rhs, target).find((x) => !['check', 'sizeof', 'value'].includes(classify(x))) : undefined;
        if (inner) events.push({ kind: 'use', node: inner, deref: classify(inner) === 'deref' });
        if (o.text === target || full()) return 'stop';
        continue;
      }
      if (kind === 'address') return 'stop';
      if (kind === 'check' || kind === 'sizeof') continue;
      if (kind === 'value') {
        const copy = copiedInto(o);
        if (copy !== undefined) {
          if (copy !== null && copies.length < 4 && !copies.includes(copy)) copies.push(copy);
          continue;
        }
      }
      if (kind === 'free') {
        const call = o.ancestor(new Set(['call_expression', 'delete_expression'])) ?? o;
        events.push({ kind: 'free', node: call, deref: false });
        return 'stop';
      }
      // One use per statement: `p->a = p->b` is one access of freed memory.
      events.push({ kind: 'use', node: o, deref: kind === 'deref' });
      return full() ? 'stop' : 'continue';
    }
    return 'continue';
  });
  return events;
}

/** The `init_declarator` whose declared name an identifier is (`p` in `char *p = …`, `int &r = …`). */
function declarationOf(id: SyntaxNode): SyntaxNode | null {
  let n = id;
  for (let i = 0; i < 6 && n.parent; i++) {
    const p: SyntaxNode = n.parent;
    if (p.type === 'init_declarator') return n.field === 'declarator' ? p : null;
    if ((p.type === 'pointer_declarator' || p.type === 'reference_declarator') && n.field !== 'value') {
      n = p;
      continue;
    }
    return null;
  }
  return null;
}

/** Whether an argument goes to a same-file function that never mentions that parameter (`sink(data)` with an empty body). */
function unusedParameter(occ: SyntaxNode): boolean {
  const a = accessOf(occ);
  const call = a.parent?.type === 'argument_list' ? a.parent.parent : null;
  const callee = call?.child('function');
  if (!call || callee?.type !== 'identifier') return false;
  const fn = functionsByName(rootOf(call)).get(callee.text);
  const body = fn?.child('body');
  if (!fn || !body || fn.contains(call)) return false;
  const index = callArgs(call).indexOf(a);
  const param = parameterDeclarations(fn)[index];
  return param !== undefined && occurrences(body, param.name).length === 0;
}

/**
 * For a pointer value copied as it is (`q = p`, `char *q = p;`, `*out = p`): the local it is copied
 * into (null when it goes elsewhere); undefined when the occurrence is not a plain copy.
 */
function copiedInto(occ: SyntaxNode): string | null | undefined {
  const a = accessOf(occ);
  const p = a.parent;
  if (p?.type === 'assignment_expression' && p.child('right') === a && p.child('operator')?.text === '=') {
    const left = unwrap(p.child('left') ?? p);
    if (left.type === 'identifier') return left.text;
    // `*p = q` with `p = &local`: into that local.
    if (left.type === 'pointer_expression' && left.child('operator')?.text === '*') {
      const pointee = aliasOf(unwrap(left.child('argument') ?? left), 'pointer');
      if (pointee) return pointee.text;
    }
    // Into a field of a local object (`u.first = p`): it stays here. Into a caller's object,
    // a global or through a pointer (`s->name = p`, `*out = p`): the dangling pointer escapes.
    let root = left;
    for (let i = 0; i < 6 && root.type === 'field_expression' && root.child('operator')?.text === '.'; i++) root = unwrap(root.child('argument') ?? root);
    const d = root.type === 'identifier' && root !== left ? findDeclaration(root.text, root) : null;
    return d && d.kind === 'local' && d.pointers === 0 && !d.reference ? null : undefined;
  }
  if (p?.type === 'init_declarator' && p.child('value') === a) return declaratorShape(p).name?.text ?? null;
  return undefined;
}

/** Whether an occurrence inside `stmt` only runs on some paths through it (a branch, a loop body, a short-circuit operand). */
export function conditionalWithin(occ: SyntaxNode, stmt: SyntaxNode): boolean {
  for (let n: SyntaxNode | null = occ; n && n !== stmt; n = n.parent) {
    const p: SyntaxNode | null = n.parent;
    if (!p) return false;
    // `if (1) { … }`, `if (kEnabled) { … }`: a branch whose condition always holds runs on every path.
    if (p.type === 'if_statement' && n.field !== 'condition') {
      if (n.field === 'consequence' && conditionValue(p.child('condition')) === true) continue;
      return true;
    }
    if (p.type === 'else_clause') {
      if (p.parent?.type === 'if_statement' && conditionValue(p.parent.child('condition')) === false) continue;
      return true;
    }
    if (p.type === 'case_statement' || p.type === 'switch_statement') {
      if (p.type === 'case_statement' && p.parent?.parent?.type === 'switch_statement' && constantSwitchCase(p.parent.parent) === p) continue;
      if (p.type === 'switch_statement' && n.field === 'condition') continue;
      if (p.type === 'switch_statement' && constantSwitchCase(p) !== undefined) continue;
      return true;
    }
    if (LOOPS.has(p.type) && n.field !== 'initializer') return true;
    if (p.type === 'conditional_expression' && n.field !== 'condition') return true;
    if (p.type === 'binary_expression' && /^(?:&&|\|\|)$/.test(p.child('operator')?.text ?? '') && p.child('right') === n) return true;
  }
  return false;
}

/** Whether both branches of an if/else assign the target (then it is assigned on every path). */
function assignedOnAllPaths(stmt: SyntaxNode, target: string, depth = 0): boolean {
  if (depth > 16) return false;
  // A branch that leaves the function does not reach the code after the statement.
  const assigns = (n: SyntaxNode): boolean =>
    leaves(n) ||
    occurrences(n, target).some((o) => classify(o) === 'assign') ||
    ((n.type === 'if_statement' || n.type === 'switch_statement') && assignedOnAllPaths(n, target, depth + 1));
  if (stmt.type === 'switch_statement') {
    // `switch (t) { case A: p = &a; break; default: p = &b; }`: with a default, every path assigns.
    const cases = descendantsOfType(stmt.child('body'), 'case_statement');
    const hasDefault = cases.some((c) => !c.child('value'));
    return hasDefault && cases.every((c) => c.namedChildren.length <= 1 || assigns(c));
  }
  if (stmt.type !== 'if_statement') return false;
  const then = stmt.child('consequence');
  const alt = stmt.child('alternative');
  const other = alt?.type === 'else_clause' ? alt.namedChildren.find((c) => c.type !== 'comment') : null;
  if (!then || !other) return false;
  return assigns(then) && assigns(other);
}

function descendantsOfType(node: SyntaxNode | null, type: string): SyntaxNode[] {
  if (!node) return [];
  return node.children.filter((c) => c.type === type);
}

/**
 * The first dereference of `target` after `at` while it may still be NULL. In `alloc` mode (the
 * result of malloc), any check, reassignment or hand-over to another function ends the scan; in
 * `null` mode (the pointer was set to NULL), an assignment that only happens on some paths does not.
 */
export function derefWhileNull(at: SyntaxNode, target: string, mode: 'alloc' | 'null'): { node: SyntaxNode; maybe: boolean } | null {
  let result: { node: SyntaxNode; maybe: boolean } | null = null;
  let maybe = false;
  forwardScan(at, (stmt) => {
    const found = occurrences(stmt, target);
    // `if (cond) { p = malloc(…); if (!p) return; p->x = 1; }`: inside a branch that assigns p,
    // what happens to p is that branch's business; the path that skips it still has NULL.
    const branchAssigns = mode === 'null' && found.some((o) => classify(o) === 'assign' && conditionalWithin(o, stmt));
    if (branchAssigns && !assignedOnAllPaths(stmt, target)) maybe = true;
    for (const o of found) {
      const kind = classify(o);
      if (kind === 'sizeof') continue;
      if (branchAssigns && conditionalWithin(o, stmt)) {
        if (assignedOnAllPaths(stmt, target)) return 'stop';
        continue;
      }
      if (kind === 'assign') {
        const rhs = accessOf(o).parent?.child('right') ?? null;
        const inner = rhs ? occurrences(rhs, target).find((x) => classify(x) === 'deref') : undefined;
        if (inner) {
          result = { node: inner, maybe };
          return 'stop';
        }
        if (mode === 'null' && conditionalWithin(o, stmt) && !assignedOnAllPaths(stmt, target)) {
          maybe = true;
          continue;
        }
        return 'stop';
      }
      if (kind === 'deref') {
        result = { node: o, maybe };
        return 'stop';
      }
      // `show(p)` where `void show(char *s) { putchar(s[0]); }`: the callee dereferences it first thing.
      if (kind === 'arg') {
        const inside = calleeFirstUse(o);
        if (inside && classify(inside) === 'deref') result = { node: inside, maybe };
      }
      return 'stop';
    }
    return 'continue';
  });
  return result;
}

/**
 * For an argument passed to a function of this file: the callee's first use of that parameter,
 * when it happens on every path into the callee (a top-level statement, not inside a branch or
 * a loop); null otherwise.
 */
export function calleeFirstUse(occ: SyntaxNode): SyntaxNode | null {
  const a = accessOf(occ);
  const call = a.parent?.type === 'argument_list' ? a.parent.parent : null;
  const callee = call?.child('function');
  if (!call || callee?.type !== 'identifier') return null;
  const fn = functionsByName(rootOf(call)).get(callee.text);
  const body = fn?.child('body');
  if (!fn || !body || fn.contains(call)) return null;
  const param = parameterDeclarations(fn)[callArgs(call).indexOf(a)];
  if (!param || param.pointers === 0) return null;
  for (const stmt of body.namedChildren) {
    if (stmt.type === 'comment') continue;
    const first = occurrences(stmt, param.name)[0];
    if (!first) {
      if (leaves(stmt)) return null;
      continue;
    }
    return conditionalWithin(first, stmt) ? null : first;
  }
  return null;
}

/** The freed expression as a target the scan can follow: a variable or a field path (`s->buf`). */
export function freedTarget(node: SyntaxNode): string | null {
  let arg: SyntaxNode | null = null;
  let suffix = '';
  if (node.type === 'delete_expression') arg = node.namedChildren.find((c) => c.type !== 'comment') ?? null;
  else if (node.type === 'call_expression') {
    arg = freedArgument(node);
    if (!arg) {
      // `release(b)` where `void release(Buffer &b) { delete[] b.data; }`
      const released = releasedBy(node);
      if (released) {
        arg = released.arg;
        suffix = released.suffix;
      }
    }
  }
  if (!arg) return null;
  let v = unwrap(arg);
  if (suffix && v.type === 'pointer_expression' && v.child('operator')?.text === '&') {
    v = unwrap(v.child('argument') ?? v);
    suffix = suffix.replace(/^->/, '.');
  }
  const text = `${v.text.replace(/\s+/g, '')}${suffix}`;
  if (v.type === 'identifier' && !suffix) return v.text;
  if ((v.type === 'identifier' || v.type === 'field_expression') && /^[A-Za-z_]\w*(?:(?:->|\.)[A-Za-z_]\w*){1,3}$/.test(text)) return text;
  return null;
}

const releaserCache = new WeakMap<SyntaxNode, Map<number, string>>();

/**
 * Parameters a function of this file always frees, with the freed path below them:
 * `void release(Buffer &b) { delete[] b.data; }` → {0: '.data'}, `void drop(char *p) { free(p); }` → {0: ''}.
 */
function releasedParams(fn: SyntaxNode): Map<number, string> {
  const hit = releaserCache.get(fn);
  if (hit) return hit;
  const out = new Map<number, string>();
  releaserCache.set(fn, out);
  const params = parameterDeclarations(fn).map((p) => p.name);
  const body = fn.child('body');
  if (!body || params.length === 0) return out;
  for (const stmt of body.namedChildren) {
    if (stmt.type !== 'expression_statement') continue;
    const e = stmt.namedChildren[0];
    if (!e) continue;
    const freed = e.type === 'delete_expression' ? (e.namedChildren[0] ?? null) : e.type === 'call_expression' ? freedArgument(e) : null;
    if (!freed) continue;
    const text = unwrap(freed).text.replace(/\s+/g, '');
    const m = /^([A-Za-z_]\w*)((?:(?:->|\.)[A-Za-z_]\w*){0,2})$/.exec(text);
    const index = m ? params.indexOf(m[1] as string) : -1;
    // The parameter itself freed (`free(s)` after `free(s->user)`) is what matters most to the caller.
    if (!m || index < 0 || (out.has(index) && (m[2] ?? '') !== '')) continue;
    // `free(p->buf); p->buf = NULL;` (or a new allocation) leaves nothing dangling for the caller.
    const reassigned = body.namedChildren.some((later) => later.start > stmt.end && occurrences(later, text).some((o) => classify(o) === 'assign'));
    if (!reassigned) out.set(index, m[2] ?? '');
  }
  return out;
}

const freedPathCache = new WeakMap<SyntaxNode, string[]>();

/** Every path below a parameter a releaser frees: `session_free(s)` frees s, s->user and s->attrs → ['', '->user', '->attrs']. */
function freedPaths(fn: SyntaxNode, index: number): string[] {
  let all = freedPathCache.get(fn);
  if (!all) {
    all = [];
    const params = parameterDeclarations(fn).map((p) => p.name);
    for (const stmt of fn.child('body')?.namedChildren ?? []) {
      const e = stmt.type === 'expression_statement' ? stmt.namedChildren[0] : null;
      const freed = !e ? null : e.type === 'delete_expression' ? (e.namedChildren[0] ?? null) : e.type === 'call_expression' ? freedArgument(e) : null;
      if (!freed) continue;
      const m = /^([A-Za-z_]\w*)((?:(?:->|\.)[A-Za-z_]\w*){0,2})$/.exec(unwrap(freed).text.replace(/\s+/g, ''));
      if (m) all.push(`${params.indexOf(m[1] as string)}:${m[2] ?? ''}`);
    }
    freedPathCache.set(fn, all);
  }
  return all.filter((p) => p.startsWith(`${index}:`)).map((p) => p.slice(p.indexOf(':') + 1));
}

/**
 * Pointers copied from freed memory before it was freed: `const char *user = s->user; free_session(s);`
 * leaves user dangling. For a free at `at` of `target` (and the paths below it a releaser frees),
 * the local variables last assigned one of those paths, still holding it at the free.
 */
export function danglingAliases(at: SyntaxNode, target: string): string[] {
  const fn = at.ancestor(new Set(['function_definition', 'lambda_expression']));
  if (!fn) return [];
  const paths = new Set([target]);
  if (at.type === 'call_expression' && !freedArgument(at)) {
    const callee = at.child('function');
    const def = callee?.type === 'identifier' ? functionsByName(rootOf(at)).get(callee.text) : undefined;
    const released = releasedBy(at);
    if (def && released) {
      const index = callArgs(at).indexOf(released.arg);
      const base = unwrap(released.arg).text.replace(/\s+/g, '');
      for (const suffix of freedPaths(def, index)) paths.add(`${base}${suffix}`);
    }
  }
  const out: string[] = [];
  const assigned = new Map<string, string | null>();
  const stack: SyntaxNode[] = [fn.child('body') ?? fn];
  const nodes: SyntaxNode[] = [];
  let budget = 20_000;
  while (stack.length > 0 && budget-- > 0) {
    const n = stack.pop() as SyntaxNode;
    if (n.start >= at.start) continue;
    if (n.type === 'init_declarator' || (n.type === 'assignment_expression' && n.child('operator')?.text === '=')) nodes.push(n);
    if (n.type === 'lambda_expression' || n.type === 'comment') continue;
    for (const c of n.children) if (c.named) stack.push(c);
  }
  nodes.sort((a, b) => a.start - b.start);
  for (const n of nodes) {
    const name = n.type === 'init_declarator' ? n.child('declarator') : n.child('left');
    const value = n.type === 'init_declarator' ? n.child('value') : n.child('right');
    const id = name
      ? unwrap(name.type === 'pointer_declarator' || name.type === 'reference_declarator' ? (name.namedChildren.find((c) => c.type === 'identifier') ?? name) : name)
      : null;
    if (!id || id.type !== 'identifier' || !value) continue;
    const v = unwrap(value).text.replace(/\s+/g, '');
    assigned.set(id.text, paths.has(v) && v !== id.text ? v : null);
  }
  for (const [name, from] of assigned) {
    if (from === null || paths.has(name)) continue;
    // Only a pointer or a reference keeps pointing into the freed block (an int copied out is a copy).
    const d = findDeclaration(name, at);
    if (d && (d.pointers > 0 || d.reference)) out.push(name);
  }
  return out;
}

/** For a call to a same-file function that frees one of its parameters: the argument freed and the path below it. */
export function releasedBy(call: SyntaxNode): { arg: SyntaxNode; suffix: string } | null {
  const fnNode = call.child('function');
  if (!fnNode || fnNode.type !== 'identifier') return null;
  const fn = functionsByName(rootOf(call)).get(fnNode.text);
  if (!fn || fn.contains(call)) return null;
  const released = releasedParams(fn);
  for (const [index, suffix] of released) {
    const arg = callArgs(call)[index];
    if (arg) return { arg, suffix };
  }
  return null;
}
