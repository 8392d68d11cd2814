/**
 * The access guard (DESIGN §3): wraps route handlers so that every request resolves to exactly one
 * caller before its handler runs — or is refused. Caller routes (scan) accept API keys, sessions
 * and, when allowed, anonymous requests, then rate-limit them; admin routes accept only the admin
 * token. Wrong credentials are always a 401 with an RFC 6750 §3 challenge, never a silent
 * downgrade to anonymous.
 */
import { clientGroup, resolveToken, sha256Hex, timingSafeEqual, tokenKind, type Caller, type TokenRefusal } from '@secscan/core';
import type { Handler, RequestContext } from '../context.ts';
import type { AccessConfig, AppDeps } from '../deps.ts';
import { problem } from '../problem.ts';
import { enforceRateLimit } from '../ratelimit/limit.ts';
import { clientAddress } from './client-address.ts';
import { readCookie, readCredentials, parseAuthorization, SESSION_COOKIE } from './credentials.ts';
import { isCrossSiteRequest } from './cross-site.ts';

/** The realm of the public API's challenges. */
const REALM = 'secscan';
/** The admin API's realm: its credential (the admin token) is not one of the public API's. */
const ADMIN_REALM = 'secscan-admin';

/** Wrappers that put a route behind authentication. */
export interface AccessGuard {
  /** For routes that serve callers (keys, sessions, anonymous): authenticates, then rate-limits. */
  caller(handler: Handler): Handler;
  /** For the admin API: only the admin token passes. */
  admin(handler: Handler): Handler;
}

/**
 * A 401 with its challenge (RFC 6750 §3): `error="invalid_token"` when credentials were presented
 * and are wrong; no error code when none were (or none we support: §3.1 says the server SHOULD NOT
 * send one when the client used an unsupported method).
 */
function unauthorized(ctx: RequestContext, detail: string, realm: string, invalidToken: boolean): Response {
  const challenge = invalidToken ? `Bearer realm="${realm}", error="invalid_token"` : `Bearer realm="${realm}"`;
  return problem(ctx, 'unauthorized', detail, { headers: { 'www-authenticate': challenge } });
}

/**
 * What a refused token's 401 says: the same for every reason. Telling "revoked" or "expired" from
 * "unknown" would tell whoever holds a leaked token that it was once valid (issue #12).
 */
const INVALID_TOKEN = 'The token is not valid: it is mistyped, unknown, revoked or expired.';
const REFUSALS: Record<TokenRefusal, string> = { malformed: INVALID_TOKEN, unknown: INVALID_TOKEN, revoked: INVALID_TOKEN, expired: INVALID_TOKEN };

function storeDown(ctx: RequestContext): Response {
  return problem(ctx, 'unavailable', 'The credential store is unavailable; try again shortly.', { headers: { 'retry-after': '5' } });
}

