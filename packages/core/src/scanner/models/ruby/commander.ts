import { defineModel } from '../schema.ts';

/** Commander and GLI command-line apps: `command :x do |c| c.action do |args, options|` receives the command line. */
export default defineModel({
  name: 'commander',
  language: 'ruby',
  description: 'Commander / GLI command definitions',
  handlers: [{ registration: '**.{command,action}', kind: 'local' }],
});
