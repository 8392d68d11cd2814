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
  const cleared = scopeDescendants(fn, ['call_expression']).some(
    (c) => c.start < node.start && CLEARS.test(calledName(c) ?? '') && callArgs(c)[0] !== undefined && unwrap(callArgs(c)[0] as SyntaxNode).text === arg.text,
  );
  if (cleared) return false;
  return { cwe: ['CWE-244'], message: `${arg.text} is released without being cleared: the secret stays in the freed memory` };
}

const PLAIN_CLEARS = new Set(['memset', 'bzero', 'ZeroMemory', 'FillMemory', 'wmemset']);

/**
 * `memset(password, 0, n)` on a buffer nothing reads afterwards (it is freed, or goes out of scope):
 * the compiler may drop the store as dead, and the secret stays in memory (CWE-14).
 */
function removableClear(node: SyntaxNode): Verdict {
  const name = calledName(node);
  if (!name || !PLAIN_CLEARS.has(name)) return false;
  const target = callArgs(node)[0];
  const v = target ? unwrap(target) : null;
  if (!v || v.type !== 'identifier' || !(secretName(v.text) || /^(?:\w+_)?token$/i.test(v.text))) return false;
  const fn = enclosingFunction(node);
  if (!fn) return false;
  const later = scopeDescendants(fn, ['identifier']).filter((id) => id.start > node.end && id.text === v.text);
  const readAfter = later.some((id) => {
    const call = id.parent?.type === 'argument_list' ? id.parent.parent : null;
    return !(call && (released(call) || calledName(call) === 'free'));
  });
  if (readAfter) return false;
  return {
    cwe: ['CWE-14'],
    message: `Nothing reads ${v.text} after this ${name}(), so the compiler may remove it and leave the secret in memory: use explicit_bzero, memset_s or SecureZeroMemory`,
  };
}

function sensitive(node: SyntaxNode, ctx: MatchContext): Verdict {
  return node.type === 'call_expression' ? removableClear(node) || notCleared(node, ctx) : notCleared(node, ctx);
}

export default defineRule({
  class: 'sensitive-memory-not-cleared',
  confidence: 'medium',
  cwe: ['CWE-244', 'CWE-14'],
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['call_expression', 'delete_expression'], where: sensitive },
});
