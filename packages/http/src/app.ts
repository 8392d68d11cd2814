/**
 * `createApp(deps)`: the whole HTTP API as one fetch handler, the same on Node, Bun and Deno.
 * Routed by itty-router from one table of method, path and handler (router.ts); handlers return
 * their own Response. The app does no I/O of its own: scanner, stores, clock, ids, logger and the
 * docs bundle all come in through `deps`.
 *
 * Every request: X-Request-Id → credentials in the query string refused (400) → route → for the
 * scan route the access guard (caller, then rate limit), for the admin API the admin token → handler.
 */
import { callerLabel, uuidV7 } from '@secscan/core';
import { createAccessGuard, OPEN_ACCESS } from './auth/guard.ts';
import { hasCredentialsInQuery } from './auth/query-credentials.ts';
import { respond, type Handler, type RequestContext } from './context.ts';
import { createCors } from './cors.ts';
import type { AppDeps } from './deps.ts';
import { buildOpenApiDocument } from './openapi/document.ts';
import { problem, problemBody } from './problem.ts';
import { redactPath, looksLikeSecret } from './redact.ts';
import { acceptRequestId } from './request-id.ts';
import { createRouter } from './router.ts';
import { lingerOnBody } from './validate/read-body.ts';
import { requestTargetProblem, targetPath } from './validate/request-target.ts';
import { createAccountHandlers } from './routes/accounts.ts';
import { createAdminHandlers } from './routes/admin.ts';
import { createDashboardHandlers, DASHBOARD_ASSET_PATH, DASHBOARD_PAGES } from './routes/dashboard.ts';
import { createOidcHandlers } from './routes/oidc.ts';
import { createDocsHandlers, SCALAR_SCRIPT_PATH } from './routes/docs.ts';
import { createHealthHandler } from './routes/health.ts';
import { createScanHandler } from './routes/scan.ts';
import { createScanHistoryHandler } from './routes/scan-history.ts';

/** A route of the app, one entry per path and method (paths in OpenAPI form: `{id}`); the OpenAPI document lists those under /api. */
export interface RouteInfo {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
}

/** An answer written by a runtime adapter itself, for a request that never became a Request (Node's parser refused it). */
export interface RawProblem {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** Problems a runtime adapter answers for requests its parser refused before the app saw them. */
export type UnparsedProblemCode = 'bad_request' | 'request_timeout' | 'headers_too_large';

/** The app: call it (or its `fetch`) with a Request and the adapter's env; `routes` is its route table. */
export interface App {
  (request: Request, env?: unknown): Promise<Response>;
  fetch(request: Request, env?: unknown): Promise<Response>;
  readonly routes: readonly RouteInfo[];
  /**
   * The problem answer (with a new request id, logged like any request) for a request the runtime
   * refused before it became a Request: the adapter writes it, so these answers look like the app's.
   */
  unparsedProblem(code: UnparsedProblemCode, detail: string): RawProblem;
}

/** Whether a request came with a body that nothing has read (GET and HEAD carry none here). */
function hasUnreadBody(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || request.bodyUsed || !request.body || request.body.locked) return false;
  const length = request.headers.get('content-length');
  return (length !== null && length !== '0') || request.headers.has('transfer-encoding');
}

/** Longest path written to the log. */
const MAX_LOGGED_PATH = 512;
/** Longest method name echoed or logged (methods are tokens of any length, RFC 9110 §9.1). */
const MAX_METHOD_LENGTH = 24;

