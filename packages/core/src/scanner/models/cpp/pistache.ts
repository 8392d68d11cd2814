import { defineModel } from '../schema.ts';

/** Pistache: `ResponseWriter::send(code, body, mime)` with an HTML MIME type. */
export default defineModel({
  name: 'pistache',
  language: 'cpp',
  description: 'Pistache: response.send with an HTML MIME type.',
  sinks: [{ call: '*.send', arg: 1, class: 'xss', where: 'html-content-type', label: 'an HTML response' }],
});
