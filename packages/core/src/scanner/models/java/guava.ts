import { defineModel } from '../schema.ts';

/** Guava: URL readers (`Resources`), HTML/XML escapers, number parsing that returns null instead of text. */
export default defineModel({
  name: 'guava',
  language: 'java',
  sinks: [{ call: 'Resources.{toString,toByteArray,asByteSource,asCharSource}', class: 'ssrf', where: 'url-argument' }],
  sanitizers: [
    { call: '{Ints,Longs,Doubles,Floats}.tryParse', class: 'all' },
    { call: ['HtmlEscapers.htmlEscaper().escape', 'XmlEscapers.{xmlContentEscaper,xmlAttributeEscaper}().escape'], class: 'xss' },
  ],
});
