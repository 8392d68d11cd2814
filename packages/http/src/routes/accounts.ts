/**
 * The dashboard's own API (issue #11): the sign-in page's configuration, sign-up, sign-in, the
 * session (and its CSRF token), signing out; and for a signed-in user their keys, usage, scan
 * history and password. Every answer is JSON or a problem; a secret is in exactly one answer — the
 * one that creates it — and a session token only ever in the HttpOnly cookie.
 */
import {
  changePassword,
  clientGroup,
  currentSignUpPolicy,
  describeInvitation,
  issueApiKey,
  rateLimitHeaders,
  rateLimitSubject,
  retryAfterSeconds,
  sha256Hex,
  signInWithPassword,
  startUserSession,
  signUp,
  userScanOwners,
  userSubject,
  windowsFor,
  type AccountDeps,
  type AccountSettings,
  type ApiKeyCaller,
  type IssuedSession,
  type RateLimitOutcome,
  type SessionCaller,
  type SeverityName,
  type UserRecord,
} from '@secscan/core';
import * as v from 'valibot';
import { clientAddress } from '../auth/client-address.ts';
import { readCookie, SESSION_COOKIE } from '../auth/credentials.ts';
import { isCrossSiteRequest } from '../auth/cross-site.ts';
import { trustedOrigins, unauthorized } from '../auth/guard.ts';
import { createKdfGate } from '../auth/kdf-gate.ts';
import { clearedSessionCookie, csrfTokenFor, isSecureRequest, sessionCookie } from '../auth/session-cookie.ts';
import { respond, respondJson, type RequestContext } from '../context.ts';
import {
  changePasswordRequestSchema,
  createMyKeyRequestSchema,
  invitationLookupRequestSchema,
  scanHistoryQuerySchema,
  signInRequestSchema,
  signUpRequestSchema,
} from '../dashboard-schemas.ts';
import type { AccessConfig, AppDeps } from '../deps.ts';
import { problem } from '../problem.ts';
import { scanIdParameterSchema } from '../schemas.ts';
import { issuesToErrors, readJsonBody } from '../validate/json-body.ts';
import { idParameter, storeDown } from './params.ts';
import { resultOf } from './scan-history.ts';
import { scanAnswer } from './scan.ts';
import { keyView, userView } from './views.ts';

/** Largest body of the account routes: a few short fields. */
const ACCOUNT_MAX_BODY_BYTES = 16 * 1024;
/** Days of usage shown. */
const USAGE_DAYS = 30;
/** Scans per history page unless asked. */
const DEFAULT_PAGE = 25;

/** The account rules of an app, as the core's account functions take them. */
export function accountSettings(access: AccessConfig): AccountSettings {
  const { accounts } = access;
  return {
    passwordMinLength: accounts.passwordMinLength,
    sessionTtlSeconds: access.sessionTtlSeconds,
    invitationTtlSeconds: accounts.invitationTtlSeconds,
    configuredSignUpPolicy: accounts.signUpPolicy,
    ...(accounts.kdf ? { kdf: accounts.kdf } : {}),
  };
}

/** The answers of routes that start a session: the session cookie, and the session as JSON. */
type SessionResponder = (request: Request, ctx: RequestContext, status: number, user: UserRecord, issued: IssuedSession) => Promise<Response>;

