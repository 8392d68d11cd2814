import { released } from '../../lang/c/resources.ts';
import { secretName } from '../../lang/c/secret-names.ts';
import { callArgs, calledName, enclosingFunction, scopeDescendants, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const CLEARS = /^(?:memset|memset_s|explicit_bzero|bzero|SecureZeroMemory|RtlSecureZeroMemory|OPENSSL_cleanse|sodium_memzero|explicit_memset|wmemset|ZeroMemory|gcry_free)$/;

/**
 * `free(password)` with nothing clearing the buffer before: the secret stays in the freed heap
 * block, where the next allocation, a core dump or a memory disclosure finds it (CWE-244).
 */
function notCleared(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const r = released(node);
  if (!r || (r.family !== 'heap' && r.family !== 'new[]')) return false;
  const arg = unwrap(r.arg);
  if (arg.type !== 'identifier' || !secretName(arg.text)) return false;
  const fn = enclosingFunction(node);
  if (!fn) return false;
  const cleared = scopeDescendants(fn, ['call_expression']).some((c) => c.start < node.start && CLEARS.test(calledName(c) ?? '') && callArgs(c)[0] !== undefined && unwrap(callArgs(c)[0] as SyntaxNode).text === arg.text);
  if (cleared) return false;
  return { message: `${arg.text} is released without being cleared: the secret stays in the freed memory` };
}

export default defineRule({
  class: 'sensitive-memory-not-cleared',
  confidence: 'medium',
  cwe: ['CWE-244'],
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['call_expression', 'delete_expression'], where: notCleared },
});
