import { defineModel } from '../schema.ts';

/**
 * net/http: every read from a `*http.Request` parameter is remote data (the name-rooted paths only
 * improve the labels of findings and cover requests that are not parameters); the response writer,
 * redirects, file serving and the HTTP client are sinks.
 */
export default defineModel({
  name: 'net-http',
  language: 'go',
  description: 'net/http and net/http/httputil: request reads, handlers by parameter type, response writes, redirects, file serving, outgoing requests.',
  sources: [
    {
      path: ['{r,req,request,httpReq,httpRequest,hr}.{URL,Form,PostForm,MultipartForm,Header,Body,Host,RequestURI,Trailer}', '*.URL.RawQuery'],
      kind: 'remote',
    },
    {
      call: [
        '{r,req,request,httpReq,httpRequest,hr}.{FormValue,PostFormValue,FormFile,Cookie,Cookies,Referer,UserAgent,MultipartReader,BasicAuth,GetBody,PathValue}',
        '*.URL.Query',
        '*.FormValue',
        '*.PostFormValue',
      ],
      kind: 'remote',
    },
  ],
  handlers: [{ parameterType: 'http.Request', kind: 'remote' }],
  sinks: [
    { call: 'http.ServeFile', arg: 2, class: 'path-traversal' },
    { call: 'http.Dir', class: 'path-traversal' },
    { call: '*.{Write,WriteString}', class: 'xss', where: 'response-write' },
    { call: 'http.Redirect', arg: 2, class: 'open-redirect', where: 'redirect-offsite' },
    { call: 'http.RedirectHandler', class: 'open-redirect', where: 'redirect-offsite' },
    { call: '*.Header().{Set,Add}', arg: 1, class: 'open-redirect', where: 'location-header' },
    { call: 'http.{Get,Head,Post,PostForm}', class: 'ssrf', where: 'url-host-untrusted' },
    { call: 'http.NewRequest', arg: 1, class: 'ssrf', where: 'url-host-untrusted' },
    { call: 'http.NewRequestWithContext', arg: 2, class: 'ssrf', where: 'url-host-untrusted' },
    { call: '*.{Get,Head,Post,PostForm}', class: 'ssrf', where: 'http-client' },
    { call: 'httputil.NewSingleHostReverseProxy', class: 'ssrf' },
  ],
});
