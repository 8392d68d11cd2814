import { defineModel } from '../schema.ts';

/** Typhoeus: a request to a URL that untrusted data chooses (unless literal text fixes the scheme and host first). */
export default defineModel({
  name: 'typhoeus',
  language: 'ruby',
  description: 'Typhoeus',
  sinks: [{ call: ['Typhoeus.{get,post,put,patch,delete,head,options}', 'Typhoeus.Request.new'], arg: 0, keyword: ['url', 'base_url'], class: 'ssrf', where: 'any-host' }],
});
