import { defineModel } from '../schema.ts';

/** Nokogiri: XPath queries on documents and nodes (XXE options are a structural check, ruby.xxe). */
export default defineModel({
  name: 'nokogiri',
  language: 'ruby',
  description: 'Nokogiri XML/HTML',
  sinks: [{ call: ['*.xpath', '*.at_xpath'], class: 'xpath-injection' }],
  sanitizers: [{ call: 'Nokogiri.HTML.fragment().text()', class: ['xss', 'xpath-injection'] }],
});
