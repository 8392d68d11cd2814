import { defineModel } from '../schema.ts';

/** WebHelpers (Pylons era): HTML escaping. */
export default defineModel({
  name: 'webhelpers',
  language: 'python',
  sanitizers: [{ call: 'webhelpers.html.escape', class: ['xss', 'xpath-injection'] }],
});
