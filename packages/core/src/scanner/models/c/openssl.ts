import { defineModel } from '../schema.ts';

/** OpenSSL (and LibreSSL, BoringSSL): what a TLS connection or a BIO chain receives is the peer's data. */
export default defineModel({
  name: 'openssl',
  language: ['c', 'cpp'],
  description: "OpenSSL, LibreSSL and BoringSSL: SSL_read, SSL_peek and BIO reads bring in the peer's data.",
  sources: [{ call: ['SSL_read', 'SSL_read_ex', 'SSL_peek', 'BIO_read', 'BIO_gets'], into: 1, kind: 'remote' }],
});
