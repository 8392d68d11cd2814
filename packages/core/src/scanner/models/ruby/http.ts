import { defineModel } from '../schema.ts';

/** http.rb (the http gem): a request to a URL that untrusted data chooses (unless literal text fixes the scheme and host first). */
export default defineModel({
  name: 'http',
  language: 'ruby',
  description: 'http.rb (the http gem)',
  sinks: [
    {
      call: ['HTTP.{get,post,put,patch,delete,head,options}', 'HTTP.*.{get,post,put,patch,delete,head,options}'],
      arg: 0,
      keyword: ['url', 'base_url'],
      class: 'ssrf',
      where: 'any-host',
    },
  ],
});
