import { defineModel } from '../schema.ts';

/** Ox: `Ox.parse_obj` builds Ruby objects of the classes the XML names. */
export default defineModel({
  name: 'ox',
  language: 'ruby',
  description: 'Ox XML parser',
  sinks: [{ call: 'Ox.parse_obj', class: 'unsafe-deserialization' }],
});
