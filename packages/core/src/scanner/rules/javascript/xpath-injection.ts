import { defineRule } from '../../rule.ts';

/** Sinks: models/javascript/xpath (xpath, libxmljs, DOM `document.evaluate`). */
export default defineRule({
  class: 'xpath-injection',
  confidence: 'high',
  languages: ['javascript', 'typescript'],
  remediation:
    'Do not build XPath expressions from input: use variables (`xpath.useNamespaces`/`xpath.parse(expr).select({ node, variables: { name } })` with `$name` in the expression), or validate the value against a strict allow-list and escape quotes.',
  references: ['https://cwe.mitre.org/data/definitions/643.html', 'https://owasp.org/www-community/attacks/XPATH_Injection', 'https://github.com/goto100/xpath#readme'],
  matcher: {
    kind: 'taint',
    sinks: [],
    params: 'built',
    local: 'never',
    check: (taint) => taint.built || taint.strength === 'remote',
  },
});
