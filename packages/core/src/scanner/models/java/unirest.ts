import { defineModel } from '../schema.ts';

/** Unirest for Java: request targets. */
export default defineModel({
  name: 'unirest',
  language: 'java',
  sinks: [{ call: 'Unirest.{get,post,put,delete,patch,head,options}', class: 'ssrf', where: 'request-target' }],
});
