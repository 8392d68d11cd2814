import { defineModel } from '../schema.ts';

/** jsonpickle: JSON that names classes to construct; decoding untrusted input runs code. */
export default defineModel({
  name: 'jsonpickle',
  language: 'python',
  sinks: [{ call: ['jsonpickle.decode', 'jsonpickle.loads', 'jsonpickle.unpickler.decode'], arg: 0, keyword: 'string', class: 'unsafe-deserialization', audit: true }],
});
