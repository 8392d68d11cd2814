import { defineModel } from '../schema.ts';

/** Apache Commons Codec: digests and hex encodings leave no attacker-shaped text. */
export default defineModel({
  name: 'commons-codec',
  language: 'java',
  sanitizers: [{ call: ['DigestUtils.*', 'Hex.*'], class: 'all' }],
});
