import { defineModel } from '../schema.ts';

/** CivetWeb (and the Mongoose 5/6 API it continues): request variables, cookies and headers. */
export default defineModel({
  name: 'civetweb',
  language: ['c', 'cpp'],
  description: 'CivetWeb / Mongoose 5-6: mg_get_var, mg_get_cookie and mg_get_http_header fill buffers with request data.',
  sources: [
    { call: ['mg_get_var', 'mg_get_var2'], into: 3, kind: 'remote' },
    { call: 'mg_get_cookie', into: 2, kind: 'remote' },
    { call: 'mg_get_http_header', into: 1, kind: 'remote' },
  ],
});
