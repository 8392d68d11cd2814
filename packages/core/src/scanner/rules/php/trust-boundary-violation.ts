import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { unwrap } from '../../lang/php/helpers.ts';

/**
 * `$_SESSION[$_POST['key']] = …`: the client picks which session entry is written, so it can set
 * the ones the application trusts (`user_id`, `is_admin`, a CSRF token). A key under a fixed prefix
 * or inside a fixed sub-array (`$_SESSION['cart'][$id]`) cannot reach them.
 */
function clientChosenKey(node: SyntaxNode, ctx: MatchContext): Verdict {
  const left = node.child('left');
  if (!left || left.type !== 'subscript_expression') return false;
  const [object, index] = left.namedChildren;
  if (!object || !index || object.type !== 'variable_name' || object.text !== '$_SESSION') return false;
  const key = unwrap(index);
  const taint = ctx.taint(key);
  if (!taint || taint.strength !== 'remote' || taint.built) return false;
  return { message: `The session key is chosen by the client (${taint.label}): it can overwrite entries the application trusts, such as the signed-in user` };
}

export default defineRule({
  class: 'trust-boundary-violation',
  confidence: 'medium',
  languages: ['php'],
  remediation:
    "Never let request data name a session entry. Use fixed keys, or keep client-chosen keys under their own sub-array after checking them against an allow-list (`$_SESSION['prefs'][$key]` with `in_array($key, $allowed, true)`).",
  references: ['https://cwe.mitre.org/data/definitions/501.html', 'https://www.php.net/manual/en/reserved.variables.session.php'],
  matcher: { kind: 'node', types: ['assignment_expression'], where: clientChosenKey },
});
