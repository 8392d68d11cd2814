import { memoryTaint, show, untrusted } from '../../lang/c/analysis.ts';
import { enclosingFunction, findDeclaration, scopeDescendants, unwrap } from '../../lang/c/syntax.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';

/**
 * `(float)d` with `double d` read from input and never compared with the float range
 * (`FLT_MAX`): a value beyond it becomes infinity or loses its precision silently (CWE-681).
 */
function floatNarrowing(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (!/^float$/.test(node.child('type')?.text.trim() ?? '')) return false;
  const v = unwrap(node.child('value') ?? node);
  if (v.type !== 'identifier') return false;
  const d = findDeclaration(v.text, v);
  if (!d || d.pointers > 0 || !/\b(?:double|long double)\b/.test(d.type)) return false;
  const t = ctx.taint(v) ?? memoryTaint(ctx, v);
  if (!untrusted(t) || t.strength === 'param') return false;
  const fn = enclosingFunction(node);
  const checked =
    fn !== null && scopeDescendants(fn, ['identifier']).some((id) => id.start < node.start && (id.text === 'FLT_MAX' || id.text === 'FLT_MIN' || id.text === 'FLT_LOWEST'));
  if (checked) return false;
  return { message: `${show(v)} is a double from ${t.label}, converted to float without checking that it fits: larger values become infinity` };
}

export default defineRule({
  class: 'integer-overflow',
  name: 'float-narrowing',
  confidence: 'medium',
  cwe: ['CWE-681'],
  languages: ['c', 'cpp'],
  message: 'A double from input is narrowed to float without a range check',
  remediation: 'Check the value against FLT_MAX / -FLT_MAX (and for NaN) before converting it to float, or keep it a double.',
  matcher: { kind: 'node', types: ['cast_expression'], where: floatNarrowing },
});
