import { defineModel } from '../schema.ts';

/** What a Starlette (and FastAPI) Request carries from the client. */
const FIELDS = '{query_params,path_params,headers,cookies,url}';
const METHODS = '{json,body,form,stream}()';

/** Starlette, under FastAPI: requests, websockets, endpoints, responses and URL building. */
export default defineModel({
  name: 'starlette',
  language: 'python',
  sources: [
    { path: [`{request,req}.${FIELDS}`, `{request,req}.${METHODS}`, `self.request.${FIELDS}`, `self.request.${METHODS}`], kind: 'remote' },
    { path: '{websocket,ws}.{receive_text,receive_json,receive_bytes,receive,recv}()', kind: 'remote' },
  ],
  handlers: [
    { decorator: ['*.{route,websocket_route}'], kind: 'remote' },
    // `class Users(HTTPEndpoint): async def get(self, request)`, and handler classes named like endpoints.
    {
      base: ['**.*HTTPEndpoint', '**.{Endpoint,BaseEndpoint,ApiEndpoint,APIEndpoint,WebEndpoint,AuthEndpoint,JsonEndpoint,JSONEndpoint,HttpEndpoint,AppEndpoint}'],
      method: '{get,post,put,patch,delete,head,options,list,create,retrieve,update,partial_update,destroy}',
      kind: 'remote',
    },
  ],
  sinks: [
    { call: 'starlette.responses.HTMLResponse', arg: 0, keyword: ['response', 'content', 'body'], class: 'xss', where: 'html-response' },
    {
      call: ['starlette.responses.RedirectResponse', 'RedirectResponse'],
      arg: 0,
      keyword: ['location', 'url', 'redirect_to', 'to'],
      class: 'open-redirect',
      where: 'offsite-redirect',
    },
    {
      call: 'starlette.responses.FileResponse',
      arg: 0,
      keyword: ['file', 'path', 'filename', 'path_or_file', 'filename_or_fp', 'location'],
      class: 'path-traversal',
      where: 'unchecked-path',
    },
  ],
  sanitizers: [{ call: '*.url_path_for', class: ['open-redirect', 'ssrf', 'xss', 'header-injection', 'command-injection', 'sql-injection', 'path-traversal'] }],
});
