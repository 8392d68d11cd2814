import { defineModel } from '../schema.ts';

/** Haml: a template compiled from text that untrusted data chose runs Ruby code on the server. */
export default defineModel({
  name: 'haml',
  language: 'ruby',
  description: 'Haml',
  sinks: [{ call: ['Haml.Engine.new', 'Haml.Template.new'], class: 'template-injection' }],
});
