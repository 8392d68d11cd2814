import {
  arithmeticWidth,
  assignedValue,
  derivedFromLength,
  flowsIntoSize,
  isIntegerExpr,
  maxValue,
  memoryTaint,
  show,
  untrusted,
  upperBounded,
  widenedProduct,
} from '../../lang/c/analysis.ts';
import { isCurlCallback } from '../../lang/c/helpers.ts';
import { constInt, declaratorShape, enclosingFunction, findDeclaration, functionName, unwrap } from '../../lang/c/syntax.ts';
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

/**
 * Operands with known ranges (checked against constants, or of a narrow type) can still wrap: with
 * `w, h <= 65535` (uint32_t), `w * h * 3` needs 34 bits. Reported when the largest result does not
 * fit the type the arithmetic is done in and it sizes an allocation or a copy, or is stored narrow.
 */
function boundedWrap(node: SyntaxNode, left: SyntaxNode, right: SyntaxNode, op: string, ctx: MatchContext): Verdict {
  if (op !== '*' && op !== '<<') return false;
  const input = [left, right].map((x) => (constInt(x) === null ? memoryTaint(ctx, x) : null)).find((t) => untrusted(t));
  if (!input) return false;
  const max = maxValue(node, node);
  const width = arithmeticWidth([left, right], node);
  if (max === null || width === null) return false;
  const limit = width.bits === 64 ? 2 ** 64 : width.unsigned ? 2 ** 32 : 2 ** 31;
  if (max < limit) return false;
  if (!flowsIntoSize(node) && !storedNarrow(node)) return false;
  return {
    confidence: 'high',
    cwe: ['CWE-190', 'CWE-680'],
    message: `${show(node)} can reach ${max.toExponential(2)} with input from ${input.label}, more than the ${width.bits}-bit ${width.unsigned ? 'unsigned' : 'signed'} arithmetic holds: the size wraps around`,
  };
}

function integerOverflow(node: SyntaxNode, ctx: MatchContext): Verdict {
  const op = node.child('operator')?.text;
  if (op !== '*' && op !== '+' && op !== '<<') return false;
  const left = node.child('left');
  const right = node.child('right');
  if (!left || !right) return false;
  // `(size_t)w * h`: the product of 32-bit values in 64-bit arithmetic cannot wrap.
  if (op === '*' && widenedProduct(left, right, node)) return false;
  // `size * nmemb` in a libcurl write callback: size is always 1 and a chunk is at most CURL_MAX_WRITE_SIZE.
  const fn = enclosingFunction(node);
  if (fn && op === '*' && isCurlCallback(fn, functionName(fn))) return false;
  // `n * m * 4`: report the whole product once.
  let up = node.parent;
  while (up?.type === 'parenthesized_expression') up = up.parent;
  if (up?.type === 'binary_expression' && /^(?:\*|<<)$/.test(up.child('operator')?.text ?? '') && (op === '*' || op === '<<')) return false;
  const risky = (x: SyntaxNode): boolean => {
    if (constInt(x) !== null) return false;
    const t = memoryTaint(ctx, x);
    if (!untrusted(t) || !isIntegerExpr(ctx, x) || derivedFromLength(x, node) || upperBounded(x, node) || maxValue(x, node) !== null) return false;
    // `int area = a * b;` after `a` and `b` were range-checked.
    const value = unwrap(x).type === 'identifier' ? assignedValue(x, node) : null;
    return !(value && value.type === 'binary_expression' && upperBounded(value, node));
  };
  const l = risky(left);
  const r = risky(right);
  if (!l && !r) return boundedWrap(node, left, right, op, ctx);
  const operand = l ? left : right;
  const other = l ? right : left;
  const otherValue = constInt(other);
  const t = memoryTaint(ctx, operand);
  if (!t) return false;
  if (op === '+' && !(l && r)) return false;
  // A sum of values already computed from input (`aspect + rows`) is not the place to report.
  if (
    op === '+' &&
    [left, right].some((x) => {
      const value = unwrap(x).type === 'identifier' ? assignedValue(x, node) : null;
      return value !== null && unwrap(value).type === 'binary_expression';
    })
  )
    return false;
  if (op === '*' && otherValue !== null && otherValue <= 1) return false;
  if (flowsIntoSize(node)) {
    return {
      confidence: 'high',
      cwe: ['CWE-190', 'CWE-680'],
      message: `${show(node)} can wrap around (${show(operand)} comes from ${t.label} unchecked) and then sizes an allocation or a copy that is too small`,
    };
  }
  // A product or sum of input stored in an int: wraps silently. Not in 64-bit arithmetic (`(size_t)a * b`,
  // off_t offsets), and not a value only compared (`lseek(…) != start + len`).
  const width = arithmeticWidth([left, right], node);
  if (width?.bits === 64) return false;
  let use = node.parent;
  while (use?.type === 'parenthesized_expression') use = use.parent;
  if (use?.type === 'binary_expression' && /^(?:==|!=|<|<=|>|>=)$/.test(use.child('operator')?.text ?? '')) return false;
  if ((l && r) || (op === '*' && storedNarrow(node))) {
    return { confidence: 'medium', cwe: ['CWE-190'], message: `${show(node)} can overflow: ${show(operand)} comes from ${t.label} and is not range-checked` };
  }
  return false;
}

export default defineRule({
  class: 'integer-overflow',
  confidence: 'high',
  cwe: ['CWE-190', 'CWE-680'],
  languages: ['c', 'cpp'],
  message: 'Arithmetic on an unchecked input value can overflow',
  remediation: 'Check before multiplying (`if (n > SIZE_MAX / sizeof *p) return -1;`), use calloc(n, size) which checks for you, or __builtin_mul_overflow / reallocarray.',
  references: [
    'https://cwe.mitre.org/data/definitions/190.html',
    'https://cwe.mitre.org/data/definitions/680.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/INT30-C.+Ensure+that+unsigned+integer+operations+do+not+wrap',
  ],
  matcher: { kind: 'node', types: ['binary_expression'], where: integerOverflow },
});
