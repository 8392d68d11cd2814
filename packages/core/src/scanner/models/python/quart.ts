import { defineModel } from '../schema.ts';

/** Quart, the asyncio re-implementation of Flask: the same request object, responses and helpers. */
export default defineModel({
  name: 'quart',
  language: 'python',
  sources: [
    {
      path: [
        'quart.request.{args,form,values,json,data,files,cookies,headers,stream,url,base_url,path,full_path,query_string,host,referrer,view_args,environ}',
        'quart.request.{get_json,get_data}()',
        '{websocket,ws}.{receive,receive_json}()',
      ],
      kind: 'remote',
    },
  ],
  sinks: [
    { call: ['quart.Response', 'quart.make_response'], arg: 0, keyword: ['response', 'content', 'body'], class: 'xss', where: 'html-response' },
    { call: 'quart.redirect', arg: 0, keyword: ['location', 'url', 'redirect_to', 'to'], class: 'open-redirect', where: 'offsite-redirect' },
    { call: 'quart.send_file', arg: 0, keyword: ['file', 'path', 'filename', 'path_or_file', 'filename_or_fp', 'location'], class: 'path-traversal', where: 'unchecked-path' },
    { call: 'quart.render_template_string', arg: 0, keyword: ['source', 'text', 'template_string', 'template'], class: 'template-injection' },
  ],
  sanitizers: [
    { call: 'quart.jsonify', class: ['xss', 'xpath-injection'] },
    { call: 'quart.url_for', class: ['open-redirect', 'ssrf', 'xss', 'header-injection', 'command-injection', 'sql-injection', 'path-traversal'] },
    { call: 'quart.render_template', class: 'xss' },
  ],
});
