import { defineModel } from '../schema.ts';

/** What a Pyramid (WebOb) request carries from the client. */
const FIELDS = '{params,matchdict,json_body,GET,POST,body,text,cookies,headers,url,path}';

/** Pyramid: WebOb requests, `@view_config` views, responses and redirects. */
export default defineModel({
  name: 'pyramid',
  language: 'python',
  sources: [{ path: [`{request,req}.${FIELDS}`, `self.request.${FIELDS}`], kind: 'remote' }],
  handlers: [{ decorator: ['{view_config,view_defaults}', '*.{view_config,view_defaults}'], kind: 'remote' }],
  sinks: [
    {
      call: ['pyramid.response.Response', 'pyramid.request.Response', 'webob.Response', 'webob.response.Response'],
      arg: 0,
      keyword: ['body', 'text'],
      class: 'xss',
      where: 'html-response',
    },
    {
      call: ['pyramid.httpexceptions.HTTPFound', 'pyramid.httpexceptions.HTTPSeeOther', 'HTTPFound'],
      arg: 0,
      keyword: ['location', 'url', 'redirect_to', 'to'],
      class: 'open-redirect',
      where: 'offsite-redirect',
    },
  ],
  assignments: [
    // `request.response.text = "<p>" + name` (the response is text/html unless its content type is changed).
    { target: ['request.response.{body,text}', 'self.request.response.{body,text}'], class: 'xss', label: 'the response body' },
  ],
});
