import { defineModel } from '../schema.ts';

/** Spring core utilities: file resources, `ResourceUtils.getFile`, class loading by name. */
export default defineModel({
  name: 'spring-core',
  language: 'java',
  sinks: [
    { call: ['FileSystemResource', 'PathResource'], arg: [0, 1], class: 'path-traversal', where: 'path-unchecked' },
    { call: 'ResourceUtils.getFile', class: 'path-traversal', where: 'path-unchecked' },
    { call: ['ClassUtils.forName', 'ReflectUtils.forName'], class: 'unsafe-reflection' },
  ],
});
