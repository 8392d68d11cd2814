import { defineModel } from '../schema.ts';

/** The sanitize gem: allow-list HTML sanitising. */
export default defineModel({
  name: 'sanitize',
  language: 'ruby',
  description: 'Sanitize',
  sanitizers: [{ call: 'Sanitize.{fragment,clean,document}', class: ['xss', 'xpath-injection'] }],
});
