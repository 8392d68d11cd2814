import { defineModel } from '../schema.ts';

/** chevron (Mustache): a template built from input. */
export default defineModel({
  name: 'chevron',
  language: 'python',
  sinks: [{ call: 'chevron.render', arg: 0, keyword: ['source', 'text', 'template_string', 'template'], class: 'template-injection' }],
});
