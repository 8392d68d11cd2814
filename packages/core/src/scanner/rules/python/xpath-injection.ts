import { defineRule } from '../../rule.ts';

/** Sinks of this class are in the models (models/python/*.ts); this part carries its policy and Python remediation. */
export default defineRule({
  class: 'xpath-injection',
  confidence: 'high',
  languages: ['python'],
  remediation:
    'Pass values as XPath variables instead of formatting them in: `tree.xpath("//user[@name=$name]", name=username)` (lxml), or `etree.XPath("//user[@name=$name]")(tree, name=username)`.',
  references: ['https://cwe.mitre.org/data/definitions/643.html', 'https://lxml.de/xpathxslt.html#the-xpath-method', 'https://owasp.org/www-community/attacks/XPATH_Injection'],
  matcher: {
    kind: 'taint',
    sinks: [],
    params: 'built',
    local: 'built',
  },
});
