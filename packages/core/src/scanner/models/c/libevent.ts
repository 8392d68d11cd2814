import { defineModel } from '../schema.ts';

/** libevent's HTTP server (evhttp). */
export default defineModel({
  name: 'libevent',
  language: ['c', 'cpp'],
  description: 'libevent evhttp: the request URI, its query and its headers.',
  sources: [
    { call: ['evhttp_request_get_uri', 'evhttp_find_header'], kind: 'remote' },
    { call: 'evhttp_uri_get_query', into: 0, kind: 'remote' },
  ],
});
