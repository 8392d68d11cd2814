import { defineModel } from '../schema.ts';

/** pugixml: XPath queries compiled or run from text. */
export default defineModel({
  name: 'pugixml',
  language: 'cpp',
  description: 'pugixml: select_nodes / select_node / xpath_query from text.',
  sinks: [{ call: ['*.select_nodes', '*.select_node', '*.select_single_node', 'pugi.xpath_query', 'xpath_query'], class: 'xpath-injection' }],
});
