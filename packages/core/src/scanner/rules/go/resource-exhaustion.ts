import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { enclosingFunction } from '../../lang/go/adapter.ts';
import { findAfter, lastValue, unparen, walk } from '../../lang/go/util.ts';

/** `context.WithCancel(ctx)` and friends: each returns a cancel function that must be called. */
const DERIVES = /^context\.With(?:Cancel|Timeout|Deadline)(?:Cause)?$/;
const FUNCTIONS = new Set(['function_declaration', 'method_declaration', 'func_literal']);
/** Calls in a loop body that wait on time itself, not on work: a select over timers is not "work". */
const NOT_WORK = /^(?:time\.(?:After|Tick|NewTimer|NewTicker|Since|Now)|len|cap|append|make|copy|delete|new|print|println)$/;
/** What ends a loop or the goroutine running it. */
const EXITS = new Set(['return_statement', 'break_statement', 'goto_statement']);
const EXIT_CALLS = /^(?:panic|os\.Exit|runtime\.Goexit|log\.(?:Fatal|Fatalf|Fatalln|Panic|Panicf|Panicln))$|\.(?:Done|Err|Fatal|Fatalf)$/;

function rootOf(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.parent) n = n.parent;
  return n;
}

/** Names a function declares itself (parameters, `:=`, `var`): what a name of that spelling means inside it. */
function declaresLocally(fn: SyntaxNode, name: string): boolean {
  for (const p of fn.child('parameters')?.namedChildren ?? []) if (p.fieldChildren('name').some((n) => n.text === name)) return true;
  for (const n of walk(fn)) {
    if (n.type === 'short_var_declaration' && (n.child('left')?.namedChildren ?? []).some((x) => x.text === name)) return true;
    if (n.type === 'var_spec' && n.fieldChildren('name').some((x) => x.text === name)) return true;
  }
  return false;
}

/** Whether some code of the file calls or hands on a struct field named `field` (`j.cancel()`, `defer s.stop()`, `run(s.stop)`). */
function fieldUsed(root: SyntaxNode, field: string, ctx: MatchContext): boolean {
  const used = ctx.fileMemo('go.resource-exhaustion.fields', () => {
    const out = new Set<string>();
    for (const n of walk(root, 400000)) {
      if (n.type !== 'selector_expression') continue;
      const p = n.parent;
      const name = n.child('field')?.text;
      if (!name || !p) continue;
      if ((p.type === 'call_expression' && p.child('function') === n) || p.type === 'argument_list' || (p.type === 'expression_list' && p.parent?.type === 'return_statement'))
        out.add(name);
    }
    return out;
  });
  return used.has(field);
}

/**
 * Whether a cancel function bound to `name` is called or handed on in `scope` after `from`: called,
 * deferred, passed, returned, appended, stored in a map; copied into another name or a field that is.
 * `_ = cancel` is not a use.
 */
function cancelUsed(name: string, scope: SyntaxNode, from: number, ctx: MatchContext, depth = 0): boolean {
  if (depth > 4) return true;
  for (const n of walk(scope, 200000)) {
    if (n.type !== 'identifier' || n.text !== name || n.start < from) continue;
    const p = n.parent;
    if (!p) continue;
    if (p.type === 'var_spec' || p.type === 'parameter_declaration') continue;
    if (p.type === 'keyed_element') {
      const key = p.child('key');
      const keyName = key?.type === 'literal_element' ? key.namedChildren[0]?.text : key?.text;
      if (key && (key === n || key.namedChildren[0] === n)) continue;
      if (keyName && fieldUsed(rootOf(scope), keyName, ctx)) return true;
      continue;
    }
    if (p.type === 'literal_element' && p.parent?.type === 'keyed_element') {
      const kv = p.parent;
      if (kv.child('key') === p) continue;
      const keyName = kv.child('key')?.namedChildren[0]?.text ?? kv.child('key')?.text;
      if (keyName && fieldUsed(rootOf(scope), keyName, ctx)) return true;
      continue;
    }
    if (p.type === 'expression_list' && p.parent && (p.parent.type === 'assignment_statement' || p.parent.type === 'short_var_declaration' || p.parent.type === 'var_spec')) {
      const stmt = p.parent;
      const left = stmt.type === 'var_spec' ? stmt.fieldChildren('name') : (stmt.child('left')?.namedChildren ?? []);
      if (stmt.child('left') === p) continue; // written, not read
      const at = p.namedChildren.indexOf(n);
      const target = left.length === p.namedChildren.length ? left[at] : undefined;
      if (!target || target.text === '_') continue;
      if (target.type === 'identifier') {
        const fn = enclosingFunction(stmt);
        const targetScope = fn && declaresLocally(fn, target.text) ? fn : rootOf(stmt);
        if (cancelUsed(target.text, targetScope, targetScope === fn ? stmt.end : 0, ctx, depth + 1)) return true;
        continue;
      }
      if (target.type === 'selector_expression') {
        const field = target.child('field')?.text;
        if (field && fieldUsed(rootOf(stmt), field, ctx)) return true;
        continue;
      }
      return true;
    }
    return true;
  }
  return false;
}

