import { defineModel } from '../schema.ts';

/** libxml2's XPath API. */
export default defineModel({
  name: 'libxml2',
  language: ['c', 'cpp'],
  description: 'libxml2: XPath expressions evaluated or compiled from text.',
  sinks: [
    { call: ['xmlXPathEvalExpression', 'xmlXPathEval', 'xmlXPathCompile', 'xmlXPathEvalPredicate'], class: 'xpath-injection' },
    { call: ['xmlXPathCtxtCompile', 'xmlXPathNodeEval'], arg: 1, class: 'xpath-injection' },
  ],
});
