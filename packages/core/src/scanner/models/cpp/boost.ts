import { defineModel } from '../schema.ts';

/** Boost: Asio socket reads (the peer's data) and Boost.Filesystem operations. */
export default defineModel({
  name: 'boost',
  language: 'cpp',
  description: 'Boost.Asio reads (read_some, read, receive, receive_from) and Boost.Filesystem remove/create operations.',
  sources: [{ call: ['*.read_some', 'boost.asio.read', 'asio.read', '*.receive', '*.receive_from'], into: 0, kind: 'remote' }],
  sinks: [{ call: ['boost.filesystem.remove', 'boost.filesystem.remove_all', 'boost.filesystem.create_directories'], class: 'path-traversal', where: 'path-operation' }],
});
