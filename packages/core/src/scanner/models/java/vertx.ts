import { defineModel } from '../schema.ts';

/** Vert.x Web: what an HttpServerRequest and a RoutingContext carry. */
export default defineModel({
  name: 'vertx',
  language: 'java',
  sources: [
    { call: '*.request().{getParam,getHeader,params,getFormAttribute,formAttributes,headers,query,uri,path,absoluteURI}', kind: 'remote' },
    { call: '{routingContext,rc,ctx,context}.{getBodyAsString,getBodyAsJson,body,pathParam,queryParam,queryParams,pathParams}', kind: 'remote' },
  ],
});
