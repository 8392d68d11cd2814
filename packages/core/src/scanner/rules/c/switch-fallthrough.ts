import { leaves } from '../../lang/c/flow.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

const FALLTHROUGH_MARKS = ['fallthrough', 'fall through', 'fall-through', 'falls through', 'fallthru', 'no break'];

/** Whether a case says it falls through on purpose: `[[fallthrough]];`, a `/* fall through *\/` comment. */
function marked(text: string): boolean {
  const t = text.toLowerCase();
  return FALLTHROUGH_MARKS.some((m) => t.includes(m));
}

/**
 * A `case` with statements that runs into the next `case` or `default` without `break`, `return`,
 * `continue`, `goto`, `throw` or a call that never returns, and without a fall-through mark
 * (`[[fallthrough]];`, a `/* fallthrough *\/` comment). Reported at the switch, once.
 */
function fallthrough(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const body = node.child('body');
  if (!body) return false;
  const cases = body.namedChildren.filter((c) => c.type === 'case_statement');
  for (let i = 0; i < cases.length - 1; i++) {
    const c = cases[i] as SyntaxNode;
    const statements = c.namedChildren.filter((s) => s.field !== 'value' && s.type !== 'comment');
    if (statements.length === 0) continue;
    const last = statements[statements.length - 1] as SyntaxNode;
    if (last.type === 'break_statement' || leaves(last)) continue;
    if (last.type === 'compound_statement' && last.namedChildren.some((s) => s.type === 'break_statement')) continue;
    if (marked(c.text)) continue;
    return { message: `The case on line ${c.location.startLine} has no break: it runs on into the case on line ${(cases[i + 1] as SyntaxNode).location.startLine}` };
  }
  return false;
}

export default defineRule({
  class: 'switch-fallthrough',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['switch_statement'], where: fallthrough },
});
