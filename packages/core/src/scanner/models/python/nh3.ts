import { defineModel } from '../schema.ts';

/** nh3 (ammonia bindings): allow-list HTML sanitizing. */
export default defineModel({
  name: 'nh3',
  language: 'python',
  sanitizers: [{ call: 'nh3.clean', class: ['xss', 'xpath-injection'] }],
});
