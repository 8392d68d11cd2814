import { defineModel } from '../schema.ts';

/** OkHttp: the URL of a request builder. */
export default defineModel({
  name: 'okhttp',
  language: 'java',
  sinks: [{ call: '*.url', class: 'ssrf', where: 'okhttp-url' }],
});
