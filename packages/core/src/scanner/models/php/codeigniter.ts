import { defineModel } from '../schema.ts';

const OBJECTS = '{$request,$req}';
const CI4 = '{getGet,getPost,getVar,getPostGet,getGetPost,getJSON,getJsonVar,getRawInput,getRawInputVar,getCookie,getServer,getUserAgent,getFile,getFiles}';

/** CodeIgniter 3 (`$this->input`, `$this->db`) and 4 (IncomingRequest getters, `esc()`). */
export default defineModel({
  name: 'codeigniter',
  language: 'php',
  description: 'CodeIgniter 3 Input and Database classes, CodeIgniter 4 IncomingRequest and esc()',
  sources: [
    {
      path: [
        `${OBJECTS}.${CI4}()`,
        `$this.request.${CI4}()`,
        '$this.input.{get,post,get_post,post_get,cookie,server,user_agent,request_headers,get_request_header,input_stream}()',
      ],
      kind: 'remote',
    },
  ],
  sinks: [
    { call: ['$this.db.{query,simple_query}'], class: 'sql-injection' },
    { call: '*.simpleQuery', class: 'sql-injection', where: 'db-receiver' },
    { call: '$this.redirect', class: 'open-redirect', where: 'open-redirect-target' },
  ],
  sanitizers: [
    { call: ['esc', 'xss_clean', '$this.security.xss_clean'], class: 'xss' },
    { call: ['*.escape', '*.escape_str', '*.escape_like_str'], class: 'sql-injection' },
  ],
});
