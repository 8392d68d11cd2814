import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'xpath-injection',
  confidence: 'high',
  languages: ['java'],
  remediation:
    'Keep the XPath expression constant and pass values as variables (`xpath.setXPathVariableResolver(...)` with `$name` in the expression), or validate the value strictly (allow-list, `^[A-Za-z0-9_-]+$`) / encode it with ESAPI `encodeForXPath`.',
  references: ['https://cwe.mitre.org/data/definitions/643.html', 'https://owasp.org/www-community/attacks/XPATH_Injection'],
  matcher: {
    kind: 'taint',
    // Sinks: the jdk, dom4j models (models/java).
    sinks: [],
    params: 'built',
  },
});
