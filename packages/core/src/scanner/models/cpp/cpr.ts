import { defineModel } from '../schema.ts';

/** C++ Requests (cpr): the URL of a request. */
export default defineModel({
  name: 'cpr',
  language: 'cpp',
  description: 'cpr: cpr::Url and cpr::Get/Post/Put/Delete fetch a URL.',
  sinks: [{ call: ['cpr.Url', 'cpr.Get', 'cpr.Post', 'cpr.Put', 'cpr.Delete'], class: 'ssrf' }],
});
