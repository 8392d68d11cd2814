import { defineModel } from '../schema.ts';

/** hapi: `request.payload`, `request.state` (cookies), `request.info`; `h.response(html)` serves HTML. */
export default defineModel({
  name: 'hapi',
  language: ['javascript', 'typescript'],
  description: 'hapi request payload, cookies and referrer as remote input; h.response of markup as an XSS sink.',
  sources: [{ path: ['{req,request}.{payload,state}', '{req,request}.info.{referrer,host}'], kind: 'remote' }],
  sinks: [{ call: 'h.response', class: 'xss', where: 'hapi-response' }],
});
