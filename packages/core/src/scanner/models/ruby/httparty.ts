import { defineModel } from '../schema.ts';

/** HTTParty: a request to a URL that untrusted data chooses (unless literal text fixes the scheme and host first). */
export default defineModel({
  name: 'httparty',
  language: 'ruby',
  description: 'HTTParty',
  sinks: [{ call: 'HTTParty.{get,post,put,patch,delete,head,options}', arg: 0, keyword: ['url', 'base_url'], class: 'ssrf', where: 'any-host' }],
});
