import { defineModel } from '../schema.ts';

/** html-sanitizer: allow-list HTML sanitizing. */
export default defineModel({
  name: 'html-sanitizer',
  language: 'python',
  sanitizers: [{ call: 'html_sanitizer.*', class: ['xss', 'xpath-injection'] }],
});
