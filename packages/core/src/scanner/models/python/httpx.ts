import { defineModel } from '../schema.ts';

/** HTTPX: module-level requests to a URL the client chose (clients are covered with requests' sessions). */
export default defineModel({
  name: 'httpx',
  language: 'python',
  sinks: [
    { call: 'httpx.{get,post,put,patch,delete,head,options,stream}', arg: 0, keyword: ['url', 'fullurl', 'host'], class: 'ssrf', where: 'unpinned-url' },
    { call: 'httpx.request', arg: 1, keyword: 'url', class: 'ssrf', where: 'unpinned-url' },
  ],
  sanitizers: [{ call: 'httpx.{get,post,put,patch,delete,head,options,request}', class: 'all' }],
});
