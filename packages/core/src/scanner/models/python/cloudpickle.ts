import { defineModel } from '../schema.ts';

/** cloudpickle: pickle's format with more object kinds; loading runs code from the data. */
export default defineModel({
  name: 'cloudpickle',
  language: 'python',
  sinks: [{ call: 'cloudpickle.{loads,load}', arg: 0, keyword: ['data', 'file', 'filename'], class: 'unsafe-deserialization', audit: true }],
});
