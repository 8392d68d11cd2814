/**
 * A real OpenID Connect provider for the tests: `oidc-provider` (the certified Node.js
 * implementation) with one confidential client, PKCE required, and its development login and
 * consent pages (any login name is an account: `<login>@example.com`, verified). Run as a child
 * process: ISSUER_PORT, REDIRECT_URI, CLIENT_SECRET in the environment; prints `ready` when it listens.
 */
import Provider from 'oidc-provider';

const port = Number(process.env.ISSUER_PORT);
const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      client_id: 'secscan',
      client_secret: process.env.CLIENT_SECRET,
      redirect_uris: [process.env.REDIRECT_URI],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  pkce: { required: () => true },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  findAccount: async (_ctx, id) => ({
    accountId: id,
    claims: async () => ({ sub: id, email: `${id}@example.com`, email_verified: true, name: `${id[0]?.toUpperCase() ?? ''}${id.slice(1)} Single-Sign-On` }),
  }),
  cookies: { keys: ['oidc-test-cookie-key-not-a-secret'] },
  features: { devInteractions: { enabled: true } },
});
provider.listen(port, '127.0.0.1', () => console.log('ready'));
