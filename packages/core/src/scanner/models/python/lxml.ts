import { defineModel } from '../schema.ts';

/** lxml: XPath expressions built from input (pass values as XPath variables instead). */
export default defineModel({
  name: 'lxml',
  language: 'python',
  sinks: [
    {
      call: ['*.xpath', 'lxml.etree.XPath', 'lxml.etree.ETXPath', 'lxml.etree.XPathEvaluator().evaluate'],
      arg: 0,
      keyword: ['_path', 'path'],
      class: 'xpath-injection',
      where: 'xpath-text',
    },
  ],
});
