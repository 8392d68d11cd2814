import { defineModel } from '../schema.ts';

/** js-yaml: `load()` with the full schema (js-yaml 3's default) constructs JavaScript functions and regexps. */
export default defineModel({
  name: 'js-yaml',
  language: ['javascript', 'typescript'],
  description: 'js-yaml load()/loadAll() with an unsafe schema (or js-yaml 3 defaults) as a deserialization sink.',
  sinks: [
    { call: ['js-yaml.{load,loadAll}', 'jsyaml.{load,loadAll}'], class: 'unsafe-deserialization', where: 'unsafe-yaml-schema', label: 'js-yaml load() with the full schema' },
  ],
});
