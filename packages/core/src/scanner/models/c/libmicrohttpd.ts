import { defineModel } from '../schema.ts';

/** GNU libmicrohttpd. */
export default defineModel({
  name: 'libmicrohttpd',
  language: ['c', 'cpp'],
  description: 'libmicrohttpd: MHD_lookup_connection_value returns a header, cookie or argument of the request.',
  sources: [{ call: 'MHD_lookup_connection_value', kind: 'remote' }],
});
