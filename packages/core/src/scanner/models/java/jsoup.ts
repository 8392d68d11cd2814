import { defineModel } from '../schema.ts';

/** jsoup: `Jsoup.connect(url)` fetches a page; `Jsoup.clean(html, safelist)` keeps only safe markup. */
export default defineModel({
  name: 'jsoup',
  language: 'java',
  sinks: [{ call: 'Jsoup.connect', class: 'ssrf', where: 'request-target' }],
  sanitizers: [{ call: 'Jsoup.clean', class: 'xss' }],
});
