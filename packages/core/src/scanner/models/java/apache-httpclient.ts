import { defineModel } from '../schema.ts';

/** Apache HttpClient (4.x, 5.x, the fluent API and the old commons-httpclient 3): request targets. */
export default defineModel({
  name: 'apache-httpclient',
  language: 'java',
  sinks: [
    {
      call: [
        'Request.{Get,Post,Put,Delete,Patch,Head,Options}',
        '{ClassicRequestBuilder,SimpleRequestBuilder,RequestBuilder}.{get,post,put,delete,patch,head,options}',
        'HttpGet',
        'HttpPost',
        'HttpPut',
        'HttpDelete',
        'HttpPatch',
        'HttpHead',
        'HttpOptions',
        'HttpTrace',
        'HttpUriRequestBase',
        'GetMethod',
        'PostMethod',
      ],
      class: 'ssrf',
      where: 'request-target',
    },
  ],
});
