import { declaratorShape, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/**
 * `char *p = (char *)0x400000;`: a pointer given a hard-coded address. Memory-mapped hardware
 * registers are the legitimate case, and they are declared `volatile`; small values (`(void *)1`,
 * `(char *)-1` as sentinels, `NULL`) are not addresses.
 */
function fixedAddress(node: SyntaxNode, _ctx: MatchContext): Verdict {
  let value: SyntaxNode | null;
  let declared: string;
  if (node.type === 'init_declarator') {
    if (declaratorShape(node).pointers === 0) return false;
    value = node.child('value');
    declared = node.parent?.text.slice(0, Math.max(0, node.start - (node.parent?.start ?? 0))) ?? '';
  } else {
    return false;
  }
  if (!value || value.type !== 'cast_expression') return false;
  const inner = unwrap(value);
  if (inner.type !== 'number_literal' || !/^0[xX][0-9a-fA-F]{1,16}[uUlL]{0,3}$/.test(inner.text)) return false;
  let digits = inner.text;
  while (digits.length > 0 && 'uUlL'.includes(digits[digits.length - 1] as string)) digits = digits.slice(0, -1);
  const address = Number.parseInt(digits, 16);
  if (!Number.isFinite(address) || address < 0x1000) return false;
  if (/\bvolatile\b/.test(declared) || /\bvolatile\b/.test(value.child('type')?.text ?? '')) return false;
  return { message: `This pointer is set to the fixed address ${inner.text}, which the program does not own on every system` };
}

export default defineRule({
  class: 'fixed-address-pointer',
  confidence: 'medium',
  languages: ['c', 'cpp'],
  matcher: { kind: 'node', types: ['init_declarator'], where: fixedAddress },
});
