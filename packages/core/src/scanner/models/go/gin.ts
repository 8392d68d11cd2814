import { defineModel } from '../schema.ts';

/** gin: a `*gin.Context` parameter is the request; its file, redirect and raw-body responses are sinks. */
export default defineModel({
  name: 'gin',
  language: 'go',
  description: 'github.com/gin-gonic/gin',
  sources: [
    {
      call: [
        '{c,ctx,gc,ec,fc,ginCtx,echoCtx}.{Query,DefaultQuery,GetQuery,QueryArray,GetQueryArray,QueryMap,GetQueryMap,Param,PostForm,DefaultPostForm,GetPostForm,PostFormArray,PostFormMap,GetHeader,Cookie,GetRawData,FormFile,MultipartForm}',
      ],
      kind: 'remote',
    },
    // Binding the request into a struct (`c.ShouldBindJSON(&req)`): the adapter assigns `req` from this selector.
    {
      path: '{c,ctx,gc,ec,fc,ginCtx,echoCtx}.{Bind,BindJSON,BindQuery,BindUri,BindHeader,BindXML,BindYAML,BindTOML,BindWith,ShouldBind,ShouldBindJSON,ShouldBindQuery,ShouldBindUri,ShouldBindHeader,ShouldBindXML,ShouldBindYAML,ShouldBindTOML,ShouldBindWith,ShouldBindBodyWith,ShouldBindBodyWithJSON,MustBindWith}',
      kind: 'remote',
    },
  ],
  handlers: [{ parameterType: 'gin.Context', kind: 'remote' }],
  sinks: [
    { call: '*.{File,FileAttachment}', class: 'path-traversal', where: 'gin-context' },
    { call: '*.SaveUploadedFile', arg: 1, class: 'path-traversal', where: 'gin-context' },
    { call: '*.Redirect', arg: 1, class: 'open-redirect', where: 'gin-redirect' },
    { call: '*.Header', arg: 1, class: 'open-redirect', where: 'gin-location-header' },
    { call: '*.Data', arg: 2, class: 'xss', where: 'gin-html-data' },
    {
      call: '{c,ctx,gc,gctx,ginCtx}.String',
      arg: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24],
      class: 'xss',
      where: 'gin-string-as-html',
    },
  ],
});
