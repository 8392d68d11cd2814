import { defineModel } from '../schema.ts';

/** Excon: a request to a URL that untrusted data chooses (unless literal text fixes the scheme and host first). */
export default defineModel({
  name: 'excon',
  language: 'ruby',
  description: 'Excon',
  sinks: [{ call: 'Excon.{get,post,put,patch,delete,head,new}', arg: 0, keyword: ['url', 'base_url'], class: 'ssrf', where: 'any-host' }],
});
