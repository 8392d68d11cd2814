import { forwardScan, occurrences } from '../../lang/c/flow.ts';
import { describe, origin, released } from '../../lang/c/resources.ts';
import { enclosingFunction, scopeDescendants, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const MEMORY = new Set(['heap', 'new', 'new[]']);

/** The first statement between `from` and `to` that moves the pointer (`p++`, `p += n`, `p--`), on the straight path. */
function advanced(name: string, from: SyntaxNode, to: SyntaxNode): SyntaxNode | null {
  const fn = enclosingFunction(to);
  if (!fn) return null;
  for (const n of scopeDescendants(fn, ['update_expression', 'assignment_expression'])) {
    if (n.start <= from.end || n.start >= to.start) continue;
    const target = n.type === 'update_expression' ? n.child('argument') : n.child('left');
    const op = n.child('operator')?.text ?? '';
    if (!target || unwrap(target).type !== 'identifier' || unwrap(target).text !== name) continue;
    if (n.type === 'assignment_expression' && op !== '+=' && op !== '-=') continue;
    // The statement that moves it: a loop's update is reported at the loop.
    let at: SyntaxNode = n;
    while (at.parent && at.parent.type !== 'compound_statement' && at.parent.type !== 'for_statement') at = at.parent;
    return at.parent?.type === 'for_statement' ? at.parent : at;
  }
  return null;
}

/**
 * A release that does not match what is released: stack memory (`alloca`, a local array, the
 * address of a local) given to free()/delete (CWE-590); a file, pipe, directory or descriptor
 * closed with the wrong function, or memory closed as a handle (CWE-404); a heap pointer moved
 * since its allocation and then freed (CWE-761, reported where it is moved). Mismatches between
 * malloc and new in C++ are cpp.mismatched-deallocation's other part.
 */
function invalidRelease(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const r = released(node);
  if (!r) return false;
  const arg = unwrap(r.arg);
  if (arg.type !== 'identifier') return false;
  const from = origin(arg.text, node);
  if (!from) return false;
  if (from.family === 'stack' || from.family === 'static') {
    if (!MEMORY.has(r.family)) return false;
    return {
      cwe: ['CWE-590'],
      message: `${arg.text} points to ${from.family === 'stack' ? 'stack memory' : 'a string literal'} (line ${from.node.location.startLine}), which ${r.name}() must not release`,
    };
  }
  const memory = MEMORY.has(from.family);
  if (memory && MEMORY.has(r.family)) {
    if (from.family !== 'heap' || r.family !== 'heap') return false;
    const moved = advanced(arg.text, from.node, node);
    if (!moved) return false;
    // Not when the pointer is put back before the free (`p -= n; free(p)` is still moved, but `p = start` is a reassignment: origin() would differ).
    return {
      node: moved,
      cwe: ['CWE-761'],
      message: `${arg.text} is moved here past the start of the block allocated on line ${from.node.location.startLine}, and then freed on line ${node.location.startLine}`,
    };
  }
  if (from.family === r.family) return false;
  return {
    cwe: ['CWE-404'],
    message: `${arg.text} holds a ${describe(from.family)} (line ${from.node.location.startLine}), but ${r.name}() releases a ${describe(r.family)}`,
  };
}

export default defineRule({
  class: 'mismatched-deallocation',
  confidence: 'high',
  cwe: ['CWE-590', 'CWE-761', 'CWE-404'],
  languages: ['c', 'cpp'],
  message: 'A resource is released with a function that does not match it',
  remediation:
    'Release only what was allocated on the heap, from the pointer the allocator returned, with the matching function (free, delete, delete[], fclose, pclose, closedir, close, CloseHandle); keep the original pointer and move a copy.',
  matcher: { kind: 'node', types: ['call_expression', 'delete_expression'], where: invalidRelease },
});
