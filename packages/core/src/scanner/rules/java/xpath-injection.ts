import type { CallView } from '../../engine/adapter.ts';
import { defineRule, type MatchContext, type Taint } from '../../rule.ts';
import { probing, receiverIs } from '../../lang/java/predicates.ts';

const XPATH_TYPES = new Set(['XPath', 'XPathEvaluator']);
const XPATH_SEGMENTS = new Set(['newXPath']);
const DOM4J_TYPES = new Set(['Document', 'Element', 'Node', 'Branch']);

function xpathReceiver(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return (taint.built || taint.strength === 'remote') && receiverIs(call, ctx, { types: XPATH_TYPES, segments: XPATH_SEGMENTS, names: /^(?:xpath|xPath|xp|xpathObj|evaluator)$/i });
}

function dom4jSelect(call: CallView, ctx: MatchContext, taint: Taint): boolean {
  return (probing(taint, ctx) || (taint.built && /[/@[\]=]/.test(taint.text))) && receiverIs(call, ctx, { types: DOM4J_TYPES, names: /^(?:doc|document|root|element|node|xml)$/i });
}

export default defineRule({
  class: 'xpath-injection',
  confidence: 'high',
  languages: ['java'],
  remediation:
    'Keep the XPath expression constant and pass values as variables (`xpath.setXPathVariableResolver(...)` with `$name` in the expression), or validate the value strictly (allow-list, `^[A-Za-z0-9_-]+$`) / encode it with ESAPI `encodeForXPath`.',
  references: [
    'https://cwe.mitre.org/data/definitions/643.html',
    'https://owasp.org/www-community/attacks/XPATH_Injection',
  ],
  matcher: {
    kind: 'taint',
    sinks: [
      { callee: ['*.evaluate', '*.compile', '*.evaluateExpression'], args: [0], where: xpathReceiver },
      { callee: ['*.selectNodes', '*.selectSingleNode', '*.valueOf', '*.createXPath', '*.numberValueOf'], args: [0], where: dom4jSelect },
    ],
    params: 'built',
  },
});
