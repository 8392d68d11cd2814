import { defineModel } from '../schema.ts';

/** What a Sanic Request carries from the client. */
const FIELDS = '{args,form,json,files,cookies,headers,body,raw_args,query_string,path,url}';

/** Sanic: requests, HTML and file responses, redirects. Route functions are found by their `@app.route` / `@bp.get` decorators. */
export default defineModel({
  name: 'sanic',
  language: 'python',
  sources: [{ path: [`sanic.request.${FIELDS}`, `{request,req}.${FIELDS}`, `self.request.${FIELDS}`], kind: 'remote' }],
  sinks: [
    { call: ['sanic.response.html', 'sanic.html'], arg: 0, keyword: ['response', 'content', 'body'], class: 'xss', where: 'html-response' },
    { call: 'sanic.response.redirect', arg: 0, keyword: ['location', 'url', 'redirect_to', 'to'], class: 'open-redirect', where: 'offsite-redirect' },
    {
      call: ['sanic.response.file', 'sanic.response.file_stream'],
      arg: 0,
      keyword: ['file', 'path', 'filename', 'path_or_file', 'filename_or_fp', 'location'],
      class: 'path-traversal',
      where: 'unchecked-path',
    },
  ],
  sanitizers: [{ call: 'sanic.response.json', class: ['xss', 'xpath-injection'] }],
});
