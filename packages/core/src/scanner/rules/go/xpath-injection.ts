import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'xpath-injection',
  confidence: 'high',
  languages: ['go'],
  remediation:
    'Do not build XPath expressions from input. Select nodes with a constant expression and compare the untrusted value in Go (`node.SelectAttr("name") == name`), or validate it against a strict allow-list pattern before use.',
  references: ['https://cwe.mitre.org/data/definitions/643.html', 'https://owasp.org/www-community/attacks/XPATH_Injection', 'https://pkg.go.dev/github.com/antchfx/xmlquery'],
  matcher: {
    kind: 'taint',
    // The sinks are data: models/go/*.ts, with the named checks of lang/go/heuristics.ts.
    sinks: [],
    params: 'built',
    local: 'built',
  },
});
