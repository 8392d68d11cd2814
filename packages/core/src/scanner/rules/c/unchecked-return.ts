import type { SyntaxNode } from '../../syntax.ts';
import { calledName, constInt, unwrap } from '../../lang/c/syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Calls whose result is the only sign that they failed and left their output unset: reading input, and allocation. */
/**
 * Calls whose failure leaves the process with privileges or a view of the file system it meant to
 * give up: a program that ignores their result goes on as root, or outside its jail. (Ignoring the
 * result of reads and parses is too common, and too often harmless, to report one by one.)
 */
const MUST_CHECK = new Set([
  'setuid',
  'setgid',
  'seteuid',
  'setegid',
  'setresuid',
  'setresgid',
  'setreuid',
  'setregid',
  'setgroups',
  'initgroups',
  'chroot',
  'setfsuid',
  'setfsgid',
]);
/** Calls that return a pointer, NULL on failure: comparing it with `< 0` or `> 0` tests nothing. */
const POINTER_RESULT = new Set(['fgets', 'fgetws', 'fopen', 'malloc', 'calloc', 'realloc', 'strdup', 'getenv', 'strchr', 'strstr', 'opendir', 'popen', 'tmpfile']);

/**
 * `setuid(uid);` as a statement — when it fails, the program keeps running with the privileges it
 * meant to drop (CWE-252); `if (fgets(buf, n, stdin) < 0)` — a pointer compared with a number, which
 * never detects the NULL it returns on failure (CWE-253).
 */
function unchecked(node: SyntaxNode, _ctx: MatchContext): Verdict {
  if (node.type === 'expression_statement') {
    const e = node.namedChildren[0];
    if (e?.type !== 'call_expression' || (e.child('function')?.type !== 'identifier' && e.child('function')?.type !== 'qualified_identifier')) return false;
    const name = calledName(e);
    if (!name || !MUST_CHECK.has(name)) return false;
    return { node: e, cwe: ['CWE-252'], message: `The result of ${name}() is not checked: when it fails, the program goes on as if it had worked` };
  }
  const op = node.child('operator')?.text ?? '';
  if (!/^(?:<|<=|>|>=)$/.test(op)) return false;
  const left = node.child('left');
  const right = node.child('right');
  if (!left || !right) return false;
  const call =
    unwrap(left).type === 'call_expression' && constInt(right) === 0 ? unwrap(left) : unwrap(right).type === 'call_expression' && constInt(left) === 0 ? unwrap(right) : null;
  const name = call ? calledName(call) : null;
  if (!call || !name || !POINTER_RESULT.has(name)) return false;
  return { cwe: ['CWE-253'], message: `${name}() returns a pointer (NULL on failure): comparing it with ${op} 0 does not detect the failure` };
}

export default defineRule({
  class: 'unchecked-return',
  confidence: 'low',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['expression_statement', 'binary_expression'], where: unchecked },
});
