import { defineRule, type MatchContext, type Verdict } from '../../rule.ts';
import type { SyntaxNode } from '../../syntax.ts';
import { isTestFile } from '../../lang/python/predicates.ts';

/** Template engines and contexts whose `autoescape` switch governs HTML escaping. */
const ENGINE =
  /^(?:jinja2\.(?:Environment|sandbox\.SandboxedEnvironment|Template)|django\.template\.(?:Engine|Context|RequestContext|context\.Context)|Environment|SandboxedEnvironment|Engine|Context|RequestContext)$/;

/**
 * HTML autoescaping turned off in so many words: the Django template backend's
 * `OPTIONS: {"autoescape": False}` (every template of the project), `Context(…, autoescape=False)`,
 * Jinja2 `Environment(autoescape=False)`. Values rendered there are inserted raw.
 */
function autoescapeOff(node: SyntaxNode, ctx: MatchContext): Verdict {
  if (isTestFile(ctx.filename, ctx.code)) return false;
  if (node.type === 'pair') {
    const value = node.child('value');
    if (value?.type !== 'false' || ctx.stringValue(node.child('key') ?? node) !== 'autoescape') return false;
    // Inside the OPTIONS of a TEMPLATES backend entry.
    const dict = node.parent;
    const owner = dict?.parent?.type === 'pair' ? dict.parent : null;
    if (!owner || ctx.stringValue(owner.child('key') ?? owner) !== 'OPTIONS') return false;
    return { message: 'The Django template backend is configured with `autoescape: False`: every variable in every template is inserted into HTML unescaped' };
  }
  if (node.child('name')?.text !== 'autoescape' || node.child('value')?.type !== 'false') return false;
  const call = node.parent?.parent;
  const c = call ? ctx.call(call) : null;
  const path = c ? (ctx.pathText(c.callee ?? c.node) ?? c.name) : '';
  if (!c || !ENGINE.test(path)) return false;
  const jinja = /Environment|jinja2/.test(path);
  return {
    confidence: jinja ? 'low' : 'medium',
    message: jinja
      ? 'The Jinja2 environment renders with `autoescape=False`: values are inserted into HTML unescaped (use `select_autoescape()`)'
      : '`autoescape=False`: values rendered in this template context are inserted into HTML unescaped',
  };
}

export default defineRule({
  class: 'xss',
  name: 'autoescape-off',
  confidence: 'medium',
  cwe: ['CWE-79'],
  languages: ['python'],
  message: 'HTML autoescaping is turned off',
  remediation:
    'Keep autoescaping on: remove `"autoescape": False` from the Django TEMPLATES OPTIONS, create Jinja2 environments with `autoescape=select_autoescape()`, and mark only vetted markup safe (`format_html`, `Markup.escape`).',
  references: [
    'https://docs.djangoproject.com/en/stable/topics/templates/#django.template.backends.django.DjangoTemplates',
    'https://jinja.palletsprojects.com/en/stable/api/#autoescaping',
  ],
  matcher: { kind: 'node', types: ['pair', 'keyword_argument'], where: autoescapeOff },
});
