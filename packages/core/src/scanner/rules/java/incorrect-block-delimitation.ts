import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';

/** Line and column of a node's start (the source keeps a line index). */
function position(node: SyntaxNode): { line: number; column: number } {
  const line = node.source.lineOf(node.start);
  return { line, column: node.start - (node.source.lineStarts[line] ?? 0) };
}

/** The statement after a node in its block, skipping comments. */
function nextStatement(node: SyntaxNode): SyntaxNode | null {
  const parent = node.parent;
  if (!parent) return null;
  const siblings = parent.namedChildren.filter((c) => c.type !== 'line_comment' && c.type !== 'block_comment');
  const i = siblings.indexOf(node);
  return i >= 0 ? (siblings[i + 1] ?? null) : null;
}

/**
 * `if (c);` (an empty body), and an unbraced `if` whose next statement is laid out as if it were
 * guarded too: on the same line as the guarded one, or indented like it on the next lines.
 */
function check(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const body = node.child('consequence');
  if (!body || node.child('alternative')) return false;
  if (body.type === 'block') return false;
  if (body.text === ';' || body.type === 'empty_statement') return { message: 'This if has an empty body (a stray semicolon): the block after it always runs' };
  if (body.type === 'if_statement') return false;
  const next = nextStatement(node);
  if (!next) return false;
  const guarded = position(body);
  const after = position(next);
  const head = position(node);
  const sameLine = after.line === guarded.line;
  const alignedBelow = after.line > guarded.line && guarded.line > head.line && after.column === guarded.column;
  if (!sameLine && !alignedBelow) return false;
  return { message: 'The statement after this unbraced if is laid out as if the if guarded it, but it always runs' };
}

export default defineRule({
  class: 'misleading-block',
  confidence: 'medium',
  languages: ['java'],
  remediation: 'Use braces for every if body, remove the stray semicolon after the condition, and let the formatter fix the indentation.',
  references: ['https://cwe.mitre.org/data/definitions/483.html'],
  matcher: { kind: 'node', types: ['if_statement'], where: check },
});
