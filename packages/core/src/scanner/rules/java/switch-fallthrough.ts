import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';

const JUMPS = new Set(['break_statement', 'return_statement', 'throw_statement', 'continue_statement', 'yield_statement']);
const COMMENTS = new Set(['line_comment', 'block_comment']);

/** Whether a statement never completes normally (it always jumps). */
function jumps(node: SyntaxNode | undefined, depth = 0): boolean {
  if (!node || depth > 8) return false;
  if (JUMPS.has(node.type)) return true;
  if (node.type === 'block') return jumps(node.namedChildren.filter((c) => !COMMENTS.has(c.type)).at(-1), depth + 1);
  if (node.type === 'if_statement') return jumps(node.child('consequence') ?? undefined, depth + 1) && jumps(node.child('alternative') ?? undefined, depth + 1);
  if (node.type === 'expression_statement') return /^System\s*\.\s*exit\s*\(/.test(node.text);
  if (node.type === 'try_statement')
    return jumps(node.child('body') ?? undefined, depth + 1) && node.children.filter((c) => c.type === 'catch_clause').every((c) => jumps(c.child('body') ?? undefined, depth + 1));
  return false;
}

/** A comment that says the fall-through is meant: `fall through`, `falls-through`, `fallthru`, `no break`. */
function intended(comment: string): boolean {
  const t = comment.toLowerCase().replace(/[\s-]/g, '');
  return t.includes('fallthr') || t.includes('fallsthr') || t.includes('fallingthr') || t.includes('nobreak');
}

/** A case group with statements that runs into the next label: reported at the label it falls into. */
function check(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const groups = node.children.filter((c) => c.type === 'switch_block_statement_group');
  for (let i = 0; i + 1 < groups.length; i++) {
    const g = groups[i] as SyntaxNode;
    const next = groups[i + 1] as SyntaxNode;
    const statements = g.namedChildren.filter((c) => c.type !== 'switch_label' && !COMMENTS.has(c.type));
    if (statements.length === 0) continue;
    if (jumps(statements.at(-1))) continue;
    // An intended fall-through says so: `// fall through`, `/* falls through */`.
    const between = g.namedChildren
      .filter((c) => COMMENTS.has(c.type))
      .concat(
        next.namedChildren.filter((c) => COMMENTS.has(c.type) && c.start < (next.namedChildren.find((x) => !COMMENTS.has(x.type) && x.type !== 'switch_label')?.start ?? Infinity)),
      );
    if (between.some((c) => intended(c.text))) continue;
    const label = next.childOfType('switch_label') ?? next;
    return { node: label, message: 'The case before this label has no break, so it runs on into this one' };
  }
  return false;
}

export default defineRule({
  class: 'switch-fallthrough',
  confidence: 'medium',
  languages: ['java'],
  remediation: 'End the case with break (or return/throw), or mark an intended fall-through with a `// fall through` comment; arrow cases (`case X ->`) never fall through.',
  references: ['https://cwe.mitre.org/data/definitions/484.html'],
  matcher: { kind: 'node', types: ['switch_block'], where: check },
});
