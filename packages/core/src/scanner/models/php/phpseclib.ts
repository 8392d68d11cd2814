import { defineModel } from '../schema.ts';

/** phpseclib and look-alike SSH clients: `exec` on a connection runs the text in a remote shell. */
export default defineModel({
  name: 'phpseclib',
  language: 'php',
  description: 'phpseclib SSH2/SFTP (and similar SSH wrappers): exec on a session',
  sinks: [{ call: '*.exec', class: 'command-injection', where: 'remote-shell' }],
});
