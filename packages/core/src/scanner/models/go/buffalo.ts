import { defineModel } from '../schema.ts';

/** buffalo: a `buffalo.Context` parameter is the request. */
export default defineModel({
  name: 'buffalo',
  language: 'go',
  description: 'github.com/gobuffalo/buffalo',
  handlers: [{ parameterType: 'buffalo.Context', kind: 'remote' }],
});
