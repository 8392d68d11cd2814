import { defineModel } from '../schema.ts';

/** regex (the PyPI module): patterns compiled from input, and its escape. */
export default defineModel({
  name: 'regex',
  language: 'python',
  sinks: [{ call: 'regex.{compile,match,search,fullmatch,findall,finditer,sub,subn,split}', arg: 0, keyword: 'pattern', class: 'regex-injection' }],
  sanitizers: [{ call: 'regex.escape', class: 'regex-injection' }],
});
