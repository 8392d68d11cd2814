import { defineModel } from '../schema.ts';

/** Apache Commons IO: FileUtils reads, writes and copies the paths it is given; FilenameUtils keeps the last name. */
export default defineModel({
  name: 'commons-io',
  language: 'java',
  sinks: [
    {
      call: 'FileUtils.{readFileToString,readFileToByteArray,readLines,openInputStream,openOutputStream,writeStringToFile,write,writeByteArrayToFile,writeLines,deleteDirectory,forceDelete,deleteQuietly,touch,getFile,lineIterator}',
      class: 'path-traversal',
      where: 'path-unchecked',
    },
    {
      call: 'FileUtils.{copyFile,copyFileToDirectory,copyDirectory,moveFile,moveDirectory,copyInputStreamToFile,copyToFile}',
      arg: [0, 1],
      class: 'path-traversal',
      where: 'path-argument',
    },
    { call: 'FileUtils.copyURLToFile', class: 'ssrf', where: 'url-argument' },
  ],
  sanitizers: [{ call: 'FilenameUtils.{getName,getBaseName,getExtension}', class: 'path-traversal' }],
});
