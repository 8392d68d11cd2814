import { defineModel } from '../schema.ts';

/** minitar: tar readers whose entry names are chosen by whoever made the archive (Zip Slip). */
export default defineModel({
  name: 'minitar',
  language: 'ruby',
  description: 'Minitar (archive-tar-minitar)',
  handlers: [{ registration: ['Archive.Tar.Minitar.Reader.{open,foreach,new,open_buffer}', 'Minitar.Reader.{open,foreach,new,open_buffer}'], parameters: [0], kind: 'remote' }],
});
