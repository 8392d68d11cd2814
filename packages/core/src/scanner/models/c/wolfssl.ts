import { defineModel } from '../schema.ts';

/** wolfSSL: what `wolfSSL_read` receives is the peer's data. */
export default defineModel({
  name: 'wolfssl',
  language: ['c', 'cpp'],
  description: "wolfSSL: wolfSSL_read brings in the peer's data.",
  sources: [{ call: 'wolfSSL_read', into: 1, kind: 'remote' }],
});
