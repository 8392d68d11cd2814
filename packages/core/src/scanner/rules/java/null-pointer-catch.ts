import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { simpleTypeName } from '../../lang/java/tree.ts';

/** `catch (NullPointerException e)` (alone or in a multi-catch): reported over the handler block. */
function check(node: SyntaxNode, _ctx: MatchContext): Verdict {
  const param = node.childOfType('catch_formal_parameter');
  const types = param?.childOfType('catch_type')?.namedChildren ?? [];
  if (!types.some((t) => simpleTypeName(t.text) === 'NullPointerException')) return false;
  const body = node.child('body');
  return { node: body ?? node };
}

export default defineRule({
  class: 'null-pointer-catch',
  confidence: 'high',
  languages: ['java'],
  remediation: 'Test for null where a value may be missing (`if (value == null)`, `Optional`, `Objects.requireNonNullElse`) instead of catching NullPointerException.',
  references: [
    'https://cwe.mitre.org/data/definitions/395.html',
    'https://wiki.sei.cmu.edu/confluence/display/java/ERR08-J.+Do+not+catch+NullPointerException+or+any+of+its+ancestors',
  ],
  matcher: { kind: 'node', types: ['catch_clause'], where: check },
});
