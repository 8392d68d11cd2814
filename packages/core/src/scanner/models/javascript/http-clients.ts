import { defineModel } from '../schema.ts';

const VERBS = '{get,post,put,patch,delete,head,options,request}';

/** HTTP client libraries: the URL (or the `url`/`host` of an options object) decides where a server-side request goes. */
export default defineModel({
  name: 'http-clients',
  language: ['javascript', 'typescript'],
  description: 'axios, got, node-fetch, undici, ky, ofetch, superagent, needle, phin, bent and request as SSRF sinks (a target whose host the input chooses).',
  sinks: [
    { call: ['axios', `axios.${VERBS}`, 'axios.getUri'], arg: [0, 1], class: 'ssrf', where: 'request-target', label: 'axios' },
    { call: ['node-fetch', 'undici.{fetch,request,stream}', 'ky', `ky.${VERBS}`, 'ofetch', '$fetch'], arg: [0, 1], class: 'ssrf', where: 'request-target' },
    { call: ['got', `got.${VERBS}`, 'got.stream'], arg: [0, 1], class: 'ssrf', where: 'request-target' },
    { call: ['request', `request.${VERBS}`, 'request-promise', `request-promise.${VERBS}`, 'request-promise-native'], arg: [0, 1], class: 'ssrf', where: 'request-library' },
    { call: ['superagent', `superagent.${VERBS}`, 'needle', `needle.${VERBS}`, 'phin', 'bent'], arg: [0, 1], class: 'ssrf', where: 'request-target' },
  ],
});