/** `child, _ := context.WithTimeout(ctx, d)`, or a cancel function nobody calls. */
function lostCancel(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = ctx.call(node);
  if (!call || !DERIVES.test(ctx.pathText(call.callee ?? node) ?? '')) return false;
  const list = node.parent;
  const stmt = list?.type === 'expression_list' ? list.parent : null;
  if (!stmt || (stmt.type !== 'short_var_declaration' && stmt.type !== 'assignment_statement') || stmt.child('right') !== list || list?.namedChildren.length !== 1) return false;
  const left = stmt.child('left')?.namedChildren ?? [];
  const cancel = left[1];
  if (left.length !== 2 || !cancel) return false;
  const message = {
    node,
    message: `The cancel function ${ctx.pathText(call.callee ?? node)} returns is never called, so the derived context and its timer live until the parent is cancelled`,
  };
  if (cancel.text === '_')
    return {
      node,
      message: `The cancel function ${ctx.pathText(call.callee ?? node)} returns is discarded, so the derived context and its timer live until the parent is cancelled`,
    };
  if (cancel.type === 'selector_expression') {
    const field = cancel.child('field')?.text;
    return field !== undefined && !fieldUsed(rootOf(node), field, ctx) ? message : false;
  }
  if (cancel.type !== 'identifier') return false;
  const fn = enclosingFunction(node);
  const local = fn !== null && declaresLocally(fn, cancel.text);
  const scope = local && fn ? fn : rootOf(node);
  return cancelUsed(cancel.text, scope, local ? stmt.end : 0, ctx) ? false : message;
}

function isContextType(param: SyntaxNode): boolean {
  return (param.child('type')?.text ?? '') === 'context.Context';
}

/** The function (or one it is nested in) has a context to pass on: a `context.Context` parameter, or it reads a request's `Context()`. */
function contextAvailable(fn: SyntaxNode): boolean {
  if ((fn.child('parameters')?.namedChildren ?? []).some(isContextType)) return true;
  for (const n of walk(fn.child('body') ?? fn)) {
    if (n.type === 'func_literal') continue;
    if (n.type === 'call_expression' && /\.Context$/.test(n.child('function')?.text ?? '') && (n.child('arguments')?.namedChildren.length ?? 0) === 0) return true;
  }
  return false;
}

const DETACHED = /^context\.(?:Background|TODO)$/;

/** `go func() { … context.Background() … }()` in a function that has a request or caller context: the work outlives it and cannot be cancelled. */
function detachedGoroutine(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = node.namedChildren[0];
  if (!call || call.type !== 'call_expression') return false;
  const outer = enclosingFunction(node);
  if (!outer || !contextAvailable(outer)) return false;
  const lit = call.child('function');
  const candidates: SyntaxNode[] = [];
  for (const a of call.child('arguments')?.namedChildren ?? []) candidates.push(a);
  if (lit?.type === 'func_literal') {
    for (const n of walk(lit.child('body') ?? lit)) if (n.type === 'call_expression' && enclosingFunction(n) === lit) candidates.push(n);
  }
  for (const c of candidates) {
    const v = unparen(c);
    const target = v.type === 'identifier' ? boundDetached(v) : v;
    if (target && target.type === 'call_expression' && DETACHED.test(ctx.pathText(target.child('function') ?? target) ?? '')) {
      return {
        node: c,
        message:
          'This goroutine starts from context.Background()/TODO() although a context is available here, so it cannot be cancelled or timed out with the work that started it',
      };
    }
  }
  return false;
}

/** `bg := context.Background()` before a `go f(bg)` in the same function. */
function boundDetached(ident: SyntaxNode): SyntaxNode | null {
  const fn = enclosingFunction(ident);
  if (!fn) return null;
  let found: SyntaxNode | null = null;
  for (const n of walk(fn)) {
    if (n.start >= ident.start) break;
    if (n.type !== 'short_var_declaration') continue;
    const left = n.child('left')?.namedChildren ?? [];
    const right = n.child('right')?.namedChildren ?? [];
    const i = left.findIndex((x) => x.text === ident.text);
    if (i >= 0) found = left.length === right.length ? (right[i] ?? null) : null;
  }
  return found;
}

