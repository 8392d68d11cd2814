import { defineModel } from '../schema.ts';

/** Thomas Boutell's cgic library: form fields and cookies copied into the caller's buffer. */
export default defineModel({
  name: 'cgic',
  language: ['c', 'cpp'],
  description: 'cgic: cgiFormString and friends write a form field or cookie into their second argument.',
  sources: [{ call: ['cgiFormString', 'cgiFormStringNoNewlines', 'cgiFormStringMultiple', 'cgiCookieString'], into: 1, kind: 'remote' }],
});
