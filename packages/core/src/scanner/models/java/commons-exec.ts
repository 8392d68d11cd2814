import { defineModel } from '../schema.ts';

/** Apache Commons Exec: a CommandLine parsed from one string is split like a shell command line. */
export default defineModel({
  name: 'commons-exec',
  language: 'java',
  sinks: [{ call: ['CommandLine.parse', 'CommandLine'], class: 'command-injection' }],
});
