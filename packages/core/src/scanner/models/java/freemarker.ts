import { defineModel } from '../schema.ts';

/** Apache FreeMarker: templates made from source text (`new Template(name, source, cfg)`, string template loaders). */
export default defineModel({
  name: 'freemarker',
  language: 'java',
  sinks: [{ call: ['Template', '*.putTemplate'], arg: 1, class: 'template-injection' }],
});
