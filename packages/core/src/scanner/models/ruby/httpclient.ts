import { defineModel } from '../schema.ts';

/** HTTPClient: a request to a URL that untrusted data chooses (unless literal text fixes the scheme and host first). */
export default defineModel({
  name: 'httpclient',
  language: 'ruby',
  description: 'HTTPClient',
  sinks: [{ call: 'HTTPClient.new().{get,post,put,delete,head,get_content,post_content,request}', arg: 0, keyword: ['url', 'base_url'], class: 'ssrf', where: 'any-host' }],
});
