import { defineModel } from '../schema.ts';

/** Bleach: allow-list HTML sanitizing. */
export default defineModel({
  name: 'bleach',
  language: 'python',
  sanitizers: [{ call: ['bleach.clean', 'bleach.linkify'], class: ['xss', 'xpath-injection'] }],
});
