import { defineModel } from '../schema.ts';

/** Rake: `sh` runs a shell command; `task :name, [:a] do |t, args|` receives its arguments from the command line. */
export default defineModel({
  name: 'rake',
  language: 'ruby',
  description: 'Rake tasks',
  handlers: [{ registration: '**.task', parameters: [1, 2, 3, 4, 5, 6, 7, 8], kind: 'local' }],
  sinks: [{ call: 'sh', arg: 'all', class: 'command-injection', where: 'shell-command' }],
});
