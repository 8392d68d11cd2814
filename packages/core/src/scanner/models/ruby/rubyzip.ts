import { defineModel } from '../schema.ts';

/** rubyzip: archives whose entry names are chosen by whoever made the archive (Zip Slip), and files opened by path. */
export default defineModel({
  name: 'rubyzip',
  language: 'ruby',
  description: 'rubyzip (Zip::File, Zip::InputStream)',
  handlers: [{ registration: 'Zip.{File,InputStream}.{open,foreach,new,open_buffer}', parameters: [0], kind: 'remote' }],
  sinks: [
    { call: 'Zip.File.{open,new}', class: 'path-traversal' },
    { call: '*.extract', class: 'path-traversal', where: 'archive-entry', label: 'an archive entry extraction' },
  ],
});
