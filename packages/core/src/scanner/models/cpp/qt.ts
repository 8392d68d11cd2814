import { defineModel } from '../schema.ts';

/** Qt: SQL queries, files and URLs built from strings. */
export default defineModel({
  name: 'qt',
  language: 'cpp',
  description: 'Qt: QSqlQuery(text), QFile(path), QUrl(url).',
  sinks: [
    { call: 'QSqlQuery', class: 'sql-injection' },
    { call: 'QFile', class: 'path-traversal' },
    { call: 'QUrl', class: 'ssrf' },
  ],
});
