import { defineModel } from '../schema.ts';

/** aiofiles: asynchronous `open`. */
export default defineModel({
  name: 'aiofiles',
  language: 'python',
  sinks: [{ call: 'aiofiles.open', arg: 0, keyword: ['file', 'path', 'filename', 'path_or_file', 'filename_or_fp', 'location'], class: 'path-traversal', where: 'unchecked-path' }],
});
