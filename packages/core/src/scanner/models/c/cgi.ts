import { defineModel } from '../schema.ts';

/**
 * The Common Gateway Interface: a CGI program reads the request from environment variables
 * (`QUERY_STRING`, `REQUEST_URI`, `HTTP_*` headers — the adapter presents `getenv` of one of them as
 * `getenv.CGI()`) and answers on standard output, headers first.
 */
export default defineModel({
  name: 'cgi',
  language: ['c', 'cpp'],
  description: 'CGI: request variables read with getenv, and the page and headers written to stdout.',
  sources: [{ call: ['getenv.CGI', 'std.getenv.CGI', 'secure_getenv.CGI', '__secure_getenv.CGI', 'g_getenv.CGI', 'cgi_param', 'cgiGetValue'], kind: 'remote' }],
  sinks: [
    {
      call: ['printf', 'puts', 'fputs', 'fprintf', 'FCGI_printf', 'std.printf', 'std.puts', 'std.fputs', 'std.fprintf'],
      arg: 'all',
      class: 'xss',
      where: 'cgi-html-body',
      label: 'the CGI page',
    },
    { call: ['printf', 'fprintf', 'FCGI_printf', 'std.printf', 'std.fprintf'], arg: 'all', class: 'open-redirect', where: 'cgi-location', label: 'the Location header' },
  ],
});
