import { defineModel } from '../schema.ts';

/** GnuTLS: what `gnutls_record_recv` receives is the peer's data. */
export default defineModel({
  name: 'gnutls',
  language: ['c', 'cpp'],
  description: "GnuTLS: gnutls_record_recv brings in the peer's data.",
  sources: [{ call: 'gnutls_record_recv', into: 1, kind: 'remote' }],
});
