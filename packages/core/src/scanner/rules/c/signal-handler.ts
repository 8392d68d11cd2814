import { callArgs, calledName, descendants, functionsByName, rootOf, scopeDescendants, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Functions that take locks or keep global state and must not run in a signal handler (POSIX signal-safety(7)). */
const UNSAFE = new Set([
  'malloc',
  'calloc',
  'realloc',
  'free',
  'strdup',
  'printf',
  'fprintf',
  'sprintf',
  'snprintf',
  'vprintf',
  'vfprintf',
  'puts',
  'fputs',
  'fputc',
  'putchar',
  'fopen',
  'fclose',
  'fflush',
  'fwrite',
  'fread',
  'fgets',
  'syslog',
  'exit',
  'atexit',
  'strtok',
  'localtime',
  'gmtime',
  'ctime',
  'asctime',
  'rand',
  'getenv',
  'setenv',
  'putenv',
  'strerror',
  'perror',
  'longjmp',
  'pthread_mutex_lock',
  'new',
  'operator new',
]);

const handlerCache = new WeakMap<SyntaxNode, Map<string, SyntaxNode>>();

/** Functions of the file installed as signal handlers: `signal(SIGINT, h)`, `sa.sa_handler = h`, `sa.sa_sigaction = h`. */
function handlers(root: SyntaxNode): Map<string, SyntaxNode> {
  let map = handlerCache.get(root);
  if (map) return map;
  map = new Map();
  const fns = functionsByName(root);
  for (const n of scopeDescendants(root, ['call_expression', 'assignment_expression'])) {
    let h: SyntaxNode | undefined;
    if (n.type === 'call_expression') {
      const name = calledName(n);
      if (name === 'signal' || name === 'sigset' || name === 'bsd_signal') h = callArgs(n)[1];
    } else {
      const left = n.child('left');
      if (left?.type === 'field_expression' && /^(?:sa_handler|sa_sigaction)$/.test(left.child('field')?.text ?? '')) h = n.child('right') ?? undefined;
    }
    const v = h ? unwrap(h) : null;
    const name = v?.type === 'pointer_expression' ? unwrap(v.child('argument') ?? v).text : v?.text;
    const fn = name ? fns.get(name) : undefined;
    if (name && fn) map.set(name, fn);
  }
  handlerCache.set(root, map);
  return map;
}

/** A call inside a function installed as a signal handler to a function that is not async-signal-safe. */
function unsafeInHandler(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const name = calledName(node);
  if (!name || !UNSAFE.has(name)) return false;
  for (const [handler, fn] of handlers(rootOf(node))) {
    const body = fn.child('body');
    if (!body || !body.contains(node)) continue;
    // Only the first unsafe call of a handler: one finding says what is wrong with it.
    const first = descendants(body, new Set(['call_expression']), 2000).find((c) => UNSAFE.has(calledName(c) ?? ''));
    if (first !== node) return false;
    return { message: `${handler}() is a signal handler, and ${name}() is not async-signal-safe: a signal arriving inside it can corrupt its state or deadlock` };
  }
  return false;
}

export default defineRule({
  class: 'signal-handler-unsafe',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['call_expression'], where: unsafeInHandler },
});
