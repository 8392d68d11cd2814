import { defineModel } from '../schema.ts';

/** Genshi: a markup template built from input runs Python expressions. */
export default defineModel({
  name: 'genshi',
  language: 'python',
  sinks: [{ call: 'genshi.template.MarkupTemplate', arg: 0, keyword: ['source', 'text', 'template_string', 'template'], class: 'template-injection' }],
});
