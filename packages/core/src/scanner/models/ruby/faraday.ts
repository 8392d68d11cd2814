import { defineModel } from '../schema.ts';

/** Faraday: a request to a URL that untrusted data chooses (unless literal text fixes the scheme and host first). */
export default defineModel({
  name: 'faraday',
  language: 'ruby',
  description: 'Faraday',
  sinks: [{ call: ['Faraday.{get,post,put,patch,delete,head,new}', 'Faraday.Connection.new'], arg: 0, keyword: ['url', 'base_url'], class: 'ssrf', where: 'any-host' }],
});
