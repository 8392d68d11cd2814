import { constInt, functionsByName, rootOf, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** The condition an expression is, directly: `if (x = 5)`, `while (x = 0)` (one pair of parentheses only). */
function directCondition(node: SyntaxNode): boolean {
  const p = node.parent;
  if (p?.type !== 'parenthesized_expression' && p?.type !== 'condition_clause') return false;
  const owner = p.parent;
  return owner !== null && (owner.type === 'if_statement' || owner.type === 'while_statement' || owner.type === 'do_statement') && owner.child('condition') === p;
}

/** A name the file defines or declares as a function (not a variable holding a function pointer). */
function functionName(node: SyntaxNode): boolean {
  const v = unwrap(node);
  if (v.type !== 'identifier') return false;
  return functionsByName(rootOf(v)).has(v.text);
}

/**
 * `if (x = 5)` — an assignment of a constant as the whole condition (CWE-481; a deliberate
 * `if ((n = read(…)))` uses double parentheses or a call); `x == 5;` — a comparison as a
 * statement (CWE-482); `if (handler == NULL)` / `if (!handler)` on a function's name — its address,
 * which is never NULL (CWE-480).
 */
function confusion(node: SyntaxNode, _ctx: MatchContext): Verdict {
  if (node.type === 'assignment_expression') {
    if (node.child('operator')?.text !== '=' || !directCondition(node)) return false;
    const right = node.child('right');
    if (!right || constInt(right) === null) return false;
    return {
      cwe: ['CWE-481'],
      message: `This condition assigns ${right.text} to ${node.child('left')?.text ?? 'a variable'} instead of comparing: it is always ${constInt(right) === 0 ? 'false' : 'true'}`,
    };
  }
  if (node.type === 'expression_statement') {
    const e = node.namedChildren[0];
    if (e?.type !== 'binary_expression' || !/^(?:==|!=)$/.test(e.child('operator')?.text ?? '')) return false;
    return { node: e, cwe: ['CWE-482'], message: `This comparison is a statement of its own: its result is thrown away (was \`=\` meant?)` };
  }
  // binary_expression: a function's name compared with NULL.
  const op = node.child('operator')?.text;
  if (op !== '==' && op !== '!=') return false;
  const left = node.child('left');
  const right = node.child('right');
  if (!left || !right) return false;
  const nullish = (n: SyntaxNode): boolean => /^(?:NULL|nullptr|0|\(void\s*\*\)\s*0)$/.test(unwrap(n).text.trim());
  const fn = functionName(left) && nullish(right) ? left : functionName(right) && nullish(left) ? right : null;
  if (!fn) return false;
  return { cwe: ['CWE-480'], message: `${unwrap(fn).text} is a function: its address is never NULL, so this compares nothing (was ${unwrap(fn).text}() meant?)` };
}

export default defineRule({
  class: 'operator-confusion',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['assignment_expression', 'expression_statement', 'binary_expression'], where: confusion },
});
