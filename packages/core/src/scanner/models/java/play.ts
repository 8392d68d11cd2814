import { defineModel } from '../schema.ts';

/** Play Framework (Java API): form and multipart bodies of a request. */
export default defineModel({
  name: 'play',
  language: 'java',
  sources: [{ call: ['*.asFormUrlEncoded', '*.asMultipartFormData'], kind: 'remote' }],
});
