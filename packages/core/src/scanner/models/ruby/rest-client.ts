import { defineModel } from '../schema.ts';

/** rest-client: a request to a URL that untrusted data chooses (unless literal text fixes the scheme and host first). */
export default defineModel({
  name: 'rest-client',
  language: 'ruby',
  description: 'RestClient',
  sinks: [
    { call: ['RestClient.{get,post,put,patch,delete,head,options}', 'RestClient.Resource.new'], arg: 0, keyword: ['url', 'base_url'], class: 'ssrf', where: 'any-host' },
    { call: 'RestClient.Request.execute', keyword: 'url', class: 'ssrf', where: 'any-host' },
  ],
});
