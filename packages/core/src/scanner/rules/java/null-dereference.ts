import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';

/** `x != null` (or `x == null` when `negated`): whether a condition tests this name against null. */
function testsNull(cond: SyntaxNode | null, name: string, notNull: boolean, depth = 0): boolean {
  if (!cond || depth > 8) return false;
  if (cond.type === 'parenthesized_expression') return testsNull(cond.namedChildren[0] ?? null, name, notNull, depth + 1);
  if (cond.type !== 'binary_expression') return false;
  const op = cond.child('operator')?.text;
  const l = cond.child('left');
  const r = cond.child('right');
  if (op === '&&' || op === '||') return testsNull(l, name, notNull, depth + 1) || testsNull(r, name, notNull, depth + 1);
  if (op !== (notNull ? '!=' : '==')) return false;
  return (l?.text === name && r?.type === 'null_literal') || (r?.text === name && l?.type === 'null_literal');
}

/** Whether the expression sits where a test in the same expression already excludes null (`x != null && x.f()`, `x == null ? d : x.f()`). */
function guardedInExpression(at: SyntaxNode, name: string): boolean {
  let child = at;
  for (let p = at.parent, depth = 0; p && depth < 24; child = p, p = p.parent, depth++) {
    if (p.type.endsWith('_statement') || p.type === 'block') return false;
    if (p.type === 'binary_expression' && child === p.child('right')) {
      const op = p.child('operator')?.text;
      if ((op === '&&' && testsNull(p.child('left'), name, true)) || (op === '||' && testsNull(p.child('left'), name, false))) return true;
    }
    if (p.type === 'ternary_expression') {
      const cond = p.child('condition');
      if ((child === p.child('consequence') && testsNull(cond, name, true)) || (child === p.child('alternative') && testsNull(cond, name, false))) return true;
    }
  }
  return false;
}

/** `x.m()`, `x.f`, `x[i]` where x holds null on every path to here. */
function check(node: SyntaxNode, ctx: MatchContext): Verdict {
  const object = node.type === 'array_access' ? node.child('array') : node.child('object');
  if (!object || object.type !== 'identifier') return false;
  if (!ctx.isNull(object) || guardedInExpression(node, object.text)) return false;
  return { message: `${object.text} is null on every path to here (it was assigned null and not set since), and ${node.text.slice(0, 40)} dereferences it` };
}

export default defineRule({
  class: 'null-dereference',
  confidence: 'medium',
  cwe: ['CWE-476'],
  languages: ['java'],
  remediation: 'Give the variable a value on every path before using it, or check it for null (`if (x != null)`, `Objects.requireNonNull`) where null is a legitimate state.',
  references: ['https://cwe.mitre.org/data/definitions/476.html'],
  matcher: { kind: 'node', types: ['method_invocation', 'field_access', 'array_access'], where: check },
});
