import { defineModel } from '../schema.ts';

/** Javalin: what a handler's Context carries from the request. */
export default defineModel({
  name: 'javalin',
  language: 'java',
  sources: [
    {
      call: '{ctx,context}.{queryParam,queryParams,queryParamMap,formParam,formParams,formParamMap,pathParam,pathParamMap,body,bodyAsBytes,bodyAsClass,bodyAsInputStream,header,headerMap,cookie,cookieMap,uploadedFile,uploadedFiles}',
      kind: 'remote',
    },
  ],
});
