/**
 * Single sign-on with OpenID Connect (issue #11): the authorization code flow with PKCE (RFC 7636)
 * through oauth4webapi, a certified, dependency-free client built on Web APIs only, so it runs the
 * same on Node, Bun and Deno.
 *
 * GET /api/auth/oidc/start sends the browser to the provider with a fresh `state`, `nonce` and PKCE
 * challenge; the state, nonce and code verifier wait in a short-lived HttpOnly cookie scoped to
 * /api/auth/oidc (SameSite=Lax: it comes back on the provider's top-level redirect), so any process
 * behind a load balancer can finish the flow. GET /api/auth/oidc/callback checks the state, redeems
 * the code with the verifier, validates the ID token (signature, issuer, audience, nonce), and signs
 * the user in (accounts.ts `signInWithOidc`). Both answer redirects: a browser is on the other end;
 * failures land on the sign-in page with a reason in the URL fragment, never a secret.
 */
import { signInWithOidc, type AccountDeps } from '@secscan/core';
import * as oauth from 'oauth4webapi';
import { readCookie } from '../auth/credentials.ts';
import { isSecureRequest, sessionCookie } from '../auth/session-cookie.ts';
import { respond, type RequestContext } from '../context.ts';
import type { AccessConfig, AppDeps, OidcConfig } from '../deps.ts';
import { accountSettings } from './accounts.ts';

/** The cookie that carries a sign-in in progress. */
const FLOW_COOKIE = 'secscan_oidc';
/** How long a sign-in at the provider may take. */
const FLOW_SECONDS = 600;

/** Where a browser is sent. */
function redirect(ctx: RequestContext, location: string, cookies: readonly string[] = []): Response {
  const response = respond(ctx, 302, null, { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}

/** Builds the OIDC handlers (only called when SECSCAN_OIDC_ISSUER is set). */
export function createOidcHandlers(deps: AppDeps, access: AccessConfig, oidc: OidcConfig, now: () => number, newId: () => string) {
  const issuer = new URL(oidc.issuer);
  // Plain http is accepted only for a loopback issuer (config.ts), as in tests and local set-ups.
  const insecure = issuer.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
  const client: oauth.Client = { client_id: oidc.clientId };
  const clientAuth = oidc.clientSecret === null ? oauth.None() : oauth.ClientSecretBasic(oidc.clientSecret);
  const accountDeps: AccountDeps = { stores: deps.stores, clock: { now }, newId };
  const settings = accountSettings(access);

  let discovered: Promise<oauth.AuthorizationServer> | null = null;
  /** The provider's metadata, read once (again after a failure). */
  const server = (): Promise<oauth.AuthorizationServer> => {
    discovered ??= oauth
      .discoveryRequest(issuer, { algorithm: 'oidc', ...insecure })
      .then((response) => oauth.processDiscoveryResponse(issuer, response))
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  const base = (request: Request): string => access.accounts.publicUrl ?? new URL(request.url).origin;
  const redirectUri = (request: Request): string => `${base(request)}/api/auth/oidc/callback`;
  const secure = (request: Request): boolean => isSecureRequest(request, access.accounts.publicUrl, access.trustProxyHops);
  const flowCookie = (value: string, maxAge: number, request: Request): string =>
    `${FLOW_COOKIE}=${value}; Path=/api/auth/oidc; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure(request) ? '; Secure' : ''}`;
  const failed = (ctx: RequestContext, request: Request, reason: string): Response =>
    redirect(ctx, `${base(request)}/dashboard/sign-in#error=${reason}`, [flowCookie('', 0, request)]);

  return {
    /** GET /api/auth/oidc/start */
    async start(request: Request, ctx: RequestContext): Promise<Response> {
      let as: oauth.AuthorizationServer;
      try {
        as = await server();
      } catch {
        return failed(ctx, request, 'sso_unavailable');
      }
      if (!as.authorization_endpoint) return failed(ctx, request, 'sso_unavailable');
      const state = oauth.generateRandomState();
      const nonce = oauth.generateRandomNonce();
      const verifier = oauth.generateRandomCodeVerifier();
      const url = new URL(as.authorization_endpoint);
      url.searchParams.set('client_id', oidc.clientId);
      url.searchParams.set('redirect_uri', redirectUri(request));
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', oidc.scopes);
      url.searchParams.set('state', state);
      url.searchParams.set('nonce', nonce);
      url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
      url.searchParams.set('code_challenge_method', 'S256');
      return redirect(ctx, url.href, [flowCookie(`${state}.${nonce}.${verifier}`, FLOW_SECONDS, request)]);
    },

    /** GET /api/auth/oidc/callback */
    async callback(request: Request, ctx: RequestContext): Promise<Response> {
      const flow = readCookie(request.headers.get('cookie'), FLOW_COOKIE)?.split('.') ?? [];
      const [state, nonce, verifier] = flow;
      if (flow.length !== 3 || !state || !nonce || !verifier) return failed(ctx, request, 'sso_expired');
      let identity;
      try {
        const as = await server();
        const params = oauth.validateAuthResponse(as, client, new URL(request.url), state);
        const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, params, redirectUri(request), verifier, insecure);
        const result = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true });
        const claims = oauth.getValidatedIdTokenClaims(result);
        if (!claims) return failed(ctx, request, 'sso_failed');
        // Many providers put profile claims only in the UserInfo response (OIDC Core §5.4): ask it
        // when the ID token has no e-mail; its `sub` must be the ID token's (§5.3.2).
        let profile: Record<string, unknown> = claims;
        if (typeof claims['email'] !== 'string' && as.userinfo_endpoint) {
          const info = await oauth.userInfoRequest(as, client, result.access_token, insecure);
          profile = { ...(await oauth.processUserInfoResponse(as, client, claims.sub, info)), iss: claims.iss };
        }
        identity = {
          issuer: String(claims.iss),
          subject: String(claims.sub),
          email: typeof profile['email'] === 'string' ? profile['email'] : null,
          emailVerified: profile['email_verified'] === true,
          name: typeof profile['name'] === 'string' ? profile['name'] : null,
        };
      } catch {
        // The provider refused, the state did not match, or the token did not validate: nothing to tell the browser but that.
        return failed(ctx, request, 'sso_failed');
      }
      let outcome;
      try {
        outcome = await signInWithOidc(accountDeps, settings, identity, oidc.autoCreate);
      } catch {
        return failed(ctx, request, 'unavailable');
      }
      if (!outcome.ok) return failed(ctx, request, outcome.reason === 'disabled' ? 'disabled' : outcome.reason === 'no_email' ? 'sso_no_email' : 'sso_not_allowed');
      return redirect(ctx, `${base(request)}/dashboard/`, [flowCookie('', 0, request), sessionCookie(outcome.session.token, access.sessionTtlSeconds, secure(request))]);
    },
  };
}
