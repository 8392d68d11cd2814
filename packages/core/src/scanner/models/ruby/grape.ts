import { defineModel } from '../schema.ts';

/** Grape APIs: `declared(params)` is the request's declared parameters (routes use the Sinatra-style DSL of the sinatra model). */
export default defineModel({
  name: 'grape',
  language: 'ruby',
  description: 'Grape REST APIs',
  sources: [{ path: 'declared()', kind: 'remote' }],
});
