import { defineModel } from '../schema.ts';

/** The escape gem: shell command lines built from escaped words. */
export default defineModel({
  name: 'escape',
  language: 'ruby',
  description: 'Escape',
  sanitizers: [{ call: 'Escape.shell_command', class: 'command-injection' }],
});
