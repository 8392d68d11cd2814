import { defineModel } from '../schema.ts';

/** Roda: `route do |r| … r.params['q'] … end` — the routing tree's request object. */
export default defineModel({
  name: 'roda',
  language: 'ruby',
  description: 'Roda routing trees',
  sources: [{ path: 'r.params()', kind: 'remote' }],
});
