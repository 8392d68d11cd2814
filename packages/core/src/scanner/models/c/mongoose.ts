import { defineModel } from '../schema.ts';

/** Cesanta's Mongoose embedded web server (7.x API). */
export default defineModel({
  name: 'mongoose',
  language: ['c', 'cpp'],
  description: 'Mongoose: mg_http_get_var fills a buffer with a request variable; mg_http_reply formats the response.',
  sources: [{ call: 'mg_http_get_var', into: 2, kind: 'remote' }],
  sinks: [{ call: 'mg_http_reply', arg: [3, 4, 5, 6, 7, 8], class: 'xss', where: 'mongoose-html', label: 'an HTML response' }],
});
