import { defineModel } from '../schema.ts';

/** GNU Readline (and libedit's compatible readline()): a line the user typed. */
export default defineModel({
  name: 'readline',
  language: ['c', 'cpp'],
  description: 'GNU Readline / libedit: readline() returns a line typed at the terminal.',
  sources: [{ call: 'readline', kind: 'local' }],
});
