import { defineModel } from '../schema.ts';

/** Mechanize: a request to a URL that untrusted data chooses (unless literal text fixes the scheme and host first). */
export default defineModel({
  name: 'mechanize',
  language: 'ruby',
  description: 'Mechanize',
  sinks: [{ call: 'Mechanize.new().get', arg: 0, keyword: ['url', 'base_url'], class: 'ssrf', where: 'any-host' }],
});
