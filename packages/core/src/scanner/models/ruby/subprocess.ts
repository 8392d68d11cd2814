import { defineModel } from '../schema.ts';

/** The subprocess gem (Python's subprocess for Ruby): one string runs through /bin/sh. */
export default defineModel({
  name: 'subprocess',
  language: 'ruby',
  description: 'Subprocess',
  sinks: [{ call: 'Subprocess.{call,check_call,check_output,popen}', arg: 'all', class: 'command-injection', where: 'shell-command' }],
});
