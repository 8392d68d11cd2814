import { assignedValue, derivedFromLength, flowsIntoSize, isIntegerExpr, memoryTaint, show, untrusted, upperBounded } from '../../lang/c/analysis.ts';
import { constInt, declaratorShape, findDeclaration, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** Whether the result is stored in a 32-bit (or narrower) integer variable. */
function storedNarrow(node: SyntaxNode): boolean {
  let n = node;
  while (n.parent && (n.parent.type === 'parenthesized_expression' || n.parent.type === 'cast_expression')) n = n.parent;
  const p = n.parent;
  let type: string | null = null;
  if (p?.type === 'init_declarator' && p.child('value') === n) type = p.parent?.child('type')?.text ?? null;
  else if (p?.type === 'assignment_expression' && p.child('right') === n) {
    const left = p.child('left');
    if (left && unwrap(left).type === 'identifier') type = findDeclaration(unwrap(left).text, left)?.type ?? null;
  }
  if (p?.type === 'init_declarator' && declaratorShape(p).pointers > 0) return false;
  return type !== null && /^(?:(?:const\s+)?(?:unsigned\s+|signed\s+)?(?:int|short|char)|unsigned|u?int(?:8|16|32)_t|DWORD|UINT|INT)$/.test(type.replace(/\s+/g, ' ').trim());
}

function integerOverflow(node: SyntaxNode, ctx: MatchContext): Verdict {
  const op = node.child('operator')?.text;
  if (op !== '*' && op !== '+' && op !== '<<') return false;
  const left = node.child('left');
  const right = node.child('right');
  if (!left || !right) return false;
  // `n * m * 4`: report the whole product once.
  let up = node.parent;
  while (up?.type === 'parenthesized_expression') up = up.parent;
  if (up?.type === 'binary_expression' && /^(?:\*|<<)$/.test(up.child('operator')?.text ?? '') && (op === '*' || op === '<<')) return false;
  const risky = (x: SyntaxNode): boolean => {
    if (constInt(x) !== null) return false;
    const t = memoryTaint(ctx, x);
    if (!untrusted(t) || !isIntegerExpr(ctx, x) || derivedFromLength(x, node) || upperBounded(x, node)) return false;
    // `int area = a * b;` after `a` and `b` were range-checked.
    const value = unwrap(x).type === 'identifier' ? assignedValue(x, node) : null;
    return !(value && value.type === 'binary_expression' && upperBounded(value, node));
  };
  const l = risky(left);
  const r = risky(right);
  if (!l && !r) return false;
  const operand = l ? left : right;
  const other = l ? right : left;
  const otherValue = constInt(other);
  const t = memoryTaint(ctx, operand);
  if (!t) return false;
  if (op === '+' && !(l && r)) return false;
  // A sum of values already computed from input (`aspect + rows`) is not the place to report.
  if (op === '+' && [left, right].some((x) => {
    const value = unwrap(x).type === 'identifier' ? assignedValue(x, node) : null;
    return value !== null && unwrap(value).type === 'binary_expression';
  })) return false;
  if (op === '*' && otherValue !== null && otherValue <= 1) return false;
  if (flowsIntoSize(node)) {
    return {
      confidence: 'high',
      cwe: ['CWE-190', 'CWE-680'],
      message: `${show(node)} can wrap around (${show(operand)} comes from ${t.label} unchecked) and then sizes an allocation or a copy that is too small`,
    };
  }
  // A product or sum of input stored in an int: wraps silently.
  if ((l && r) || (op === '*' && storedNarrow(node))) {
    return { confidence: 'medium', cwe: ['CWE-190'], message: `${show(node)} can overflow: ${show(operand)} comes from ${t.label} and is not range-checked` };
  }
  return false;
}

export default defineRule({
  id: 'c.integer-overflow-allocation',
  title: 'Integer overflow in a size computation',
  severity: 'high',
  confidence: 'high',
  cwe: ['CWE-190', 'CWE-680'],
  owasp: ['A04:2021'],
  languages: ['c', 'cpp'],
  message: 'Arithmetic on an unchecked input value can overflow',
  remediation: 'Check before multiplying (`if (n > SIZE_MAX / sizeof *p) return -1;`), use calloc(n, size) which checks for you, or __builtin_mul_overflow / reallocarray.',
  references: ['https://cwe.mitre.org/data/definitions/190.html', 'https://cwe.mitre.org/data/definitions/680.html', 'https://wiki.sei.cmu.edu/confluence/display/c/INT30-C.+Ensure+that+unsigned+integer+operations+do+not+wrap'],
  matcher: { kind: 'node', types: ['binary_expression'], where: integerOverflow },
});
