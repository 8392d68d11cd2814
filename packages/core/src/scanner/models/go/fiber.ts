import { defineModel } from '../schema.ts';

/** fiber: a `*fiber.Ctx` parameter is the request; file, redirect and string responses are sinks. */
export default defineModel({
  name: 'fiber',
  language: 'go',
  description: 'github.com/gofiber/fiber',
  sources: [
    { call: '{c,ctx,gc,ec,fc,ginCtx,echoCtx}.{Query,Params,AllParams,Queries,Body,BodyRaw,Cookies,FormValue,FormFile,MultipartForm,OriginalURL,Path}', kind: 'remote' },
    // `c.BodyParser(&req)`: the adapter assigns `req` from this selector.
    { path: '{c,ctx,gc,ec,fc,ginCtx,echoCtx}.{BodyParser,QueryParser,ParamsParser,ReqHeaderParser,CookieParser}', kind: 'remote' },
  ],
  handlers: [{ parameterType: 'fiber.Ctx', kind: 'remote' }],
  sinks: [
    { call: '*.{SendFile,Download}', class: 'path-traversal', where: 'fiber-context' },
    { call: '*.SaveFile', arg: 1, class: 'path-traversal', where: 'fiber-context' },
    { call: '*.{Redirect,Location}', class: 'open-redirect', where: 'fiber-redirect' },
    { call: '*.Set', arg: 1, class: 'open-redirect', where: 'fiber-location-header' },
    { call: '*.{SendString,Send}', class: 'xss', where: 'fiber-string-as-html' },
  ],
});
