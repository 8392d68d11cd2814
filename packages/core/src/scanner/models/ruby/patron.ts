import { defineModel } from '../schema.ts';

/** Patron: a request to a URL that untrusted data chooses (unless literal text fixes the scheme and host first). */
export default defineModel({
  name: 'patron',
  language: 'ruby',
  description: 'Patron',
  sinks: [{ call: 'Patron.Session.new().get', arg: 0, keyword: ['url', 'base_url'], class: 'ssrf', where: 'any-host' }],
});
