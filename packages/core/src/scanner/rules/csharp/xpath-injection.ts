import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'xpath-injection',
  confidence: 'high',
  languages: ['csharp'],
  remediation:
    'Do not build XPath from input: compile a constant expression with variables (`XPathExpression.Compile("//user[@name=$name]")` with an `XsltArgumentList`/custom `XsltContext`), or validate the value against a strict pattern; in LINQ to XML, filter with `Where(e => (string)e.Attribute("name") == name)`.',
  references: ['https://cwe.mitre.org/data/definitions/643.html', 'https://owasp.org/www-community/attacks/XPATH_Injection'],
  matcher: {
    kind: 'taint',
    // Sinks: the system-xml models (models/csharp).
    sinks: [],
    params: 'built',
    local: 'never',
  },
});
