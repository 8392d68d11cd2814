import { defineModel } from '../schema.ts';

/** StringTemplate 4: `new ST(template)` compiles its template text. */
export default defineModel({
  name: 'stringtemplate',
  language: 'java',
  sinks: [{ call: 'ST', class: 'template-injection' }],
});
