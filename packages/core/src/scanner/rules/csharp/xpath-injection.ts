import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { findAfter } from '../../lang/csharp/helpers.ts';

/** XPath syntax in the literal text around the input: a path step, a predicate or an attribute test. */
const XPATH_TEXT = {
  test: (text: string): boolean =>
    text.includes('/') ||
    text.includes('contains(') ||
    text.includes('text()') ||
    findAfter(text, '[', /^\s*@/) !== null ||
    findAfter(text, '@', /^[A-Za-z]/) !== null ||
    findAfter(text, '=', /^\s*['"]/) !== null,
};

/** `Select`/`Evaluate`/`Compile` are common names (LINQ `Select`, Regex…): the input must be built into XPath text. */
function xpathText(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  const arg = ctx.arg(call, 0);
  if (arg && (arg.type === 'lambda_expression' || arg.type === 'anonymous_method_expression')) return false;
  return XPATH_TEXT.test(taint.text);
}

export default defineRule({
  class: 'xpath-injection',
  confidence: 'high',
  languages: ['csharp'],
  remediation:
    'Do not build XPath from input: compile a constant expression with variables (`XPathExpression.Compile("//user[@name=$name]")` with an `XsltArgumentList`/custom `XsltContext`), or validate the value against a strict pattern; in LINQ to XML, filter with `Where(e => (string)e.Attribute("name") == name)`.',
  references: ['https://cwe.mitre.org/data/definitions/643.html', 'https://owasp.org/www-community/attacks/XPATH_Injection'],
  matcher: {
    kind: 'taint',
    sinks: [
      {
        callee: ['*.{SelectNodes,SelectSingleNode,XPathSelectElement,XPathSelectElements,XPathEvaluate}'],
        args: [0],
        where: (_c, _x, taint) => taint.built || taint.strength === 'remote',
      },
      { callee: ['**.Extensions.{XPathSelectElement,XPathSelectElements,XPathEvaluate}'], args: [1] },
      { callee: ['*.{Select,Evaluate,Compile,SelectSingleNode,Matches}', '**.XPathExpression.Compile'], args: [0], where: xpathText },
    ],
    params: 'built',
    local: 'never',
  },
});
