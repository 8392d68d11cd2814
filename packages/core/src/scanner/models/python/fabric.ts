import { defineModel } from '../schema.ts';

/** Fabric 1.x: `run` / `sudo` / `local` take shell command lines. */
export default defineModel({
  name: 'fabric',
  language: 'python',
  sinks: [{ call: ['fabric.api.{run,sudo,local}', 'fabric.operations.{run,sudo,local}'], arg: 0, keyword: 'command', class: 'command-injection', audit: true }],
});
