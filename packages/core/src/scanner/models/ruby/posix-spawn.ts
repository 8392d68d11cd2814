import { defineModel } from '../schema.ts';

/** posix-spawn: like Kernel#spawn, one string runs through /bin/sh. */
export default defineModel({
  name: 'posix-spawn',
  language: 'ruby',
  description: 'POSIX::Spawn',
  sinks: [{ call: 'POSIX.Spawn.{spawn,popen4}', arg: 'all', class: 'command-injection', where: 'shell-command' }],
});
