import { defineModel } from '../schema.ts';

/** Roo: spreadsheets opened by path. */
export default defineModel({
  name: 'roo',
  language: 'ruby',
  description: 'Roo spreadsheets',
  sinks: [{ call: 'Roo.Spreadsheet.open', class: 'path-traversal' }],
});
