import { defineModel } from '../schema.ts';

/** What a Pyramid (WebOb) request carries from the client. */
const FIELDS = '{params,matchdict,json_body,GET,POST,body,text,cookies,headers,url,path}';

/** Pyramid: WebOb requests, `@view_config` views and redirects. */
export default defineModel({
  name: 'pyramid',
  language: 'python',
  sources: [{ path: [`{request,req}.${FIELDS}`, `self.request.${FIELDS}`], kind: 'remote' }],
  handlers: [{ decorator: ['{view_config,view_defaults}', '*.{view_config,view_defaults}'], kind: 'remote' }],
  sinks: [
    { call: ['pyramid.httpexceptions.HTTPFound', 'pyramid.httpexceptions.HTTPSeeOther', 'HTTPFound'], arg: 0, keyword: ['location', 'url', 'redirect_to', 'to'], class: 'open-redirect', where: 'offsite-redirect' },
  ],
});
