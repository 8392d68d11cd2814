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
    sinks: [
      { callee: ['xmlXPathEvalExpression', 'xmlXPathEval', 'xmlXPathCompile', 'xmlXPathEvalPredicate'], args: [0] },
      { callee: ['xmlXPathCtxtCompile', 'xmlXPathNodeEval'], args: [1] },
      { callee: ['*.select_nodes', '*.select_node', '*.select_single_node', 'pugi.xpath_query', 'xpath_query'], args: [0] },
    ],
    params: 'built',
    check: (taint) => taint.built || taint.strength !== 'param',
  },
});
