import { defineModel } from '../schema.ts';

/** libcurl: the URL a transfer fetches, and its escaping of URL parts. */
export default defineModel({
  name: 'libcurl',
  language: ['c', 'cpp'],
  description: 'libcurl: CURLOPT_URL / CURLUPART_URL set what is fetched; curl_easy_escape percent-encodes a value.',
  sinks: [{ call: ['curl_easy_setopt', 'curl_url_set'], arg: 2, class: 'ssrf', where: 'curl-url-option' }],
  sanitizers: [{ call: ['curl_easy_escape', 'curl_escape'], class: ['xss', 'open-redirect', 'header-injection', 'command-injection', 'path-traversal'] }],
});
