import { defineModel } from '../schema.ts';

const REQUEST = '{req,request}';

/** Express (and the Node-style `(req, res)` handlers of Next.js pages API, Connect, Restify). */
export default defineModel({
  name: 'express',
  language: ['javascript', 'typescript'],
  description: 'Express request fields and accessors as remote input; res.send, res.redirect, res.sendFile/download, res.render and the Location header as sinks.',
  sources: [
    {
      path: [
        `${REQUEST}.{query,body,params,headers,cookies,signedCookies,files,file,hostname,host,ip,ips,path,originalUrl,url,baseUrl,subdomains,rawBody,fields}`,
        `${REQUEST}.{get,header,param,cookie}()`,
        'this.{req,request}.{query,body,params,headers}',
      ],
      kind: 'remote',
    },
  ],
  handlers: [
    // `app.get('/x', (r, s) => r.query.id)`, `router.post('/x', ({ body }, res) => …)`: the first
    // parameter of a route callback is the request, whatever it is called or however it is
    // destructured. Names that are something else in other frameworks' callbacks are left alone
    // (Koa's ctx, Hono's c, error-first callbacks, cache and HTTP-client results).
    {
      registration: '*.{get,post,put,patch,delete,del,all,options,head,use}',
      parameters: [0],
      minParameters: 2,
      skip: [
        'err',
        'error',
        'e',
        'ctx',
        'context',
        'c',
        'res',
        'resp',
        'response',
        'reply',
        'data',
        'result',
        'value',
        'val',
        'item',
        'key',
        'doc',
        'event',
        'evt',
        'socket',
        'message',
        'msg',
        'next',
        'done',
        'cb',
        'callback',
        'resolve',
        'reject',
      ],
      alias: 'req',
    },
  ],
  // `cookieParser('secret')` signs cookies with it.
  literals: [{ call: 'cookie-parser', class: 'hardcoded-credentials', where: 'outside-tests', label: 'cookie-parser' }],
  sinks: [
    { call: '*.send', class: 'xss', where: 'response-body' },
    { call: '*.redirect', arg: [0, 1], class: 'open-redirect', where: 'response-redirect' },
    { call: '*.{set,header,location,append}', arg: [0, 1, 2], class: 'open-redirect', where: 'location-header', label: 'the Location header' },
    { call: ['*.sendFile', '*.download'], class: 'path-traversal', where: 'send-file-without-root' },
    { call: '*.render', class: 'path-traversal', where: 'response-render', label: 'a view name' },
  ],
});
