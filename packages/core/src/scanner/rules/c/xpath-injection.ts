import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'xpath-injection',
  confidence: 'high',
  languages: ['c', 'cpp'],
  remediation:
    'Do not build XPath expressions from input: register the value as a variable (`xmlXPathRegisterVariable`, pugixml `xpath_variable_set`) and refer to it as `$name`, or validate it against a strict allow-list.',
  references: ['https://cwe.mitre.org/data/definitions/643.html', 'https://owasp.org/www-community/attacks/XPATH_Injection'],
  matcher: {
    kind: 'taint',
    // Sinks: models/c/libxml2.ts, models/cpp/pugixml.ts.
    sinks: [],
    params: 'built',
    check: (taint) => taint.built || taint.strength !== 'param',
  },
});
