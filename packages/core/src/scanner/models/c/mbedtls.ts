import { defineModel } from '../schema.ts';

/** Mbed TLS: what `mbedtls_ssl_read` receives is the peer's data. */
export default defineModel({
  name: 'mbedtls',
  language: ['c', 'cpp'],
  description: "Mbed TLS: mbedtls_ssl_read brings in the peer's data.",
  sources: [{ call: 'mbedtls_ssl_read', into: 1, kind: 'remote' }],
});
