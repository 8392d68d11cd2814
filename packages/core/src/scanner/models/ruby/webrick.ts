import { defineModel } from '../schema.ts';

/** WEBrick servlets: `do_GET(req, res)` reads the query, headers and body from the request. */
export default defineModel({
  name: 'webrick',
  language: 'ruby',
  description: 'WEBrick HTTP servlets',
  sources: [{ path: '{req,request}.{query,query_string,request_uri,unparsed_uri,header,raw_header,body}()', kind: 'remote' }],
});
