import { defineModel } from '../schema.ts';

/** Oj: `Oj.load` defaults to :object mode, which instantiates whatever classes the document names. */
export default defineModel({
  name: 'oj',
  language: 'ruby',
  description: 'Oj JSON parser',
  sinks: [
    { call: 'Oj.object_load', class: 'unsafe-deserialization' },
    { call: ['Oj.load', 'Oj.compat_load'], class: 'unsafe-deserialization', where: 'oj-object-mode' },
  ],
});
