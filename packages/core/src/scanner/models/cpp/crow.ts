import { defineModel } from '../schema.ts';

/** Crow (CrowCpp): `crow::request`, its URL parameters, and the response's redirects and headers. */
export default defineModel({
  name: 'crow',
  language: 'cpp',
  description: 'Crow: crow::request and url_params, response redirects and Location headers, crow::json::escape.',
  handlers: [{ parameterType: 'crow.request', kind: 'remote' }],
  sources: [{ path: '{req,request,rq,httpReq}.url_params', kind: 'remote' }],
  sinks: [
    { call: ['*.redirect', '*.redirect_perm'], class: 'open-redirect', where: 'redirect-target', label: 'the redirect' },
    { call: '*.add_header', arg: 1, class: 'open-redirect', where: 'location-header', label: 'the Location header' },
  ],
  sanitizers: [{ call: 'crow.json.escape', class: ['xss', 'xpath-injection'] }],
});
