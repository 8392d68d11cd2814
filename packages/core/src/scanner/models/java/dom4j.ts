import { defineModel } from '../schema.ts';

/** dom4j: XPath expressions evaluated on documents and nodes. */
export default defineModel({
  name: 'dom4j',
  language: 'java',
  sinks: [{ call: ['*.selectNodes', '*.selectSingleNode', '*.valueOf', '*.createXPath', '*.numberValueOf'], class: 'xpath-injection', where: 'dom4j-select' }],
});
