import { defineModel } from '../schema.ts';

/** Mako: a template compiled from input runs Python. */
export default defineModel({
  name: 'mako',
  language: 'python',
  sinks: [{ call: 'mako.template.Template', arg: 0, keyword: ['source', 'text', 'template_string', 'template'], class: 'template-injection' }],
});
