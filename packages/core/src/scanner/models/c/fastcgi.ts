import { defineModel } from '../schema.ts';

/** The FastCGI development kit (fcgiapp / fcgi_stdio): request variables come from the FastCGI request. */
export default defineModel({
  name: 'fastcgi',
  language: ['c', 'cpp'],
  description: 'FastCGI: FCGX_GetParam of a request variable.',
  sources: [{ call: 'FCGX_GetParam.CGI', kind: 'remote' }],
});
