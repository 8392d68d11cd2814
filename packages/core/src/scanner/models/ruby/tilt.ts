import { defineModel } from '../schema.ts';

/** Tilt: a template compiled from text that untrusted data chose runs Ruby code on the server. */
export default defineModel({
  name: 'tilt',
  language: 'ruby',
  description: 'Tilt',
  sinks: [{ call: 'Tilt.{ERBTemplate,HamlTemplate,ErubiTemplate}.new', class: 'template-injection' }],
});