/** Builds the dashboard's account and "me" handlers. */
export function createAccountHandlers(deps: AppDeps, access: AccessConfig, now: () => number, newId: () => string) {
  const { stores } = deps;
  const accountDeps: AccountDeps = { stores, clock: { now }, newId };
  const settings = accountSettings(access);
  const origins = trustedOrigins(deps, access);
  const gate = createKdfGate();
  const secure = (request: Request): boolean => isSecureRequest(request, access.accounts.publicUrl, access.trustProxyHops);

  const sessionBody = async (user: UserRecord | null, session: { id: string; expiresAt: string }, token: string) => ({
    user: user && userView(user, access.limits),
    session: { id: session.id, expiresAt: session.expiresAt },
    csrfToken: await csrfTokenFor(token),
  });

  /** Answers a new session: a fresh cookie (rotated: the session the browser had is revoked) and the session. */
  const startSession: SessionResponder = async (request, ctx, status, user, issued) => {
    const previous = readCookie(request.headers.get('cookie'), SESSION_COOKIE);
    if (previous !== null) {
      const old = await stores.sessions.findByHash(await sha256Hex(previous)).catch(() => null);
      if (old && old.id !== issued.record.id) await stores.sessions.revoke(old.id, new Date(now()).toISOString()).catch(() => false);
    }
    return respondJson(ctx, status, await sessionBody(user, issued.record, issued.token), {
      'set-cookie': sessionCookie(issued.token, access.sessionTtlSeconds, secure(request)),
    });
  };

  /** Sign-up and sign-in are refused from other sites (login CSRF). */
  const crossSite = (request: Request, ctx: RequestContext): Response | null =>
    isCrossSiteRequest(request, origins) ? problem(ctx, 'forbidden', 'Signing in or up is only accepted from this server’s own pages.') : null;

  const busy = (ctx: RequestContext): Response => problem(ctx, 'unavailable', 'Too many sign-ins are being processed; try again in a moment.', { headers: { 'retry-after': '2' } });

  /** The session caller of a user route (the guard has checked it is one). */
  const sessionOf = (ctx: RequestContext): SessionCaller => ctx.caller as SessionCaller;

  /** A sign-out: revokes what `revoke` says, and clears the cookie. */
  const signOutOf =
    (revoke: (caller: SessionCaller, at: string) => Promise<unknown>) =>
    async (request: Request, ctx: RequestContext): Promise<Response> => {
      try {
        await revoke(sessionOf(ctx), new Date(now()).toISOString());
      } catch {
        return storeDown(ctx, 'credential');
      }
      return respond(ctx, 204, null, { 'set-cookie': clearedSessionCookie(secure(request)), 'cache-control': 'no-store' });
    };

  const handlers = {
    /** GET /api/auth/config */
    async config(_request: Request, ctx: RequestContext): Promise<Response> {
      try {
        const [policy, users] = await Promise.all([currentSignUpPolicy(stores, settings), stores.users.count()]);
        return respondJson(ctx, 200, {
          signUp: policy,
          firstUser: users === 0,
          passwordMinLength: settings.passwordMinLength,
          singleSignOn: access.accounts.oidc ? { name: access.accounts.oidc.name } : null,
        });
      } catch {
        return storeDown(ctx, 'account');
      }
    },

    /** POST /api/auth/sign-up */
    async signUp(request: Request, ctx: RequestContext): Promise<Response> {
      const refused = crossSite(request, ctx);
      if (refused) return refused;
      const body = await readJsonBody(request, ctx, ACCOUNT_MAX_BODY_BYTES, signUpRequestSchema, 'SignUpRequest');
      if (!body.ok) return body.response;
      let result;
      try {
        const { email, displayName, password, invitation } = body.value;
        result = await gate.run(() => signUp(accountDeps, settings, { email, displayName, password, ...(invitation !== undefined ? { invitation } : {}) }));
      } catch {
        return storeDown(ctx, 'account');
      }
      if (result === null) return busy(ctx);
      if (result.ok) return startSession(request, ctx, 201, result.user, result.session);
      switch (result.reason) {
        case 'invalid_email':
          return problem(ctx, 'validation_failed', 'The request body does not match the SignUpRequest schema.', {
            errors: [{ pointer: '#/email', detail: 'not an e-mail address' }],
          });
        case 'weak_password':
          return problem(ctx, 'validation_failed', 'The password is not accepted.', { errors: [{ pointer: '#/password', detail: result.detail }] });
        case 'closed':
          return problem(
            ctx,
            'forbidden',
            result.policy === 'invite' ? 'Sign-up is by invitation: ask an admin for an invitation link.' : 'Sign-up is closed on this server: ask an admin.',
          );
        case 'invitation_invalid':
          return problem(ctx, 'forbidden', 'This invitation link is invalid, expired, revoked or already used: ask an admin for a new one.');
        case 'invitation_email_mismatch':
          return problem(ctx, 'forbidden', 'This invitation is for another e-mail address.', {
            errors: [{ pointer: '#/email', detail: 'must be the address the invitation is for' }],
          });
        case 'email_taken':
          return problem(ctx, 'conflict', 'An account with this e-mail exists: sign in instead.', { errors: [{ pointer: '#/email', detail: 'already registered' }] });
      }
    },

    /** POST /api/auth/sign-in */
    async signIn(request: Request, ctx: RequestContext): Promise<Response> {
      const refused = crossSite(request, ctx);
      if (refused) return refused;
      const body = await readJsonBody(request, ctx, ACCOUNT_MAX_BODY_BYTES, signInRequestSchema, 'SignInRequest');
      if (!body.ok) return body.response;
      const address = clientAddress(request, ctx.env, { hops: access.trustProxyHops, proxies: access.trustedProxies });
      // As in the guard: a connection whose address the runtime could not tell must not share one throttle bucket.
      if (address === null) return problem(ctx, 'bad_request', 'The client address of this connection is unknown; the request is not served.');
      const client = clientGroup(address);
      let result;
      try {
        result = await gate.run(() => signInWithPassword(accountDeps, settings, { email: body.value.email, password: body.value.password, client }));
      } catch {
        return storeDown(ctx, 'account');
      }
      if (result === null) return busy(ctx);
      if (result.ok) return startSession(request, ctx, 200, result.user, result.session);
      if (result.reason === 'throttled') return throttled(ctx, result.outcome);
      if (result.reason === 'disabled') return problem(ctx, 'forbidden', 'This account is disabled: ask an admin.');
      return unauthorized(ctx, 'The e-mail or the password is not right.', 'secscan', false);
    },

    /** POST /api/auth/invitation */
    async invitation(request: Request, ctx: RequestContext): Promise<Response> {
      const body = await readJsonBody(request, ctx, ACCOUNT_MAX_BODY_BYTES, invitationLookupRequestSchema, 'InvitationLookupRequest');
      if (!body.ok) return body.response;
      let info;
      try {
        info = await describeInvitation(accountDeps, body.value.token);
      } catch {
        return storeDown(ctx, 'account');
      }
      return info ? respondJson(ctx, 200, info) : problem(ctx, 'not_found', 'This invitation link is invalid, expired, revoked or already used.');
    },

    /** GET /api/auth/session */
    async session(_request: Request, ctx: RequestContext): Promise<Response> {
      const caller = sessionOf(ctx);
      const record = await stores.sessions.findByHash(await sha256Hex(ctx.sessionToken ?? ''));
      if (!record) return unauthorized(ctx, 'The session has ended.', 'secscan', true);
      return respondJson(ctx, 200, await sessionBody(ctx.user ?? null, { id: caller.sessionId, expiresAt: record.expiresAt }, ctx.sessionToken ?? ''));
    },

    /** POST /api/auth/sign-out: this session. */
    signOut: signOutOf((caller, at) => stores.sessions.revoke(caller.sessionId, at)),

    /** POST /api/auth/sign-out-everywhere: every session of the user. */
    signOutEverywhere: signOutOf((caller, at) => stores.sessions.revokeSubject(caller.subject, at)),

    /** POST /api/me/password */
    async changePassword(request: Request, ctx: RequestContext): Promise<Response> {
      const body = await readJsonBody(request, ctx, ACCOUNT_MAX_BODY_BYTES, changePasswordRequestSchema, 'ChangePasswordRequest');
      if (!body.ok) return body.response;
      const user = ctx.user as UserRecord;
      let result;
      let issued: IssuedSession | null = null;
      try {
        result = await gate.run(() => changePassword(accountDeps, settings, user, body.value));
        if (result?.ok) {
          // Every session of the user ends — whoever knew the old password is signed out — and this
          // browser goes on with a fresh one.
          await stores.sessions.revokeSubject(userSubject(user.id), new Date(now()).toISOString());
          issued = await startUserSession(accountDeps, settings, user);
        }
      } catch {
        return storeDown(ctx, 'account');
      }
      if (result === null) return busy(ctx);
      if (result.ok && issued) return startSession(request, ctx, 200, user, issued);
      if (result.ok) return storeDown(ctx, 'account');
      if (result.reason === 'wrong_password')
        return problem(ctx, 'forbidden', 'The current password is not right.', { errors: [{ pointer: '#/currentPassword', detail: 'not the current password' }] });
      return problem(ctx, 'validation_failed', 'The new password is not accepted.', { errors: [{ pointer: '#/newPassword', detail: result.detail }] });
    },

    /** GET /api/me/keys */
    async listKeys(_request: Request, ctx: RequestContext): Promise<Response> {
      try {
        const keys = await stores.keys.listByUser((ctx.user as UserRecord).id);
        return respondJson(ctx, 200, { keys: keys.map((key) => keyView(key, access.limits)) });
      } catch {
        return storeDown(ctx, 'credential');
      }
    },

    /** POST /api/me/keys: a key on the user's plan, shown once. */
    async createKey(request: Request, ctx: RequestContext): Promise<Response> {
      const body = await readJsonBody(request, ctx, ACCOUNT_MAX_BODY_BYTES, createMyKeyRequestSchema, 'CreateMyKeyRequest');
      if (!body.ok) return body.response;
      const user = ctx.user as UserRecord;
      try {
        const issued = await issueApiKey(
          stores.keys,
          {
            name: body.value.name,
            plan: user.plan,
            userId: user.id,
            ...(user.plan === 'enterprise' ? { requestsPerMinute: user.requestsPerMinute ?? access.limits.proPerMinute } : {}),
          },
          { clock: { now }, newId },
        );
        return respondJson(ctx, 201, { ...keyView(issued.record, access.limits), key: issued.key });
      } catch {
        return storeDown(ctx, 'credential');
      }
    },

    /** DELETE /api/me/keys/{id}: 404 for another user's key, exactly as for a missing one. */
    async revokeKey(request: Request, ctx: RequestContext): Promise<Response> {
      const param = idParameter(request, ctx, 'id');
      if (!param.ok) return param.response;
      try {
        const mine = (await stores.keys.listByUser((ctx.user as UserRecord).id)).some((key) => key.id === param.id);
        if (!mine || !(await stores.keys.revoke(param.id, new Date(now()).toISOString()))) return problem(ctx, 'not_found', 'You have no key with this id.');
      } catch {
        return storeDown(ctx, 'credential');
      }
      return respond(ctx, 204, null, { 'cache-control': 'no-store' });
    },

    /** GET /api/me/usage */
    async usage(_request: Request, ctx: RequestContext): Promise<Response> {
      const user = ctx.user as UserRecord;
      const day = 86_400_000;
      const today = Math.floor(now() / day) * day;
      const since = today - (USAGE_DAYS - 1) * day;
      try {
        const keys = (await stores.keys.listByUser(user.id)).filter((key) => key.revokedAt === null);
        const sessionCaller = sessionOf(ctx);
        const peek = async (caller: SessionCaller | ApiKeyCaller) => windowView(await stores.rateLimits.peek(rateLimitSubject(caller), windowsFor(caller, access.limits)));
        const owners = await userScanOwners(stores, user.id);
        const [session, keyWindows, daily] = await Promise.all([
          peek(sessionCaller),
          Promise.all(
            keys.map(async (key) => ({
              id: key.id,
              name: key.name,
              plan: key.plan,
              window: await peek({ kind: 'apiKey', keyId: key.id, plan: key.plan, ...(key.requestsPerMinute !== undefined ? { requestsPerMinute: key.requestsPerMinute } : {}) }),
            })),
          ),
          stores.scans.dailyUsage(owners, new Date(since).toISOString()),
        ]);
        const byDay = new Map(daily.map((d) => [d.day, d]));
        const zero = (): Record<SeverityName, number> => ({ critical: 0, high: 0, medium: 0, low: 0, info: 0 });
        const days = Array.from({ length: USAGE_DAYS }, (_, i) => {
          const date = new Date(since + i * day).toISOString().slice(0, 10);
          const found = byDay.get(date);
          return { day: date, scans: found?.scans ?? 0, findings: found ? { ...found.findings } : zero() };
        });
        const totals = { scans: 0, findings: zero() };
        for (const d of days) {
          totals.scans += d.scans;
          for (const severity of Object.keys(d.findings) as SeverityName[]) totals.findings[severity] += d.findings[severity];
        }
        return respondJson(ctx, 200, { session, keys: keyWindows, days, totals });
      } catch {
        return storeDown(ctx, 'usage');
      }
    },

    /** GET /api/me/scans */
    async history(request: Request, ctx: RequestContext): Promise<Response> {
      const url = new URL(request.url);
      const parsed = v.safeParse(scanHistoryQuerySchema, Object.fromEntries(url.searchParams));
      if (!parsed.success) return problem(ctx, 'validation_failed', 'The query is not valid.', { errors: issuesToErrors(parsed.issues, ['query']) });
      const query = parsed.output;
      const limit = query.limit === undefined ? DEFAULT_PAGE : Number(query.limit);
      if (limit < 1 || limit > 100)
        return problem(ctx, 'validation_failed', 'The query is not valid.', { errors: [{ pointer: '#/query/limit', detail: 'limit must be 1 to 100' }] });
      const before = query.before === undefined ? undefined : parseCursor(query.before);
      if (before === null) return problem(ctx, 'validation_failed', 'The query is not valid.', { errors: [{ pointer: '#/query/before', detail: 'not a cursor of this listing' }] });
      const user = ctx.user as UserRecord;
      try {
        const keys = await stores.keys.listByUser(user.id);
        const names = new Map(keys.map((key) => [`key:${key.id}`, key]));
        const owners = [`session:${userSubject(user.id)}`, ...names.keys()];
        const page = await stores.scans.list({
          owners,
          limit,
          ...(query.language !== undefined ? { language: query.language } : {}),
          ...(query.severity !== undefined ? { severity: query.severity } : {}),
          ...(before !== undefined ? { before } : {}),
        });
        return respondJson(ctx, 200, {
          scans: page.scans.map((scan) => {
            const key = scan.owner === null ? undefined : names.get(scan.owner);
            return {
              scanId: scan.id,
              createdAt: scan.createdAt,
              language: scan.language,
              ...(scan.filename !== undefined ? { filename: scan.filename } : {}),
              codeBytes: scan.codeBytes,
              summary: scan.summary,
              truncated: scan.truncated,
              source: key ? { kind: 'key', keyId: key.id, keyName: key.name } : { kind: 'session' },
            };
          }),
          next: page.next && `${Date.parse(page.next.createdAt)}.${page.next.id}`,
        });
      } catch {
        return storeDown(ctx, 'scan');
      }
    },

    /** GET /api/me/scans/{scanId}: one of the user's scans (by any of their keys or sessions), with its code when kept. */
    async scan(request: Request, ctx: RequestContext): Promise<Response> {
      const param = idParameter(request, ctx, 'scanId', scanIdParameterSchema);
      if (!param.ok) return param.response;
      const user = ctx.user as UserRecord;
      let scan;
      try {
        scan = await stores.scans.getForOwners(param.id.toLowerCase(), await userScanOwners(stores, user.id));
      } catch {
        return storeDown(ctx, 'scan');
      }
      if (!scan) return problem(ctx, 'not_found', 'You have no scan with this id (scans are kept for a limited time).');
      return scanAnswer(request, ctx, scan.id, resultOf(scan), deps.scanner.rules, { createdAt: scan.createdAt }, { code: scan.code ?? null });
    },
  };
  return handlers;
}

