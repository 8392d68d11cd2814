import { defineModel } from '../schema.ts';

/** gorilla/mux: route variables. */
export default defineModel({
  name: 'gorilla-mux',
  language: 'go',
  description: 'github.com/gorilla/mux',
  sources: [{ call: 'mux.Vars', kind: 'remote' }],
});
