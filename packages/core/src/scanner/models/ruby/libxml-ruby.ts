import { defineModel } from '../schema.ts';

/** libxml-ruby: `doc.find_first(xpath)` queries a document. */
export default defineModel({
  name: 'libxml-ruby',
  language: 'ruby',
  description: 'LibXML::XML documents and nodes',
  sinks: [{ call: '*.find_first', class: 'xpath-injection', where: 'xpath-expression' }],
});
