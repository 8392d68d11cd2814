import { defineModel } from '../schema.ts';

/** POCO C++ Libraries: URIs and client sessions. */
export default defineModel({
  name: 'poco',
  language: 'cpp',
  description: 'POCO: Poco::URI and HTTPClientSession open connections to a URL or host.',
  sinks: [{ call: ['Poco.URI', 'Poco.Net.HTTPClientSession'], class: 'ssrf' }],
});
