import { defineModel } from '../schema.ts';

/** Vert.x Web: what an HttpServerRequest and a RoutingContext carry; the Vert.x SQL client runs the query text it is given. */
export default defineModel({
  name: 'vertx',
  language: 'java',
  sources: [
    { call: '*.request().{getParam,getHeader,params,getFormAttribute,formAttributes,headers,query,uri,path,absoluteURI}', kind: 'remote' },
    { call: '{routingContext,rc,ctx,context}.{getBodyAsString,getBodyAsJson,body,pathParam,queryParam,queryParams,pathParams}', kind: 'remote' },
  ],
  sinks: [
    { call: '*.preparedQuery', class: 'sql-injection', where: 'sql-text' },
    // Query text the method was given (low confidence).
    { call: '*.preparedQuery', class: 'sql-injection', audit: true },
    { call: '*.prepare', class: 'sql-injection', where: 'sql-receiver', audit: true },
  ],
});
