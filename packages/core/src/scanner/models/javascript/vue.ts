import { defineModel } from '../schema.ts';

/** Vue Router: the current route's query, params and hash. */
export default defineModel({
  name: 'vue',
  language: ['javascript', 'typescript'],
  description: 'Vue Router route query, params and hash as remote input.',
  sources: [{ path: ['**.useRoute().{query,params,hash}', '*.$route.{query,params,hash,fullPath}'], kind: 'remote' }],
});