/** Builds the app. */
export function createApp(deps: AppDeps): App {
  const clock = deps.clock;
  const now = clock ? () => clock.now() : () => Date.now();
  const newId = deps.newId ?? (() => uuidV7(now()));
  const logger = deps.logger;
  const cors = createCors(deps.config.corsOrigins);
  const docs = createDocsHandlers(deps.docs);
  const access = deps.config.access;
  const guard = access ? createAccessGuard(deps, access, now) : OPEN_ACCESS;
  // The admin API exists whenever accounts do: admin users reach it with their session, the operator with SECSCAN_ADMIN_TOKEN.
  const adminEnabled = access !== null;

  let openapiJson: string | null = null;
  const openapi: Handler = (_request, ctx) => {
    openapiJson ??= JSON.stringify(
      buildOpenApiDocument({
        version: deps.config.version,
        maxCodeBytes: deps.config.maxCodeBytes,
        maxBodyBytes: deps.config.maxBodyBytes,
        access: access && {
          anonymous: access.anonymous,
          admin: adminEnabled,
          limits: access.limits,
          sessionTtlSeconds: access.sessionTtlSeconds,
          oidc: access.accounts.oidc !== null,
        },
      }),
    );
    return respond(ctx, 200, openapiJson, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
  };

  const table: (RouteInfo & { handler: Handler })[] = [
    { method: 'POST', path: '/api/scan', handler: guard.caller(createScanHandler(deps, now, newId)) },
    { method: 'GET', path: '/api/scans/{scanId}', handler: guard.caller(createScanHistoryHandler(deps)) },
    { method: 'GET', path: '/api/health', handler: createHealthHandler(deps, now) },
    { method: 'GET', path: '/api/openapi.json', handler: openapi },
    { method: 'GET', path: '/api/docs', handler: docs.page },
    { method: 'GET', path: SCALAR_SCRIPT_PATH, handler: docs.script },
  ];
  if (access) {
    const admin = createAdminHandlers(deps, access, now, newId);
    const accounts = createAccountHandlers(deps, access, now, newId);
    table.push(
      { method: 'POST', path: '/api/admin/keys', handler: guard.admin(admin.createKey) },
      { method: 'GET', path: '/api/admin/keys', handler: guard.admin(admin.listKeys) },
      { method: 'DELETE', path: '/api/admin/keys/{id}', handler: guard.admin(admin.revokeKey) },
      { method: 'PATCH', path: '/api/admin/keys/{id}', handler: guard.admin(admin.updateKey) },
      { method: 'POST', path: '/api/admin/sessions', handler: guard.admin(admin.createSession) },
      { method: 'DELETE', path: '/api/admin/sessions/{id}', handler: guard.admin(admin.revokeSession) },
      { method: 'GET', path: '/api/admin/users', handler: guard.admin(admin.listUsers) },
      { method: 'PATCH', path: '/api/admin/users/{id}', handler: guard.admin(admin.updateUser) },
      { method: 'POST', path: '/api/admin/invitations', handler: guard.admin(admin.createInvitation) },
      { method: 'GET', path: '/api/admin/invitations', handler: guard.admin(admin.listInvitations) },
      { method: 'DELETE', path: '/api/admin/invitations/{id}', handler: guard.admin(admin.revokeInvitation) },
      { method: 'GET', path: '/api/admin/settings', handler: guard.admin(admin.settings) },
      { method: 'PATCH', path: '/api/admin/settings', handler: guard.admin(admin.updateSettings) },
      { method: 'GET', path: '/api/auth/config', handler: accounts.config },
      { method: 'POST', path: '/api/auth/sign-up', handler: accounts.signUp },
      { method: 'POST', path: '/api/auth/sign-in', handler: accounts.signIn },
      { method: 'POST', path: '/api/auth/invitation', handler: accounts.invitation },
      { method: 'GET', path: '/api/auth/session', handler: guard.session(accounts.session) },
      { method: 'POST', path: '/api/auth/sign-out', handler: guard.session(accounts.signOut) },
      { method: 'POST', path: '/api/auth/sign-out-everywhere', handler: guard.user(accounts.signOutEverywhere) },
      { method: 'POST', path: '/api/me/password', handler: guard.user(accounts.changePassword) },
      { method: 'GET', path: '/api/me/keys', handler: guard.user(accounts.listKeys) },
      { method: 'POST', path: '/api/me/keys', handler: guard.user(accounts.createKey) },
      { method: 'DELETE', path: '/api/me/keys/{id}', handler: guard.user(accounts.revokeKey) },
      { method: 'GET', path: '/api/me/usage', handler: guard.user(accounts.usage) },
      { method: 'GET', path: '/api/me/scans', handler: guard.user(accounts.history) },
      { method: 'GET', path: '/api/me/scans/{scanId}', handler: guard.user(accounts.scan) },
    );
    const oidc = access.accounts.oidc;
    if (oidc) {
      const sso = createOidcHandlers(deps, access, oidc, now, newId);
      table.push({ method: 'GET', path: '/api/auth/oidc/start', handler: sso.start }, { method: 'GET', path: '/api/auth/oidc/callback', handler: sso.callback });
    }
  }
  // The dashboard: its pages, its built files, and `/` leading to it.
  const dashboard = createDashboardHandlers(deps.dashboard);
  table.push(
    ...DASHBOARD_PAGES.map((path) => ({ method: 'GET' as const, path, handler: dashboard.page })),
    { method: 'GET', path: DASHBOARD_ASSET_PATH, handler: dashboard.asset },
    { method: 'GET', path: '/', handler: dashboard.root },
  );

  const route = createRouter(table, cors);

  async function fetch(request: Request, env?: unknown): Promise<Response> {
    const started = performance.now();
    // A token sent as the request id would be echoed and logged: such an id is replaced (issue #12).
    const incomingId = acceptRequestId(request.headers.get('x-request-id'));
    const requestId = incomingId !== null && !looksLikeSecret(incomingId) ? incomingId : newId();
    const path = targetPath(request.url);
    const method = request.method.slice(0, MAX_METHOD_LENGTH);
    const ctx: RequestContext = {
      requestId,
      path,
      env,
      baseHeaders: cors.enabled
        ? { 'x-request-id': requestId, 'x-content-type-options': 'nosniff', ...cors.responseHeaders(request.headers.get('origin')) }
        : { 'x-request-id': requestId, 'x-content-type-options': 'nosniff' },
    };
    let response: Response;
    try {
      const malformed = requestTargetProblem(request, path, env);
      if (malformed !== null) {
        // Refused before routing, the same on every runtime: a dot segment must not reach another route.
        response = problem(ctx, 'bad_request', malformed);
      } else if (hasCredentialsInQuery(request.url)) {
        // Refused before routing, on every path: the URL is already in someone's logs (never in ours).
        response = problem(
          ctx,
          'credentials_in_query',
          'Credentials must not be sent in the URL: send them in the Authorization header. If this was a real key or token, revoke it.',
        );
      } else {
        response = (await route(request, ctx)) ?? problem(ctx, 'not_found', 'Nothing here. The API lives under /api; see /api/docs.');
      }
    } catch (error) {
      const e = error instanceof Error ? error : new Error('a non-Error value was thrown');
      // Only the frames of the stack: its first line repeats the message, which is already cut short.
      const frames = e.stack
        ?.split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .join('\n');
      logger?.error({
        requestId,
        method,
        path: redactPath(path.slice(0, MAX_LOGGED_PATH)),
        error: { name: e.name, message: e.message.slice(0, 500), ...(frames ? { stack: frames } : {}) },
      });
      // The client learns only that it failed and under which id; details stay in the log.
      response = problem(ctx, 'internal', 'An unexpected error occurred. Quote the requestId when reporting it.');
    }
    // RFC 9110 §9.3.2: an answer to HEAD has no content — problems (404, 405, 400) included.
    if (request.method === 'HEAD' && response.body !== null) response = new Response(null, { status: response.status, headers: response.headers });
    // A request answered without reading its body (refused before it: 401, 404, 415, 429, …) leaves
    // the body on the connection. Closing at once would make a client that is still sending see a
    // reset instead of the answer (RFC 9112 §9.6, issue #12): read and discard it for a bounded time
    // instead; a body that does not end within the bounds is cancelled, which closes the connection.
    else if (hasUnreadBody(request) && !response.headers.has('connection')) lingerOnBody((request.body as ReadableStream<Uint8Array>).getReader());
    logger?.request({
      requestId,
      method,
      // A token in the path (`/api/scans/sk_live_…`) is never written to the log (issue #12).
      path: redactPath(path.slice(0, MAX_LOGGED_PATH)),
      status: response.status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      ...(ctx.caller ? { caller: callerLabel(ctx.caller) } : {}),
    });
    return response;
  }

  const unparsedProblem = (code: UnparsedProblemCode, detail: string): RawProblem => {
    const requestId = newId();
    const body = problemBody(requestId, code, detail);
    logger?.request({ requestId, method: '-', path: '-', status: body.status, durationMs: 0 });
    return {
      status: body.status,
      headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store', 'x-request-id': requestId, 'x-content-type-options': 'nosniff', connection: 'close' },
      body: JSON.stringify(body),
    };
  };

  const routes: readonly RouteInfo[] = Object.freeze(table.map(({ method, path }) => Object.freeze({ method, path })));
  return Object.assign((request: Request, env?: unknown) => fetch(request, env), { fetch, routes, unparsedProblem });
}
