import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';

/** Django's marks of text already escaped: whatever derives from them is inserted into templates raw. */
const SAFE_BASES = new Set(['django.utils.safestring.SafeString', 'django.utils.safestring.SafeText', 'django.utils.safestring.SafeData']);

/**
 * `class Banner(SafeString): …`: every instance of the subclass is marked safe, so Django templates
 * (and `conditional_escape`) insert it without escaping, whatever text it was built from.
 */
function safeSubclass(node: SyntaxNode, ctx: MatchContext): Verdict {
  const bases = node.child('superclasses')?.namedChildren ?? [];
  const base = bases.find((b) => SAFE_BASES.has(ctx.pathText(b) ?? ''));
  if (!base) return false;
  return {
    node: node.child('name') ?? node,
    message: `\`${node.child('name')?.text ?? 'This class'}\` derives from ${base.text}: its instances skip Django's autoescaping wherever they are rendered`,
  };
}

export default defineRule({
  class: 'xss',
  name: 'safe-subclass',
  confidence: 'low',
  cwe: ['CWE-79'],
  languages: ['python'],
  message: 'A class derives from a Django safe-string type and bypasses autoescaping',
  remediation:
    'Keep text as plain `str` and let templates escape it; build markup with `format_html()` / `format_html_join()`, which escape every value, and call `mark_safe()` only on a fixed, reviewed fragment.',
  references: ['https://docs.djangoproject.com/en/stable/ref/utils/#django.utils.safestring.SafeString', 'https://cwe.mitre.org/data/definitions/79.html'],
  matcher: { kind: 'node', types: ['class_definition'], where: safeSubclass },
});
