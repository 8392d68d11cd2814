import { defineModel } from '../schema.ts';

/** XPath query libraries: an expression built from untrusted data. */
export default defineModel({
  name: 'xpath',
  language: 'go',
  description: 'github.com/antchfx/xmlquery, htmlquery, jsonquery and xpath; gopkg.in/xmlpath; goxpath; github.com/beevik/etree.',
  sinks: [
    {
      call: ['xmlquery.{Find,FindOne,Query,QueryAll,FindEach,FindEachWithBreak}', 'htmlquery.{Find,FindOne,Query,QueryAll}', 'jsonquery.{Find,FindOne,Query,QueryAll}'],
      arg: 1,
      class: 'xpath-injection',
    },
    { call: ['xpath.{Compile,MustCompile,CompileWithNS,Select}', 'xmlpath.{Compile,MustCompile}', 'goxpath.{Parse,MustParse}'], class: 'xpath-injection' },
    { call: '*.{SelectElement,SelectElements}', class: 'xpath-injection', where: 'imports-xmlquery' },
    { call: '*.{FindElements,FindElement}', class: 'xpath-injection', where: 'imports-etree' },
  ],
});
