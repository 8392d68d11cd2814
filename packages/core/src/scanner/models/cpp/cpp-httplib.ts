import { defineModel } from '../schema.ts';

/**
 * yhirose's cpp-httplib: handlers receive `const httplib::Request &`; its accessors return what the
 * client sent; `Response` takes the page (`set_content`, `body`), headers and redirects; `Client`
 * fetches URLs. The header setters of the same shape other servers use (`setHeader`,
 * `set_header_value`, `insert_header`) are listed here too.
 */
export default defineModel({
  name: 'cpp-httplib',
  language: 'cpp',
  description: 'cpp-httplib: request accessors, HTML responses, redirects and Location headers, and the HTTP client.',
  handlers: [{ parameterType: 'httplib.Request', kind: 'remote' }],
  sources: [{ call: '{req,request,rq,httpReq}.{get_param_value,get_header_value,get_file_value}', kind: 'remote' }],
  sinks: [
    { call: '*.set_content', class: 'xss', where: 'html-content-type', label: 'an HTML response' },
    { call: '*.set_redirect', class: 'open-redirect', where: 'redirect-target', label: 'the redirect' },
    { call: ['*.set_header', '*.setHeader', '*.set_header_value', '*.insert_header'], arg: 1, class: 'open-redirect', where: 'location-header', label: 'the Location header' },
    { call: ['httplib.Client', 'httplib.SSLClient'], class: 'ssrf' },
  ],
  // `res.body = page` (cpp-httplib's Response, Crow's response and servers' own response types).
  assignments: [{ target: ['*.body', '*.content'], class: 'xss', where: 'html-body', label: 'an HTML response' }],
});
