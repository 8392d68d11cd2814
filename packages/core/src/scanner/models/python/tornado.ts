import { defineModel } from '../schema.ts';

/** Tornado: RequestHandler arguments, cookies and body, `self.write`, redirects, templates and escaping. */
export default defineModel({
  name: 'tornado',
  language: 'python',
  sources: [
    {
      path: [
        'self.{get_argument,get_arguments,get_query_argument,get_query_arguments,get_body_argument,get_body_arguments,get_cookie,get_secure_cookie,get_signed_cookie}()',
        'self.request.{arguments,query_arguments,body_arguments,body,uri,path,query,headers,cookies}',
      ],
      kind: 'remote',
    },
  ],
  handlers: [
    // `class UserHandler(tornado.web.RequestHandler): def get(self, user_id)`: URL captures.
    {
      base: ['**.*RequestHandler', '**.{Handler,BaseHandler,ApiHandler,APIHandler,WebHandler,AuthHandler,JsonHandler,JSONHandler,HttpHandler,HTTPHandler,AppHandler}'],
      method: '{get,post,put,patch,delete,head,options,list,create,retrieve,update,partial_update,destroy}',
      kind: 'remote',
    },
  ],
  sinks: [
    { call: ['self.write', 'self.finish'], arg: 0, class: 'xss', where: 'tornado-write', label: 'RequestHandler.write' },
    { call: 'self.redirect', arg: 0, keyword: ['location', 'url', 'redirect_to', 'to'], class: 'open-redirect', where: 'offsite-redirect' },
    { call: 'tornado.template.Template', arg: 0, keyword: ['source', 'text', 'template_string', 'template'], class: 'template-injection' },
  ],
  sanitizers: [{ call: ['tornado.escape.xhtml_escape', 'xhtml_escape', 'tornado.escape.json_encode'], class: ['xss', 'xpath-injection'] }],
});
