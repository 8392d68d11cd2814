import { defineModel } from '../schema.ts';

/** Hono (`app.get('/x', (c) => c.req.query('q'))`), on Node, Bun, Deno and Cloudflare Workers. */
export default defineModel({
  name: 'hono',
  language: ['javascript', 'typescript'],
  description: 'Hono request accessors on the context as remote input.',
  sources: [
    {
      path: ['{c,ctx,context}.req.{query,queries,param,json,parseBody,header,formData,text,arrayBuffer,blob,valid}()', '{c,context}.req.{url,path}'],
      kind: 'remote',
    },
  ],
});
