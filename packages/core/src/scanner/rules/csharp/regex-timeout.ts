import { defineRule, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { simpleName } from '../../lang/csharp/adapter.ts';

/** Methods of `Regex` that take a match timeout as their last argument. */
const REGEX_CALLS = /^(?:IsMatch|Match|Matches|Replace|Split|Count|EnumerateMatches)$/;

/**
 * A match timeout that bounds nothing: `Regex.InfiniteMatchTimeout`, or minutes and hours. A
 * backtracking pattern on hostile input then holds a thread for as long as it takes; the point of
 * the timeout is to give up within a request's budget (a second or so).
 */
function unbounded(timeout: SyntaxNode): boolean {
  const t = timeout.text.replace(/\s+/g, '');
  if (/(?:^|\.)InfiniteMatchTimeout$/.test(t)) return true;
  if (/(?:^|\.)TimeSpan\.From(?:Minutes|Hours|Days)\(/.test(t) || /^TimeSpan\.MaxValue$/.test(t)) return true;
  const seconds = /^TimeSpan\.FromSeconds\((\d{1,9})\)$/.exec(t);
  return seconds !== null && Number(seconds[1]) > 5;
}

function lastArgument(node: SyntaxNode): SyntaxNode | null {
  const args = (node.child('arguments')?.namedChildren ?? []).filter((a) => a.type === 'argument');
  const last = args[args.length - 1];
  return last?.namedChildren[last.namedChildren.length - 1] ?? null;
}

function check(node: SyntaxNode): Verdict {
  let timeout: SyntaxNode | null = null;
  if (node.type === 'object_creation_expression' && simpleName(node.child('type')) === 'Regex') timeout = lastArgument(node);
  else if (node.type === 'invocation_expression') {
    const fn = node.child('function');
    if (fn?.type === 'member_access_expression' && /(?:^|\.)Regex$/.test(fn.child('expression')?.text ?? '') && REGEX_CALLS.test(simpleName(fn.child('name'))))
      timeout = lastArgument(node);
  }
  if (!timeout || !/TimeSpan|Infinite/.test(timeout.text) || !unbounded(timeout)) return false;
  return { message: `A regular expression match timeout of ${timeout.text} bounds nothing: a backtracking pattern on hostile input can hold the thread (ReDoS)` };
}

export default defineRule({
  class: 'regex-injection',
  confidence: 'medium',
  cwe: ['CWE-1333', 'CWE-400'],
  languages: ['csharp'],
  remediation:
    'Give regular expressions that see input a short match timeout (`TimeSpan.FromMilliseconds(100)`–`FromSeconds(1)`), or use `RegexOptions.NonBacktracking` (.NET 7+); handle `RegexMatchTimeoutException`.',
  references: ['https://learn.microsoft.com/en-us/dotnet/standard/base-types/best-practices-regex#use-time-out-values'],
  matcher: { kind: 'node', types: ['object_creation_expression', 'invocation_expression'], where: check },
});
