import { defineModel } from '../schema.ts';

/** Zaru: file names made safe to use (no separators, no reserved names). */
export default defineModel({
  name: 'zaru',
  language: 'ruby',
  description: 'Zaru file-name sanitising',
  sanitizers: [{ call: ['Zaru.sanitize!', 'Zaru.new().to_s'], class: 'path-traversal' }],
});
