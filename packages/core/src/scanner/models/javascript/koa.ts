import { defineModel } from '../schema.ts';

/** Koa (`ctx.request`, `ctx.query`, `ctx.body = …`); its redirects are Express's `*.redirect` sink. */
export default defineModel({
  name: 'koa',
  language: ['javascript', 'typescript'],
  description: 'Koa context fields as remote input; an HTML string assigned to ctx.body as an XSS sink.',
  sources: [
    {
      path: [
        'ctx.{query,params,querystring,headers,header,href,url,path,ip,originalUrl,search,host,hostname,origin}',
        'ctx.request.{body,query,querystring,headers,header,files,file,href,url,path,search,fields}',
        'ctx.req.{body,url,headers}',
        'ctx.cookies.get()',
        'ctx.get()',
      ],
      kind: 'remote',
    },
  ],
  assignments: [{ target: ['ctx.body', 'this.body', 'context.body'], class: 'xss', where: 'koa-body', label: 'the Koa response body' }],
});
