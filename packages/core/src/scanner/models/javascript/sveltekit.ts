import { defineModel } from '../schema.ts';

/** SvelteKit: `redirect(303, url)` from `@sveltejs/kit`. */
export default defineModel({
  name: 'sveltekit',
  language: ['javascript', 'typescript'],
  description: 'SvelteKit redirect() as an open-redirect sink.',
  sinks: [{ call: '@sveltejs/kit.redirect', arg: [0, 1], class: 'open-redirect', where: 'redirect-target' }],
});
