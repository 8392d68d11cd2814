import { defineModel } from '../schema.ts';

/** feedparser: `feedparser.parse(url)` fetches the feed when given a URL. */
export default defineModel({
  name: 'feedparser',
  language: 'python',
  sinks: [{ call: 'feedparser.parse', arg: 0, keyword: ['url', 'fullurl', 'host'], class: 'ssrf', where: 'unpinned-url' }],
});
