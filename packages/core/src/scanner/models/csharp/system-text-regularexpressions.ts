import { defineModel } from '../schema.ts';

/** System.Text.RegularExpressions: a pattern from input, matched without a timeout, can backtrack for as long as its author likes. */
export default defineModel({
  name: 'system-text-regularexpressions',
  language: 'csharp',
  sinks: [
    { call: '**.Regex', arg: 0, keyword: 'pattern', class: 'regex-injection', where: 'no-timeout' },
    { call: '**.Regex.{IsMatch,Match,Matches,Replace,Split,Count,EnumerateMatches}', arg: 1, keyword: 'pattern', class: 'regex-injection', where: 'no-timeout' },
  ],
  sanitizers: [{ call: '**.Regex.Escape', class: 'regex-injection' }],
});
