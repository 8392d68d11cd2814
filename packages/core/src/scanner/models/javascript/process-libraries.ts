import { defineModel } from '../schema.ts';

/** Libraries that run programs: cross-spawn and execa (argument vectors), shelljs, node-cmd, exec-sh (shell command lines). */
export default defineModel({
  name: 'process-libraries',
  language: ['javascript', 'typescript'],
  description: 'cross-spawn, execa, shelljs, node-cmd and exec-sh: command lines run by a shell, and programs and argument vectors.',
  sinks: [
    {
      call: ['shelljs.exec', 'node-cmd.{run,runSync,get}', 'execa.{command,commandSync}', 'execa.{execaCommand,execaCommandSync}', 'execSh', 'exec-sh'],
      class: 'command-injection',
      label: 'a shell',
    },
    { call: ['cross-spawn', 'cross-spawn.{spawn,sync,spawnSync}', 'execa', 'execa.{execa,execaSync,sync}'], class: 'command-injection', where: 'program-name' },
    {
      call: ['cross-spawn', 'cross-spawn.{spawn,sync,spawnSync}', 'execa', 'execa.{execa,execaSync,sync}'],
      arg: 1,
      class: 'command-injection',
      where: 'shell-argv',
      label: 'a shell',
    },
  ],
});
