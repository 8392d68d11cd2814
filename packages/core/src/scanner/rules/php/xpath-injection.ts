import { defineRule } from '../../rule.ts';

export default defineRule({
  class: 'xpath-injection',
  confidence: 'high',
  languages: ['php'],
  remediation:
    'Do not concatenate request data into XPath. Validate the value against a strict pattern (`ctype_alnum`), or compare in PHP after selecting with a fixed expression; when a literal is needed, quote it safely (`concat()` for values containing quotes).',
  references: ['https://cwe.mitre.org/data/definitions/643.html', 'https://owasp.org/www-community/attacks/XPATH_Injection'],
  matcher: {
    kind: 'taint',
    // Sinks are in the stdlib model (DOMXPath, SimpleXML).
    sinks: [],
    params: 'built',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