/** `for { … }` doing work in a function that takes a context but never looks at it: nothing can stop the loop. */
function uncancellableLoop(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (node.namedChildren.length !== 1) return false; // a condition, clause or range bounds it
  const body = node.child('body');
  if (!body) return false;
  let withContext = false;
  for (let fn = enclosingFunction(node); fn && !withContext; fn = enclosingFunction(fn)) withContext = (fn.child('parameters')?.namedChildren ?? []).some(isContextType);
  if (!withContext) return false;
  let work = false;
  for (const n of walk(body)) {
    if (EXITS.has(n.type)) return false;
    if (n.type !== 'call_expression') continue;
    const callee = n.child('function');
    const text = callee ? (ctx.pathText(callee) ?? callee.text) : '';
    if (EXIT_CALLS.test(text)) return false;
    if (!NOT_WORK.test(text)) work = true;
  }
  return work ? { node, message: 'This endless loop runs in a function that takes a context but never checks it (`ctx.Done()`), so it cannot be stopped' } : false;
}

/** Readers that inflate compressed input: a small input can expand without bound. */
const DECOMPRESSORS = /^(?:gzip|zlib|flate|bzip2|lzw|zstd|snappy|lz4|xz)\.NewReader$/;

/** `io.Copy(dst, r)` where `r := gzip.NewReader(…)`: copying everything a decompressor yields (CWE-409). */
function decompressionBomb(node: SyntaxNode, ctx: MatchContext): Verdict {
  const call = ctx.call(node);
  const path = call ? ctx.pathText(call.callee ?? node) : null;
  if (!call || (path !== 'io.Copy' && path !== 'io.CopyBuffer' && path !== 'io.ReadAll' && path !== 'ioutil.ReadAll')) return false;
  const source = call.args.find((a) => a.index === (path.endsWith('ReadAll') ? 0 : 1))?.node;
  const s = source ? unparen(source) : null;
  if (!s || s.type !== 'identifier') return false;
  const value = lastValue(s);
  const made = value?.type === 'call_expression' ? (ctx.pathText(value.child('function') ?? value) ?? '') : '';
  if (!DECOMPRESSORS.test(made)) return false;
  return {
    node,
    cwe: ['CWE-409', 'CWE-400'],
    message: `Everything ${made}() inflates is read with ${path}, so a small compressed input can exhaust memory or disk; bound it with io.LimitReader or io.CopyN`,
  };
}

/** `&http.Server{…}` with no ReadHeaderTimeout or ReadTimeout: slow clients can hold connections open (Slowloris). */
function serverWithoutTimeouts(node: SyntaxNode, ctx: MatchContext): Verdict {
  const type = node.child('type');
  if (!type || (ctx.pathText(type) ?? type.text) !== 'http.Server') return false;
  const keys = (node.child('body')?.namedChildren ?? []).filter((e) => e.type === 'keyed_element').map((e) => e.child('key')?.text ?? '');
  if (keys.includes('ReadHeaderTimeout') || keys.includes('ReadTimeout')) return false;
  // Timeouts set later on the variable (`srv.ReadHeaderTimeout = …`) count too.
  const fn = enclosingFunction(node);
  if (fn && (findAfter(fn.text, '.ReadHeaderTimeout', /^[ \t]*=/) || findAfter(fn.text, '.ReadTimeout', /^[ \t]*=/))) return false;
  return { node, message: 'This http.Server sets neither ReadHeaderTimeout nor ReadTimeout, so slow clients can hold its connections open indefinitely (Slowloris)' };
}

export default defineRule({
  class: 'resource-exhaustion',
  confidence: 'medium',
  cwe: ['CWE-400'],
  languages: ['go'],
  remediation:
    'Call the cancel function of every derived context (`ctx, cancel := context.WithTimeout(parent, d); defer cancel()`), start goroutines from the context of the work that spawns them, and make long-running loops select on `ctx.Done()`.',
  references: ['https://cwe.mitre.org/data/definitions/400.html', 'https://pkg.go.dev/context', 'https://pkg.go.dev/golang.org/x/tools/go/analysis/passes/lostcancel'],
  matcher: {
    kind: 'node',
    types: ['call_expression', 'go_statement', 'for_statement', 'composite_literal'],
    where: (node, ctx) => {
      switch (node.type) {
        case 'call_expression':
          return lostCancel(node, ctx) || decompressionBomb(node, ctx);
        case 'go_statement':
          return detachedGoroutine(node, ctx);
        case 'for_statement':
          return uncancellableLoop(node, ctx);
        default:
          return serverWithoutTimeouts(node, ctx);
      }
    },
  },
});
