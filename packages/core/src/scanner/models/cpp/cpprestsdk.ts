import { defineModel } from '../schema.ts';

/** Microsoft's C++ REST SDK (cpprestsdk / Casablanca): replies with an HTML content type, and the HTTP client. */
export default defineModel({
  name: 'cpprestsdk',
  language: 'cpp',
  description: 'cpprestsdk: http_request::reply with text/html, and http_client URLs.',
  sinks: [
    { call: '*.reply', arg: 1, class: 'xss', where: 'html-content-type', label: 'an HTML response' },
    { call: 'web.http.client.http_client', class: 'ssrf' },
  ],
});
