import { defineModel } from '../schema.ts';

/** wget (the PyPI module): `wget.download(url)` fetches the URL. */
export default defineModel({
  name: 'wget',
  language: 'python',
  sinks: [{ call: 'wget.download', arg: 0, keyword: ['url', 'fullurl', 'host'], class: 'ssrf', where: 'unpinned-url' }],
});
