/**
 * The access guard (DESIGN §3, issue #11): wraps route handlers so that every request resolves to
 * exactly one caller before its handler runs — or is refused. Wrong credentials are always a 401
 * with an RFC 6750 §3 challenge, never a silent downgrade to anonymous.
 *
 * - caller routes (scan, scan history) accept API keys, sessions and, when allowed, anonymous
 *   requests, then rate-limit them;
 * - session routes (the dashboard's own API) accept only sessions: of a dashboard user (`user`), or
 *   any session (`session`: sign out, the CSRF token);
 * - admin routes accept the admin token, or the session of a user whose role is admin.
 *
 * A session presented in the cookie is accepted only from our own origin (cross-site.ts), and on a
 * state-changing request only with its CSRF token (session-cookie.ts).
 */
import { clientGroup, resolveToken, sha256Hex, timingSafeEqual, tokenKind, type Caller, type TokenRefusal } from '@secscan/core';
import type { Handler, RequestContext } from '../context.ts';
import type { AccessConfig, AppDeps } from '../deps.ts';
import { problem } from '../problem.ts';
import { enforceRateLimit } from '../ratelimit/limit.ts';
import { clientAddress } from './client-address.ts';
import { readCookie, readCredentials, parseAuthorization, SESSION_COOKIE } from './credentials.ts';
import { isCrossSiteRequest } from './cross-site.ts';
import { hasValidCsrfToken, isUnsafeMethod } from './session-cookie.ts';

/** The realm of the public API's challenges. */
const REALM = 'secscan';
/** The admin API's realm: its credential (the admin token) is not one of the public API's. */
const ADMIN_REALM = 'secscan-admin';

/** Wrappers that put a route behind authentication. */
export interface AccessGuard {
  /** For routes that serve callers (keys, sessions, anonymous): authenticates, then rate-limits. */
  caller(handler: Handler): Handler;
  /** For the dashboard's routes: a session of a dashboard user; `ctx.user` is set. */
  user(handler: Handler): Handler;
  /** For routes about the session itself: any session, of a user or not. */
  session(handler: Handler): Handler;
  /** For the admin API: the admin token, or a session of an admin user. */
  admin(handler: Handler): Handler;
}

/**
 * A 401 with its challenge (RFC 6750 §3): `error="invalid_token"` when credentials were presented
 * and are wrong; no error code when none were (or none we support: §3.1 says the server SHOULD NOT
 * send one when the client used an unsupported method).
 */
export function unauthorized(ctx: RequestContext, detail: string, realm: string, invalidToken: boolean): Response {
  const challenge = invalidToken ? `Bearer realm="${realm}", error="invalid_token"` : `Bearer realm="${realm}"`;
  return problem(ctx, 'unauthorized', detail, { headers: { 'www-authenticate': challenge } });
}

/**
 * What a refused token's 401 says: the same for every reason. Telling "revoked", "expired" or
 * "disabled" from "unknown" would tell whoever holds a leaked token that it was once valid (issue #12).
 */
const INVALID_TOKEN = 'The token is not valid: it is mistyped, unknown, revoked or expired, or its account is disabled.';
const REFUSALS: Record<TokenRefusal, string> = { malformed: INVALID_TOKEN, unknown: INVALID_TOKEN, revoked: INVALID_TOKEN, expired: INVALID_TOKEN, disabled: INVALID_TOKEN };

function storeDown(ctx: RequestContext): Response {
  return problem(ctx, 'unavailable', 'The credential store is unavailable; try again shortly.', { headers: { 'retry-after': '5' } });
}

/** The origins a session cookie is accepted from besides the server's own: the CORS list and the public URL's. */
export function trustedOrigins(deps: AppDeps, access: AccessConfig): string[] {
  const publicUrl = access.accounts.publicUrl;
  return publicUrl === null ? [...deps.config.corsOrigins] : [...deps.config.corsOrigins, new URL(publicUrl).origin];
}

