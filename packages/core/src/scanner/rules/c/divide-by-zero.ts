import { isIntegerExpr, memoryTaint, norm, show, untrusted } from '../../lang/c/analysis.ts';
import { constInt, enclosingFunction, findDeclaration, scopeDescendants, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/** A number literal, integer or floating (`0`, `0.000001`), or a constant. */
function numberOf(node: SyntaxNode): number | null {
  const k = constInt(node);
  if (k !== null) return k;
  const v = unwrap(node);
  if (v.type !== 'number_literal') return null;
  const x = Number.parseFloat(v.text.replace(/[fFlL]$/, ''));
  return Number.isFinite(x) ? x : null;
}

/** Whether an operand is the divisor or its magnitude: `d`, `fabs(d)`, `abs(d)`. */
function names(node: SyntaxNode, name: string): boolean {
  const v = unwrap(node);
  if (norm(v) === name) return true;
  if (v.type !== 'call_expression' || !/^(?:std::)?(?:fabs|fabsf|fabsl|abs|labs|llabs)$/.test(v.child('function')?.text ?? '')) return false;
  const arg = v.child('arguments')?.namedChildren.find((c) => c.type !== 'comment');
  return arg !== undefined && norm(unwrap(arg)) === name;
}

/**
 * Whether a floating division's result is turned into an integer: `(int)(100.0 / d)`,
 * `int r = x / d;`. Dividing by zero gives an infinity or NaN, and converting that to an integer
 * is undefined behaviour.
 */
function convertedToInteger(node: SyntaxNode): boolean {
  let n = node;
  while (n.parent?.type === 'parenthesized_expression') n = n.parent;
  const p = n.parent;
  if (p?.type === 'cast_expression')
    return /^(?:(?:unsigned|signed)\s+)?(?:int|long|short|char|long long)$|^u?int(?:8|16|32|64)_t$|^size_t$/.test((p.child('type')?.text ?? '').trim());
  if (p?.type === 'init_declarator' && p.child('value') === n)
    return /^(?:(?:unsigned|signed)\s+)?(?:int|long|short|long long)$|^u?int(?:8|16|32|64)_t$/.test((p.parent?.child('type')?.text ?? '').trim());
  return false;
}

/** Whether `name` is compared with zero (or tested for truth) before `at`: `if (d == 0) return;`, `if (!d)`, `d > 0 ? … : …`. */
function zeroChecked(name: string, at: SyntaxNode): boolean {
  const fn = enclosingFunction(at);
  if (!fn) return false;
  for (const n of scopeDescendants(fn, ['binary_expression', 'unary_expression', 'if_statement', 'conditional_expression', 'while_statement'])) {
    if (n.start >= at.start) break;
    if (n.type === 'binary_expression') {
      const op = n.child('operator')?.text ?? '';
      if (!/^(?:==|!=|<|<=|>|>=)$/.test(op)) continue;
      const l = n.child('left');
      const r = n.child('right');
      if (!l || !r) continue;
      // Only a comparison that separates zero from the other values: `d == 0`, `d != 0`, `d > 0`, `d >= 1`, `d <= 0`, `d < 1`.
      const mirror: Record<string, string> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=', '==': '==', '!=': '!=' };
      const [o, v] = names(l, name) ? [op, numberOf(r)] : names(r, name) ? [mirror[op] ?? op, numberOf(l)] : [op, null];
      if (v === null) continue;
      if (((o === '==' || o === '!=') && v === 0) || (o === '>' && v >= 0) || (o === '>=' && v > 0) || (o === '<=' && v <= 0) || (o === '<' && v <= 1)) return true;
    } else if (n.type === 'unary_expression') {
      if (n.child('operator')?.text === '!' && norm(unwrap(n.child('argument') ?? n)) === name) return true;
    } else {
      // `if (d)`, `while (d)`, `d ? x / d : 0`
      const cond = n.child('condition');
      if (cond && norm(unwrap(cond)) === name) return true;
    }
  }
  return false;
}

/** Whether an operand is a filesystem path or a string (in C++, `/` on them joins paths). */
function pathOrString(node: SyntaxNode): boolean {
  const v = unwrap(node);
  if (v.type === 'string_literal') return true;
  if (v.type === 'binary_expression') {
    const left = v.child('left');
    return v.child('operator')?.text === '/' && left !== null && pathOrString(left);
  }
  if (v.type === 'call_expression') return /(?:^|::)path$|\.(?:parent_path|filename|root_path)$/.test(v.child('function')?.text.replace(/\s+/g, '') ?? '');
  if (v.type !== 'identifier' && v.type !== 'field_expression') return false;
  const name = v.type === 'identifier' ? v.text : (v.child('field')?.text ?? '');
  const d = v.type === 'identifier' ? findDeclaration(name, v) : null;
  return d !== null && /\bpath\b|string/.test(d.type);
}

function divideByZero(node: SyntaxNode, ctx: MatchContext): Verdict {
  let divisor: SyntaxNode | null = null;
  if (node.type === 'binary_expression') {
    const op = node.child('operator')?.text;
    if (op !== '/' && op !== '%') return false;
    divisor = node.child('right');
  } else {
    const op = node.child('operator')?.text;
    if (op !== '/=' && op !== '%=') return false;
    divisor = node.child('right');
  }
  if (!divisor || constInt(divisor) !== null) return false;
  // `(double)a / (double)b`: a cast of either side to a floating type makes it a floating division.
  const left = node.type === 'binary_expression' ? node.child('left') : null;
  // Floating-point division by zero gives inf/nan, not a trap — unless the result becomes an integer.
  let floating = false;
  for (const side of [divisor, left]) {
    let x: SyntaxNode | null = side;
    for (let i = 0; x && i < 8 && x.type === 'parenthesized_expression'; i++) x = x.namedChildren[0] ?? null;
    if (x?.type === 'cast_expression' && /\b(?:float|double)\b/.test(x.child('type')?.text ?? '')) floating = true;
    if (x?.type === 'number_literal' && /[.eE]/.test(x.text) && !/^0[xX]/.test(x.text)) floating = true;
  }
  const d = unwrap(divisor);
  if (d.type !== 'identifier' && d.type !== 'field_expression') return false;
  // `dir / name` joins std::filesystem paths.
  if (left && pathOrString(left)) return false;
  if (d.type === 'identifier') {
    const decl = findDeclaration(d.text, d);
    if (decl && /\b(?:float|double)\b/.test(decl.type)) floating = true;
  }
  if (floating) {
    if (node.type !== 'binary_expression' || node.child('operator')?.text !== '/' || !convertedToInteger(node)) return false;
    const t = ctx.taint(d) ?? memoryTaint(ctx, d);
    if (!untrusted(t) || t.strength === 'param' || zeroChecked(norm(d), node)) return false;
    return {
      confidence: 'medium',
      message: `${show(d)} comes from ${t.label} and is not checked for zero: the quotient can be infinite, and converting it to an integer is undefined`,
    };
  }
  const t = memoryTaint(ctx, d);
  if (!untrusted(t) || !isIntegerExpr(ctx, d)) return false;
  if (zeroChecked(norm(d), node)) return false;
  return { message: `${show(d)} comes from ${t.label} and is used as a divisor without checking it for zero` };
}

export default defineRule({
  class: 'divide-by-zero',
  confidence: 'high',
  languages: ['c', 'cpp'],
  message: 'A divisor that comes from input is not checked for zero',
  remediation: 'Check the divisor before dividing (`if (d == 0) { … return -1; }`); integer division or modulo by zero crashes the process (SIGFPE).',
  references: [
    'https://cwe.mitre.org/data/definitions/369.html',
    'https://wiki.sei.cmu.edu/confluence/display/c/INT33-C.+Ensure+that+division+and+remainder+operations+do+not+result+in+divide-by-zero+errors',
  ],
  matcher: { kind: 'node', types: ['binary_expression', 'assignment_expression'], where: divideByZero },
});
