import { defineModel } from '../schema.ts';

/** urllib3: `urllib3.request(method, url)` (pool managers are covered with requests' sessions). */
export default defineModel({
  name: 'urllib3',
  language: 'python',
  sinks: [{ call: 'urllib3.request', arg: 1, keyword: 'url', class: 'ssrf', where: 'unpinned-url' }],
});
