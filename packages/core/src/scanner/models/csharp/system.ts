import { defineModel } from '../schema.ts';

/** The .NET runtime's own inputs: the console, the command line and the environment. */
export default defineModel({
  name: 'system',
  language: 'csharp',
  sources: [
    { call: ['Console.{ReadLine,ReadKey}', 'System.Console.ReadLine'], kind: 'local' },
    { path: 'Console.In', kind: 'local' },
    { call: ['Environment.GetCommandLineArgs', 'System.Environment.GetCommandLineArgs'], kind: 'local' },
    { call: ['Environment.{GetEnvironmentVariable,GetEnvironmentVariables}', 'System.Environment.GetEnvironmentVariable'], kind: 'local' },
  ],
});
