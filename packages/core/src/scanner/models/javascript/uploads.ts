import { defineModel } from '../schema.ts';

/** Uploaded forms and archives: field values, file names and archive entry names are chosen by the sender. */
export default defineModel({
  name: 'uploads',
  language: ['javascript', 'typescript'],
  description: 'formidable parse results and adm-zip entry names as remote input.',
  sources: [{ path: ['{form,incomingForm,formidable}.parse()', '*.entryName'], kind: 'remote' }],
});
