import { defineModel } from '../schema.ts';

/** chi: URL parameters. */
export default defineModel({
  name: 'chi',
  language: 'go',
  description: 'github.com/go-chi/chi',
  sources: [{ call: ['chi.URLParam', 'chi.URLParamFromCtx'], kind: 'remote' }],
});
