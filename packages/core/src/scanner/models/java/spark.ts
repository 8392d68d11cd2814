import { defineModel } from '../schema.ts';

/** Spark Java: what a route's Request carries. */
export default defineModel({
  name: 'spark',
  language: 'java',
  sources: [{ call: '{request,req}.{queryParams,queryParamsValues,queryMap,params,splat,body,bodyAsBytes,raw}', kind: 'remote' }],
});
