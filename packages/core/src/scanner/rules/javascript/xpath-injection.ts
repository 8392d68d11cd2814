import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { importsModule } from '../../lang/javascript/helpers.ts';

/** Text that reads like an XPath expression: a location path or a predicate. */
function xpathText(taint: Taint): boolean {
  const text = taint.text.replace(/\s+/g, '');
  return text.startsWith('/') || text.startsWith('./') || text.includes('[@') || text.includes('contains(') || text.includes('text()') || /@\w{1,40}=/.test(text);
}

/** libxmljs `doc.get(xpath)` / `doc.find(xpath)` with an XPath-looking built string. */
function libxmlQuery(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return importsModule(ctx, 'libxmljs', 'libxmljs2') && taint.built && xpathText(taint);
}

export default defineRule({
  class: 'xpath-injection',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  remediation:
    'Do not build XPath expressions from input: use variables (`xpath.useNamespaces`/`xpath.parse(expr).select({ node, variables: { name } })` with `$name` in the expression), or validate the value against a strict allow-list and escape quotes.',
  references: [
    'https://cwe.mitre.org/data/definitions/643.html',
    'https://owasp.org/www-community/attacks/XPATH_Injection',
    'https://github.com/goto100/xpath#readme',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['xpath.{select,select1,evaluate,parse}', 'xpath', 'document.evaluate', '*.selectNodes', '*.selectSingleNode', 'xpath.useNamespaces()'], args: [0] },
      { callee: ['*.evaluate'], args: [0], where: (call, ctx, taint) => /^(?:document|doc|xmlDoc|dom|xml)$/i.test(call.receiver?.text ?? '') && taint.built },
      { callee: ['*.get', '*.find'], args: [0], where: libxmlQuery },
    ],
    params: 'built',
    local: 'never',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
