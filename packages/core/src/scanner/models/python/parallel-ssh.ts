import { defineModel } from '../schema.ts';

/** parallel-ssh: `client.run_command(cmd)` runs a shell command on every host. */
export default defineModel({
  name: 'parallel-ssh',
  language: 'python',
  sinks: [{ call: '*.run_command', arg: 0, keyword: 'command', class: 'command-injection', audit: true }],
});
