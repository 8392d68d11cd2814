import { defineRule } from '../../rule.ts';

export default defineRule({
  id: 'c.xpath-injection',
  title: 'XPath injection',
  severity: 'high',
  confidence: 'high',
  cwe: ['CWE-643'],
  owasp: ['A03:2021'],
  languages: ['c', 'cpp'],
  message: 'Untrusted data from {source} is built into the XPath expression evaluated by {sink}',
  remediation:
    'Do not build XPath expressions from input: register the value as a variable (`xmlXPathRegisterVariable`, pugixml `xpath_variable_set`) and refer to it as `$name`, or validate it against a strict allow-list.',
  references: ['https://cwe.mitre.org/data/definitions/643.html', 'https://owasp.org/www-community/attacks/XPATH_Injection'],
  matcher: {
    kind: 'taint',
    class: 'xpath',
    sinks: [
      { callee: ['xmlXPathEvalExpression', 'xmlXPathEval', 'xmlXPathCompile', 'xmlXPathEvalPredicate'], args: [0] },
      { callee: ['xmlXPathCtxtCompile', 'xmlXPathNodeEval'], args: [1] },
      { callee: ['*.select_nodes', '*.select_node', '*.select_single_node', 'pugi.xpath_query', 'xpath_query'], args: [0] },
    ],
    params: 'built',
    check: (taint) => taint.built || taint.strength !== 'param',
  },
});
