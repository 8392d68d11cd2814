import { defineModel } from '../schema.ts';

/** System.Xml and LINQ to XML: XPath expressions evaluated against a document, and the escaping helpers applications write for them. */
export default defineModel({
  name: 'system-xml',
  language: 'csharp',
  sinks: [
    { call: '*.{SelectNodes,SelectSingleNode,XPathSelectElement,XPathSelectElements,XPathEvaluate}', class: 'xpath-injection', where: 'remote-or-built' },
    { call: '**.Extensions.{XPathSelectElement,XPathSelectElements,XPathEvaluate}', arg: 1, class: 'xpath-injection' },
    { call: ['*.{Select,Evaluate,Compile,SelectSingleNode,Matches}', '**.XPathExpression.Compile'], class: 'xpath-injection', where: 'xpath-text' },
  ],
  sanitizers: [{ call: '**.{EscapeXPath,XPathEscape,EscapeXPathString,EscapeXPathLiteral,XPathLiteral,ToXPathLiteral}', class: 'xpath-injection' }],
});
