import { defineModel } from '../schema.ts';

/** pexpect: spawns a command line. */
export default defineModel({
  name: 'pexpect',
  language: 'python',
  sinks: [{ call: ['pexpect.spawn', 'pexpect.run', 'pexpect.popen_spawn.PopenSpawn', 'pexpect.spawnu'], arg: 0, keyword: 'command', class: 'command-injection', audit: true }],
});
