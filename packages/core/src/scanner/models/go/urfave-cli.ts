import { defineModel } from '../schema.ts';

/** urfave/cli: an action's `*cli.Context` carries the command line. */
export default defineModel({
  name: 'urfave-cli',
  language: 'go',
  description: 'github.com/urfave/cli',
  handlers: [{ parameterType: 'cli.Context', kind: 'local' }],
});
