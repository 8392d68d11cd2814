import { defineModel } from '../schema.ts';

/** Slim: a template compiled from text that untrusted data chose runs Ruby code on the server. */
export default defineModel({
  name: 'slim',
  language: 'ruby',
  description: 'Slim',
  sinks: [{ call: 'Slim.Template.new', class: 'template-injection' }],
});
