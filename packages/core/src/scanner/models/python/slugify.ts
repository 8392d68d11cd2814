import { defineModel } from '../schema.ts';

/** python-slugify: a slug holds only letters, digits and dashes. */
export default defineModel({
  name: 'slugify',
  language: 'python',
  sanitizers: [{ call: ['slugify', 'slugify.slugify'], class: 'all' }],
});
