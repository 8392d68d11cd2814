import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { findAfter } from '../../lang/python/text.ts';

/** An XPath expression: a path step, a predicate or an attribute test. */
const XPATH = {
  test: (text: string): boolean =>
    /\/[\w*@.]|\b(?:contains|starts-with|text|normalize-space)\s{0,8}\(/.test(text) ||
    findAfter(text, '[', /^\s*@?[\w-]+\s*(?:=|!=|<|>)/) ||
    findAfter(text, '@', /^[\w-]+\s*=/),
};

function xpathText(_call: CallView, _ctx: MatchContext, taint: Taint): boolean {
  return XPATH.test(taint.text) || (taint.strength === 'remote' && !taint.built);
}

/** ElementTree's find/findall take a (limited) XPath too; only built strings that read like one. */
function elementPath(_call: CallView, ctx: MatchContext, taint: Taint): boolean {
  if (!/xml\.etree|ElementTree|lxml|defusedxml/.test(ctx.code)) return false;
  return taint.built && findAfter(taint.text, '[', /^\s*@?[\w-]+\s*=/);
}

export default defineRule({
  class: 'xpath-injection',
  confidence: 'high',
  languages: ['python'],
  remediation:
    'Pass values as XPath variables instead of formatting them in: `tree.xpath("//user[@name=$name]", name=username)` (lxml), or `etree.XPath("//user[@name=$name]")(tree, name=username)`.',
  references: [
    'https://cwe.mitre.org/data/definitions/643.html',
    'https://lxml.de/xpathxslt.html#the-xpath-method',
    'https://owasp.org/www-community/attacks/XPATH_Injection',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.xpath', 'lxml.etree.XPath', 'lxml.etree.ETXPath', 'lxml.etree.XPathEvaluator().evaluate'], args: [0], keywords: ['_path', 'path'], where: xpathText },
      { callee: ['*.find', '*.findall', '*.iterfind', '*.findtext'], args: [0], keywords: ['path', 'match'], where: elementPath },
    ],
    params: 'built',
    local: 'built',
  },
});
