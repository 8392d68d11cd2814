import { defineModel } from '../schema.ts';

/** Down (remote file downloads): a request to a URL that untrusted data chooses (unless literal text fixes the scheme and host first). */
export default defineModel({
  name: 'down',
  language: 'ruby',
  description: 'Down (remote file downloads)',
  sinks: [{ call: 'Down.{download,open}', arg: 0, keyword: ['url', 'base_url'], class: 'ssrf', where: 'any-host' }],
});
