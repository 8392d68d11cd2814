import { defineModel } from '../schema.ts';

/** Invoke: `invoke.run(cmd)` runs a shell command line. */
export default defineModel({
  name: 'invoke',
  language: 'python',
  sinks: [{ call: 'invoke.run', arg: 0, keyword: 'command', class: 'command-injection', audit: true }],
});
