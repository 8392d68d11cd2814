import { defineModel } from '../schema.ts';

/** Paramiko: `client.exec_command(cmd)` runs a shell command on the remote host. */
export default defineModel({
  name: 'paramiko',
  language: 'python',
  sinks: [{ call: '*.exec_command', arg: 0, keyword: 'command', class: 'command-injection', audit: true }],
});
