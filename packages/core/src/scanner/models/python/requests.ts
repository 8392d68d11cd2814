import { defineModel } from '../schema.ts';

/**
 * Requests: fetching a URL the client chose (SSRF), unless a fixed host or local path precedes the
 * input or the host was checked. The `http-client` check also recognises sessions and clients of
 * httpx, aiohttp, urllib3 and Tornado made in the same file (`session.get(url)`).
 */
export default defineModel({
  name: 'requests',
  language: 'python',
  sinks: [
    {
      call: ['requests.{get,post,put,patch,delete,head,options}', 'requests.api.{get,post,put,patch,delete,head,options}'],
      arg: 0,
      keyword: ['url', 'fullurl', 'host'],
      class: 'ssrf',
      where: 'unpinned-url',
    },
    { call: ['requests.request', 'requests.api.request'], arg: 1, keyword: 'url', class: 'ssrf', where: 'unpinned-url' },
    { call: '*.{get,post,put,patch,delete,head,options,fetch,stream,urlopen}', arg: 0, keyword: 'url', class: 'ssrf', where: 'http-client' },
    { call: '*.request', arg: 1, keyword: 'url', class: 'ssrf', where: 'http-client' },
  ],
  sanitizers: [
    // What a fixed-host call returns is that service's data, not the request's.
    { call: 'requests.{get,post,put,patch,delete,head,options,request}', class: 'all' },
  ],
});
