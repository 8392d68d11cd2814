import { defineModel } from '../schema.ts';

/** Command-line input: yargs, commander, readline-sync, prompt. */
export default defineModel({
  name: 'command-line',
  language: ['javascript', 'typescript'],
  description: 'Arguments and answers read by yargs, commander, readline-sync and prompt(), as local input.',
  sources: [{ path: ['yargs.argv', 'prompt()', 'readline-sync.question()', 'readlineSync.question()', 'program.args', 'program.opts()'], kind: 'local' }],
});
