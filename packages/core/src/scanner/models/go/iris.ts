import { defineModel } from '../schema.ts';

/** iris: an `iris.Context` parameter is the request. */
export default defineModel({
  name: 'iris',
  language: 'go',
  description: 'github.com/kataras/iris',
  handlers: [{ parameterType: 'iris.Context', kind: 'remote' }],
});
