import { defineModel } from '../schema.ts';

/** XPath evaluation: the xpath package, libxmljs `get`/`find`, DOM `document.evaluate`. */
export default defineModel({
  name: 'xpath',
  language: ['javascript', 'typescript'],
  description: 'XPath expressions built from input (xpath, libxmljs, document.evaluate, selectNodes).',
  sinks: [
    { call: ['xpath.{select,select1,evaluate,parse}', 'xpath', 'document.evaluate', '*.selectNodes', '*.selectSingleNode', 'xpath.useNamespaces()'], class: 'xpath-injection' },
    { call: '*.evaluate', class: 'xpath-injection', where: 'document-evaluate' },
    { call: ['*.get', '*.find'], class: 'xpath-injection', where: 'libxml-xpath' },
  ],
});
