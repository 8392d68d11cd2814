import { defineModel } from '../schema.ts';

/** Erubis: a template compiled from text that untrusted data chose runs Ruby code on the server. */
export default defineModel({
  name: 'erubis',
  language: 'ruby',
  description: 'Erubis',
  sinks: [{ call: 'Erubis.{Eruby,EscapedEruby,FastEruby}.new', class: 'template-injection' }],
});
