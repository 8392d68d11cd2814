import { defineModel } from '../schema.ts';

/** FastAPI: path operation functions (their parameters are query, path and body values) and its responses. */
export default defineModel({
  name: 'fastapi',
  language: 'python',
  handlers: [
    // `@app.get("/items/{item_id}")`, `@router.post(...)`, `@app.api_route(...)`, `@app.websocket(...)`.
    { decorator: ['*.{get,post,put,patch,delete,head,options,api_route,websocket,websocket_route}'], kind: 'remote' },
  ],
  sinks: [
    { call: 'fastapi.responses.HTMLResponse', arg: 0, keyword: ['response', 'content', 'body'], class: 'xss', where: 'html-response' },
    { call: 'fastapi.responses.RedirectResponse', arg: 0, keyword: ['location', 'url', 'redirect_to', 'to'], class: 'open-redirect', where: 'offsite-redirect' },
    {
      call: 'fastapi.responses.FileResponse',
      arg: 0,
      keyword: ['file', 'path', 'filename', 'path_or_file', 'filename_or_fp', 'location'],
      class: 'path-traversal',
      where: 'unchecked-path',
    },
  ],
});
