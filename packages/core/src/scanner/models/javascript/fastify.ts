import { defineModel } from '../schema.ts';

/** Fastify: `request.query/body/params` (as Express) plus the raw Node request; replies are text unless typed HTML. */
export default defineModel({
  name: 'fastify',
  language: ['javascript', 'typescript'],
  description: 'Fastify raw request fields as remote input; reply.send of markup with an HTML content type as an XSS sink.',
  sources: [{ path: '{req,request}.raw.{body,query,url,headers}', kind: 'remote' }],
  sinks: [{ call: '*.send', class: 'xss', where: 'fastify-reply' }],
});
