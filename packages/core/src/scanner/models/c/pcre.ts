import { defineModel } from '../schema.ts';

/** PCRE and PCRE2: a successful match validates the subject. */
export default defineModel({
  name: 'pcre',
  language: ['c', 'cpp'],
  description: 'PCRE / PCRE2: pcre_exec and pcre2_match as allow-list checks.',
  validators: [{ call: ['pcre_exec', 'pcre2_match'] }],
});