/** Builds the access guard of an app. */
export function createAccessGuard(deps: AppDeps, access: AccessConfig, now: () => number): AccessGuard {
  const { keys, sessions, users, rateLimits } = deps.stores;
  const resolver = { keys, sessions, users, clock: { now } };
  const allowedOrigins = trustedOrigins(deps, access);
  const trust = { hops: access.trustProxyHops, proxies: access.trustedProxies };

  /** Whether a bearer token is the admin token: compares SHA-256 digests in constant time. */
  const isAdminToken = async (token: string): Promise<boolean> => access.adminTokenSha256 !== null && timingSafeEqual(await sha256Hex(token), access.adminTokenSha256);

  /** The caller of a request, or the refusal to answer with; sets ctx.user and ctx.sessionToken. */
  const authenticate = async (request: Request, ctx: RequestContext, anonymous: boolean): Promise<Caller | Response> => {
    const presented = readCredentials(request.headers);
    switch (presented.kind) {
      case 'none': {
        if (!anonymous) return unauthorized(ctx, 'No anonymous requests here: sign in, or send Authorization: Bearer <API key or session token>.', REALM, false);
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
            return problem(ctx, 'forbidden', 'The admin token manages keys, users and sessions; it cannot be used here. Use an API key or a session.');
          }
          return unauthorized(ctx, REFUSALS.malformed, REALM, true);
        }
        let resolution;
        try {
          resolution = await resolveToken(token, resolver);
        } catch {
          return storeDown(ctx);
        }
        if (!resolution.ok) return unauthorized(ctx, REFUSALS[resolution.reason], REALM, true);
        // Checked after the token: a CSRF refusal must not tell whether a token is valid to a page that has none.
        if (via === 'cookie' && isUnsafeMethod(request.method) && !(await hasValidCsrfToken(request, token))) {
          return problem(ctx, 'forbidden', 'A request authenticated by the session cookie must carry its X-CSRF-Token (GET /api/auth/session answers it).');
        }
        if (resolution.user) ctx.user = resolution.user;
        if (resolution.caller.kind === 'session') ctx.sessionToken = token;
        return resolution.caller;
      }
    }
  };

  /** Session routes: a session is required; an API key is refused (403), as is no session (401). */
  const sessionOnly =
    (handler: Handler, needsUser: boolean): Handler =>
    async (request, ctx) => {
      const caller = await authenticate(request, ctx, false);
      if (caller instanceof Response) return caller;
      ctx.caller = caller;
      if (caller.kind !== 'session') return problem(ctx, 'forbidden', 'This is the dashboard’s API: it needs a signed-in session, not an API key.');
      if (needsUser && !ctx.user) return problem(ctx, 'forbidden', 'This session was made with the admin API and belongs to no dashboard user.');
      return handler(request, ctx);
    };

  return {
    caller: (handler) => async (request, ctx) => {
      const caller = await authenticate(request, ctx, access.anonymous);
      if (caller instanceof Response) return caller;
      ctx.caller = caller;
      const refused = await enforceRateLimit(rateLimits, access.limits, caller, ctx);
      return refused ?? handler(request, ctx);
    },

    user: (handler) => sessionOnly(handler, true),
    session: (handler) => sessionOnly(handler, false),

    admin: (handler) => async (request, ctx) => {
      const authorization = request.headers.get('authorization');
      const cookie = readCookie(request.headers.get('cookie'), SESSION_COOKIE);
      if (authorization === null && cookie === null) {
        return unauthorized(ctx, 'The admin API needs the admin token (Authorization: Bearer <SECSCAN_ADMIN_TOKEN>) or an admin’s session.', ADMIN_REALM, false);
      }
      if (authorization !== null) {
        const presented = parseAuthorization(authorization);
        if (presented.kind === 'unsupported_scheme')
          return unauthorized(ctx, 'Only Bearer credentials are accepted: Authorization: Bearer <SECSCAN_ADMIN_TOKEN>.', ADMIN_REALM, false);
        if (presented.kind !== 'bearer') return unauthorized(ctx, 'The Authorization header holds no usable bearer token.', ADMIN_REALM, true);
        if (await isAdminToken(presented.token)) return handler(request, ctx);
        if (tokenKind(presented.token) === null) {
          return access.adminTokenSha256 === null
            ? unauthorized(ctx, 'This server was started without SECSCAN_ADMIN_TOKEN: only the sessions of admin users reach the admin API.', ADMIN_REALM, true)
            : unauthorized(ctx, 'The token is not the admin token.', ADMIN_REALM, true);
        }
      }
      // A key or session: valid ones are 403 unless the session is an admin user's; wrong ones 401.
      const caller = await authenticate(request, ctx, false);
      if (caller instanceof Response) {
        return caller.status === 401 ? unauthorized(ctx, 'The token is neither the admin token nor a valid admin session.', ADMIN_REALM, true) : caller;
      }
      ctx.caller = caller;
      if (caller.kind === 'session' && ctx.user?.role === 'admin') return handler(request, ctx);
      return problem(ctx, 'forbidden', 'The admin API needs the admin token or the session of an admin user; API keys and other sessions cannot use it.');
    },
  };
}

/** The guard of an app without access control (`config.access` null): everyone is one unmetered anonymous caller, and nobody has a session. */
export const OPEN_ACCESS: AccessGuard = {
  caller: (handler) => (request, ctx) => {
    ctx.caller = { kind: 'anonymous', client: 'unknown' };
    return handler(request, ctx);
  },
  user: () => (_request, ctx) => problem(ctx, 'not_found', 'This server runs without accounts.'),
  session: () => (_request, ctx) => problem(ctx, 'not_found', 'This server runs without accounts.'),
  admin: (handler) => handler,
};
