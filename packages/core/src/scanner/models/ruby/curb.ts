import { defineModel } from '../schema.ts';

/** Curb (libcurl): a request to a URL that untrusted data chooses (unless literal text fixes the scheme and host first). */
export default defineModel({
  name: 'curb',
  language: 'ruby',
  description: 'Curb (libcurl)',
  sinks: [{ call: ['Curl.{get,post,put,delete,head}', 'Curl.Easy.{new,perform,http_get}'], arg: 0, keyword: ['url', 'base_url'], class: 'ssrf', where: 'any-host' }],
});
