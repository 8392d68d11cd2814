import { defineModel } from '../schema.ts';

/** What a Bottle request carries from the client. */
const FIELDS = '{query,forms,params,json,files,cookies,headers,body,url,path}';

/** Bottle: the request, `@route` / `@get` functions, responses, redirects and escaping. */
export default defineModel({
  name: 'bottle',
  language: 'python',
  sources: [{ path: [`bottle.request.${FIELDS}`, `{request,req}.${FIELDS}`, `self.request.${FIELDS}`], kind: 'remote' }],
  handlers: [{ decorator: ['{route,get,post,put,patch,delete}'], kind: 'remote' }],
  sinks: [
    { call: 'bottle.HTTPResponse', arg: 0, keyword: ['response', 'content', 'body'], class: 'xss', where: 'html-response' },
    { call: 'bottle.redirect', arg: 0, keyword: ['location', 'url', 'redirect_to', 'to'], class: 'open-redirect', where: 'offsite-redirect' },
  ],
  sanitizers: [
    { call: 'bottle.html_escape', class: ['xss', 'xpath-injection'] },
    { call: ['bottle.template', 'template'], class: 'xss' },
  ],
});
