import { defineModel } from '../schema.ts';

/** Drogon: `HttpRequestPtr` handlers, request parameters and cookies, responses (HTML unless typed otherwise), redirects, and its escaping utilities. */
export default defineModel({
  name: 'drogon',
  language: 'cpp',
  description: 'Drogon: request parameters and cookies, setBody (text/html by default), redirection responses, Location headers, drogon::utils escapes.',
  handlers: [{ parameterType: ['HttpRequestPtr', 'drogon.HttpRequestPtr'], kind: 'remote' }],
  sources: [{ call: '{req,request,rq,httpReq}.{getParameter,getCookie}', kind: 'remote' }],
  sinks: [
    { call: '*.setBody', class: 'xss', where: 'drogon-html', label: 'an HTML response' },
    { call: ['HttpResponse.newRedirectionResponse', 'drogon.HttpResponse.newRedirectionResponse'], class: 'open-redirect', where: 'redirect-target', label: 'the redirect' },
    { call: '*.addHeader', arg: 1, class: 'open-redirect', where: 'location-header', label: 'the Location header' },
  ],
  sanitizers: [
    { call: ['drogon.utils.escapeHtml', 'utils.escapeHtml'], class: ['xss', 'xpath-injection'] },
    { call: ['drogon.utils.urlEncode', 'utils.urlEncode'], class: ['xss', 'open-redirect', 'header-injection', 'command-injection', 'path-traversal'] },
  ],
});
