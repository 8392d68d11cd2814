import { defineModel } from '../schema.ts';

/** Erubi: a template compiled from text that untrusted data chose runs Ruby code on the server. */
export default defineModel({
  name: 'erubi',
  language: 'ruby',
  description: 'Erubi',
  sinks: [{ call: 'Erubi.Engine.new', class: 'template-injection' }],
});
