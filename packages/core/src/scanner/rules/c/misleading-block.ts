import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** The column a 1-based line of `node`'s file starts at (tabs count as 8); the file's line index makes it O(indent). */
function indentOf(node: SyntaxNode, line: number): number {
  const text = node.source.line(line);
  let col = 0;
  for (const c of text) {
    if (c === ' ') col++;
    else if (c === '\t') col += 8 - (col % 8);
    else break;
  }
  return col;
}

/**
 * `if (x == 0);` — a condition whose body is an empty statement on the same line; and an unbraced
 * body followed by a statement indented like it (`if (c)\n    a();\n    b();` or `if (c) a(); b();`
 * on one line), which runs whatever the condition says.
 */
function misleading(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const body = node.child('consequence') ?? node.child('body');
  if (!body) return false;
  if (body.type === 'expression_statement' && body.text.trim() === ';' && body.location.startLine === node.location.startLine) {
    return { message: 'This condition ends with a semicolon: the block after it runs whatever the condition is' };
  }
  if (body.type === 'compound_statement' || node.type !== 'if_statement' || node.child('alternative')) return false;
  const siblings = node.parent?.namedChildren ?? [];
  const next = siblings[siblings.indexOf(node) + 1];
  if (!next || next.type === 'comment' || next.type === 'else_clause') return false;
  const sameLine = next.location.startLine === body.location.endLine && body.location.startLine === node.location.startLine;
  const bodyIndent = body.location.startLine > node.location.startLine ? indentOf(body, body.location.startLine) : -1;
  const aligned = bodyIndent > indentOf(node, node.location.startLine) && next.location.startLine > body.location.endLine && indentOf(next, next.location.startLine) === bodyIndent;
  if (!sameLine && !aligned) return false;
  return {
    message: `Only the first statement belongs to this if: the next one (line ${next.location.startLine}) ${sameLine ? 'is on the same line' : 'is indented like it'} but always runs`,
  };
}

export default defineRule({
  class: 'misleading-block',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['if_statement', 'while_statement', 'for_statement'], where: misleading },
});
