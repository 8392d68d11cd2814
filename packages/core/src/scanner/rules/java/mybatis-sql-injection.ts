import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { annotationName, descendants, findAfter } from '../../lang/java/tree.ts';

const STATEMENTS = new Set(['Select', 'Update', 'Delete', 'Insert']);
const STRINGS = new Set(['string_literal']);

/** MyBatis `@Select("… ${name} …")`: `${}` pastes the parameter into the SQL text (`#{}` binds it). */
function dollarSubstitution(node: SyntaxNode, _ctx: MatchContext): Verdict {
  if (!STATEMENTS.has(annotationName(node))) return false;
  const args = node.child('arguments');
  if (!args) return false;
  return descendants(args, STRINGS).some((s) => findAfter(s.text, '${', /^\s*[A-Za-z_][\w.]*\s*\}/) !== null);
}

export default defineRule({
  class: 'sql-injection',
  severity: 'high',
  confidence: 'medium',
  languages: ['java'],
  message: 'This MyBatis statement pastes a parameter into the SQL text with ${…}; callers passing request data get SQL injection',
  remediation:
    'Bind values with `#{param}` instead of `${param}`. For identifiers that cannot be bound (ORDER BY columns, table names), map the value through an allow-list in Java before it reaches the mapper.',
  references: ['https://cwe.mitre.org/data/definitions/89.html', 'https://mybatis.org/mybatis-3/sqlmap-xml.html#string-substitution'],
  matcher: { kind: 'node', types: ['annotation'], where: dollarSubstitution },
});
