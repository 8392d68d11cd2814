import { defineModel } from '../schema.ts';

/** echo: an `echo.Context` parameter is the request; file, redirect and HTML responses are sinks. */
export default defineModel({
  name: 'echo',
  language: 'go',
  description: 'github.com/labstack/echo',
  sources: [
    { call: ['{c,ctx,gc,ec,fc,ginCtx,echoCtx}.{Param,ParamValues,Cookie,Cookies,FormFile,MultipartForm,FormValue}', '*.{QueryParam,QueryParams,FormParams}'], kind: 'remote' },
    // `c.Bind(&req)`, `(&echo.DefaultBinder{}).BindBody(c, &req)`: the adapter assigns `req` from this selector.
    { path: '{c,ctx,gc,ec,fc,ginCtx,echoCtx}.{Bind,BindBody,BindQueryParams,BindPathParams,BindHeaders}', kind: 'remote' },
  ],
  handlers: [{ parameterType: 'echo.Context', kind: 'remote' }],
  sinks: [
    { call: '*.{File,Attachment,Inline}', class: 'path-traversal', where: 'echo-context' },
    { call: '*.Redirect', arg: 1, class: 'open-redirect', where: 'echo-redirect' },
    { call: '*.{HTML,HTMLBlob}', arg: 1, class: 'xss', where: 'echo-context' },
  ],
});
