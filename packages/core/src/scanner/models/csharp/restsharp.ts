import { defineModel } from '../schema.ts';

/** RestSharp: a client sends every request to its base URL. */
export default defineModel({
  name: 'restsharp',
  language: 'csharp',
  sinks: [{ call: '**.{RestClient,RestClientOptions}', arg: 0, keyword: ['BaseUrl', 'baseUrl'], class: 'ssrf' }],
  assignments: [{ target: '*.BaseUrl', class: 'ssrf' }],
});
