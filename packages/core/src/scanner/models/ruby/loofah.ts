import { defineModel } from '../schema.ts';

/** Loofah: scrubbed HTML fragments and documents. */
export default defineModel({
  name: 'loofah',
  language: 'ruby',
  description: 'Loofah HTML scrubbing',
  sanitizers: [{ call: 'Loofah.{scrub_fragment,scrub_document}', class: ['xss', 'xpath-injection'] }],
});