/** The state of a caller's (first) window as the usage page shows it. */
function windowView(outcome: RateLimitOutcome) {
  const window = outcome.windows[0];
  if (!window) return { policy: '', limit: 0, used: 0, remaining: 0, resetSeconds: 0 };
  return { policy: window.name, limit: window.limit, used: window.limit - window.remaining, remaining: window.remaining, resetSeconds: window.resetSeconds };
}

/** A history cursor `<ms>.<uuid>`, or null when it is not one. */
function parseCursor(cursor: string): { createdAt: string; id: string } | null {
  const dot = cursor.indexOf('.');
  const ms = Number(cursor.slice(0, dot));
  const id = cursor.slice(dot + 1);
  if (dot < 1 || !Number.isSafeInteger(ms) || !v.safeParse(scanIdParameterSchema, id).success) return null;
  return { createdAt: new Date(ms).toISOString(), id };
}

/** A 429 for a throttled sign-in, with Retry-After and the throttle's RateLimit fields. */
function throttled(ctx: RequestContext, outcome: RateLimitOutcome): Response {
  const retry = retryAfterSeconds(outcome);
  return problem(ctx, 'rate_limited', `Too many sign-in attempts from here; try again in ${Math.ceil(retry / 60)} minute(s). Other devices and networks are not affected.`, {
    headers: rateLimitHeaders(outcome),
    members: { 'violated-policies': outcome.windows.filter((w) => w.remaining === 0).map((w) => w.name) },
  });
}
