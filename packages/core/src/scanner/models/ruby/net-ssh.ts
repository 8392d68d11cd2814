import { defineModel } from '../schema.ts';

/** net-ssh: `ssh.exec!(cmd)` runs a shell command on the remote host. */
export default defineModel({
  name: 'net-ssh',
  language: 'ruby',
  description: 'Net::SSH sessions and channels',
  sinks: [{ call: ['*.exec!', '*.exec', 'Net.SSH.start().exec!'], class: 'command-injection', where: 'remote-shell', label: 'a remote shell command' }],
});
