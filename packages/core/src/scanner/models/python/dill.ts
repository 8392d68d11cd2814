import { defineModel } from '../schema.ts';

/** dill: pickle's format with more object kinds; loading runs code from the data. */
export default defineModel({
  name: 'dill',
  language: 'python',
  sinks: [{ call: 'dill.{loads,load}', arg: 0, keyword: ['data', 'file', 'filename'], class: 'unsafe-deserialization', audit: true }],
});
