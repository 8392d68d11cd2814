import { defineModel } from '../schema.ts';

/** pathvalidate: file names stripped of separators and reserved names. */
export default defineModel({
  name: 'pathvalidate',
  language: 'python',
  sanitizers: [{ call: ['pathvalidate.sanitize_filename', 'sanitize_filename'], class: 'path-traversal' }],
});
