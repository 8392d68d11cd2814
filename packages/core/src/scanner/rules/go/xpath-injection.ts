import { defineRule } from '../../rule.ts';
import { importsPath } from '../../lang/go/util.ts';

export default defineRule({
  class: 'xpath-injection',
  confidence: 'high',
  languages: ['go'],
  remediation:
    'Do not build XPath expressions from input. Select nodes with a constant expression and compare the untrusted value in Go (`node.SelectAttr("name") == name`), or validate it against a strict allow-list pattern before use.',
  references: [
    'https://cwe.mitre.org/data/definitions/643.html',
    'https://owasp.org/www-community/attacks/XPATH_Injection',
    'https://pkg.go.dev/github.com/antchfx/xmlquery',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['xmlquery.{Find,FindOne,Query,QueryAll,FindEach,FindEachWithBreak}', 'htmlquery.{Find,FindOne,Query,QueryAll}', 'jsonquery.{Find,FindOne,Query,QueryAll}'], args: [1] },
      { callee: ['xpath.{Compile,MustCompile,CompileWithNS,Select}', 'xmlpath.{Compile,MustCompile}', 'goxpath.{Parse,MustParse}'], args: [0] },
      { callee: '*.{SelectElement,SelectElements}', args: [0], where: (call) => importsPath(call.node, 'github.com/antchfx/xmlquery') || importsPath(call.node, 'github.com/antchfx/htmlquery') },
      { callee: '*.{FindElements,FindElement}', args: [0], where: (call) => importsPath(call.node, 'github.com/beevik/etree') },
    ],
    params: 'built',
    local: 'built',
  },
});
