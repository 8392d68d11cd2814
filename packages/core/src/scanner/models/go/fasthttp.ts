import { defineModel } from '../schema.ts';

/** fasthttp: a `*fasthttp.RequestCtx` parameter is the request. */
export default defineModel({
  name: 'fasthttp',
  language: 'go',
  description: 'github.com/valyala/fasthttp',
  handlers: [{ parameterType: 'fasthttp.RequestCtx', kind: 'remote' }],
});