/** Builds the access guard of an app. */
export function createAccessGuard(deps: AppDeps, access: AccessConfig, now: () => number): AccessGuard {
  const { keys, sessions, rateLimits } = deps.stores;
  const resolver = { keys, sessions, clock: { now } };
  const allowedOrigins = deps.config.corsOrigins;
  const trust = { hops: access.trustProxyHops, proxies: access.trustedProxies };

  /** Whether a bearer token is the admin token: compares SHA-256 digests in constant time. */
  const isAdminToken = async (token: string): Promise<boolean> =>
    access.adminTokenSha256 !== null && timingSafeEqual(await sha256Hex(token), access.adminTokenSha256);

  /** The caller of a request, or the refusal to answer with. */
  const authenticate = async (request: Request, ctx: RequestContext): Promise<Caller | Response> => {
    const presented = readCredentials(request.headers);
    switch (presented.kind) {
      case 'none': {
        if (!access.anonymous) return unauthorized(ctx, 'This server does not accept anonymous requests: send Authorization: Bearer <API key>.', REALM, false);
        const address = clientAddress(request, ctx.env, trust);
        // The runtime could not tell who is calling (the connection was reset before its address was
        // read): counting it under a shared "unknown" budget would let such requests spend others' quota.
        if (address === null) return problem(ctx, 'bad_request', 'The client address of this connection is unknown; the request is not served.');
        return { kind: 'anonymous', client: clientGroup(address) };
      }
      case 'unsupported_scheme':
        return unauthorized(ctx, 'Only Bearer credentials are accepted: Authorization: Bearer <API key or session token>.', REALM, false);
      case 'malformed':
        return unauthorized(ctx, 'The Authorization header holds no usable bearer token.', REALM, true);
      case 'bearer': {
        const { token, via } = presented;
        if (via === 'cookie') {
          if (isCrossSiteRequest(request, allowedOrigins)) {
            return problem(ctx, 'forbidden', 'A session cookie is not accepted on a request from another site. Send the token in the Authorization header instead.');
          }
          if (tokenKind(token) !== 'session') return unauthorized(ctx, `The ${SESSION_COOKIE} cookie must hold a session token.`, REALM, true);
        }
        if (tokenKind(token) === null) {
          if (via === 'header' && (await isAdminToken(token))) {
            return problem(ctx, 'forbidden', 'The admin token manages keys and sessions; it cannot be used here. Use an API key.');
          }
          return unauthorized(ctx, REFUSALS.malformed, REALM, true);
        }
        let resolution;
        try {
          resolution = await resolveToken(token, resolver);
        } catch {
          return storeDown(ctx);
        }
        return resolution.ok ? resolution.caller : unauthorized(ctx, REFUSALS[resolution.reason], REALM, true);
      }
    }
  };

  return {
    caller: (handler) => async (request, ctx) => {
      const caller = await authenticate(request, ctx);
      if (caller instanceof Response) return caller;
      ctx.caller = caller;
      const refused = await enforceRateLimit(rateLimits, access.limits, caller, ctx);
      return refused ?? handler(request, ctx);
    },

    admin: (handler) => async (request, ctx) => {
      const authorization = request.headers.get('authorization');
      if (authorization === null) {
        if (readCookie(request.headers.get('cookie'), SESSION_COOKIE) !== null) {
          return problem(ctx, 'forbidden', 'A session cannot use the admin API; send the admin token in the Authorization header.');
        }
        return unauthorized(ctx, 'The admin API needs the admin token: Authorization: Bearer <SECSCAN_ADMIN_TOKEN>.', ADMIN_REALM, false);
      }
      const presented = parseAuthorization(authorization);
      if (presented.kind === 'unsupported_scheme') return unauthorized(ctx, 'Only Bearer credentials are accepted: Authorization: Bearer <SECSCAN_ADMIN_TOKEN>.', ADMIN_REALM, false);
      if (presented.kind !== 'bearer') return unauthorized(ctx, 'The Authorization header holds no usable bearer token.', ADMIN_REALM, true);
      if (await isAdminToken(presented.token)) return handler(request, ctx);
      if (tokenKind(presented.token) !== null) {
        // A valid key or session may not administer (403); a wrong one is still a 401.
        let resolution;
        try {
          resolution = await resolveToken(presented.token, resolver);
        } catch {
          return storeDown(ctx);
        }
        if (resolution.ok) return problem(ctx, 'forbidden', 'API keys and sessions cannot use the admin API; use the admin token.');
      }
      return unauthorized(ctx, 'The token is not the admin token.', ADMIN_REALM, true);
    },
  };
}

/** The guard of an app without access control (`config.access` null): everyone is one unmetered anonymous caller. */
export const OPEN_ACCESS: AccessGuard = {
  caller: (handler) => (request, ctx) => {
    ctx.caller = { kind: 'anonymous', client: 'unknown' };
    return handler(request, ctx);
  },
  admin: (handler) => handler,
};
