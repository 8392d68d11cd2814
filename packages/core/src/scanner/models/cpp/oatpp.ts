import { defineModel } from '../schema.ts';

/** Oat++: path variables and query parameters of an incoming request. */
export default defineModel({
  name: 'oatpp',
  language: 'cpp',
  description: 'Oat++: getPathVariable and getQueryParameter of the request.',
  handlers: [{ parameterType: ['IncomingRequest', '**.IncomingRequest'], kind: 'remote' }],
  sources: [{ call: '{req,request,rq,httpReq}.{getPathVariable,getQueryParameter}', kind: 'remote' }],
});
