/**
 * `createApp(deps)`: the whole HTTP API as one fetch handler, the same on Node, Bun and Deno.
 * Built on itty-router 5's lean `Router` (handlers return their own Response; AutoRouter's
 * formatting costs too much, see STACK.md). The app does no I/O of its own: scanner, stores,
 * clock, ids, logger and the docs bundle all come in through `deps`.
 *
 * Every request: X-Request-Id → credentials in the query string refused (400) → route → for the
 * scan route the access guard (caller, then rate limit), for the admin API the admin token → handler.
 */
import { callerLabel, uuidV7 } from '@secscan/core';
import { Router, type IRequest } from 'itty-router';
import { createAccessGuard, OPEN_ACCESS } from './auth/guard.ts';
import { hasCredentialsInQuery } from './auth/query-credentials.ts';
import { respond, type Handler, type RequestContext } from './context.ts';
import { createCors, isPreflight } from './cors.ts';
import type { AppDeps } from './deps.ts';
import { buildOpenApiDocument } from './openapi/document.ts';
import { problem } from './problem.ts';
import { acceptRequestId } from './request-id.ts';
import { createAdminHandlers } from './routes/admin.ts';
import { createDocsHandlers, SCALAR_SCRIPT_PATH } from './routes/docs.ts';
import { createHealthHandler } from './routes/health.ts';
import { createScanHandler } from './routes/scan.ts';

/** A route of the app: what the OpenAPI document must list, one entry per path and method (paths in OpenAPI form: `{id}`). */
export interface RouteInfo {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
}

/** An OpenAPI path template (`/keys/{id}`) as an itty-router route (`/keys/:id`). */
function routerPath(path: string): string {
  return path.replaceAll('{', ':').replaceAll('}', '');
}

/** The app: call it (or its `fetch`) with a Request and the adapter's env; `routes` is its route table. */
export interface App {
  (request: Request, env?: unknown): Promise<Response>;
  fetch(request: Request, env?: unknown): Promise<Response>;
  readonly routes: readonly RouteInfo[];
}

/** The path of an absolute URL without query or fragment, by plain string search. */
function pathOf(url: string): string {
  const scheme = url.indexOf('://');
  const start = url.indexOf('/', scheme < 0 ? 0 : scheme + 3);
  if (start < 0) return '/';
  let end = url.length;
  const query = url.indexOf('?', start);
  if (query >= 0) end = query;
  const fragment = url.indexOf('#', start);
  if (fragment >= 0 && fragment < end) end = fragment;
  return url.slice(start, end);
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
  const adminEnabled = access !== null && access.adminTokenSha256 !== null;

  let openapiJson: string | null = null;
  const openapi: Handler = (_request, ctx) => {
    openapiJson ??= JSON.stringify(
      buildOpenApiDocument({
        version: deps.config.version,
        maxCodeBytes: deps.config.maxCodeBytes,
        maxBodyBytes: deps.config.maxBodyBytes,
        access: access && { anonymous: access.anonymous, admin: adminEnabled, limits: access.limits, sessionTtlSeconds: access.sessionTtlSeconds },
      }),
    );
    return respond(ctx, 200, openapiJson, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
  };

  const table: (RouteInfo & { handler: Handler })[] = [
    { method: 'POST', path: '/api/scan', handler: guard.caller(createScanHandler(deps, now, newId)) },
    { method: 'GET', path: '/api/health', handler: createHealthHandler(deps, now) },
    { method: 'GET', path: '/api/openapi.json', handler: openapi },
    { method: 'GET', path: '/api/docs', handler: docs.page },
    { method: 'GET', path: SCALAR_SCRIPT_PATH, handler: docs.script },
  ];
  if (access && adminEnabled) {
    // Without an admin token the admin routes do not exist (404), rather than answer 401 forever.
    const admin = createAdminHandlers(deps, access, now, newId);
    table.push(
      { method: 'POST', path: '/api/admin/keys', handler: guard.admin(admin.createKey) },
      { method: 'GET', path: '/api/admin/keys', handler: guard.admin(admin.listKeys) },
      { method: 'DELETE', path: '/api/admin/keys/{id}', handler: guard.admin(admin.revokeKey) },
      { method: 'POST', path: '/api/admin/sessions', handler: guard.admin(admin.createSession) },
      { method: 'DELETE', path: '/api/admin/sessions/{id}', handler: guard.admin(admin.revokeSession) },
    );
  }

  const router = Router<IRequest, [RequestContext]>();
  const methodsByPath = new Map<string, string[]>();
  for (const route of table) {
    const path = routerPath(route.path);
    const methods = methodsByPath.get(path) ?? [];
    methodsByPath.set(path, methods);
    if (route.method === 'GET') {
      router.get(path, route.handler);
      // RFC 9110 §9.3.2: HEAD is GET without the content; itty-router has no automatic HEAD.
      router.head(path, async (request: Request, ctx: RequestContext) => {
        const response = await route.handler(request, ctx);
        return new Response(null, { status: response.status, headers: response.headers });
      });
      methods.push('GET', 'HEAD');
    } else {
      if (route.method === 'POST') router.post(path, route.handler);
      else router.delete(path, route.handler);
      methods.push(route.method);
    }
  }
  for (const [path, methods] of methodsByPath) {
    const allow = methods.join(', ');
    if (cors.enabled) {
      // A handler that returns undefined lets itty try the next route: a plain OPTIONS falls through to 405.
      router.options(path, (request: Request, ctx: RequestContext) =>
        isPreflight(request) ? respond(ctx, 204, null, cors.preflightHeaders(request.headers.get('origin'), methods)) : undefined,
      );
    }
    router.all(path, (request: Request, ctx: RequestContext) =>
      problem(ctx, 'method_not_allowed', `${request.method.slice(0, MAX_METHOD_LENGTH)} is not supported here; use ${allow}.`, { headers: { allow } }),
    );
  }

  async function fetch(request: Request, env?: unknown): Promise<Response> {
    const started = performance.now();
    const requestId = acceptRequestId(request.headers.get('x-request-id')) ?? newId();
    const path = pathOf(request.url);
    const method = request.method.slice(0, MAX_METHOD_LENGTH);
    const ctx: RequestContext = {
      requestId,
      path,
      env,
      baseHeaders: { 'x-request-id': requestId, 'x-content-type-options': 'nosniff', ...cors.responseHeaders(request.headers.get('origin')) },
    };
    let response: Response;
    try {
      if (hasCredentialsInQuery(request.url)) {
        // Refused before routing, on every path: the URL is already in someone's logs (never in ours).
        response = problem(ctx, 'credentials_in_query', 'Credentials must not be sent in the URL: send them in the Authorization header. If this was a real key or token, revoke it.');
      } else {
        response = ((await router.fetch(request, ctx)) as Response | undefined) ?? problem(ctx, 'not_found', 'Nothing here. The API lives under /api; see /api/docs.');
      }
    } catch (error) {
      const e = error instanceof Error ? error : new Error('a non-Error value was thrown');
      // Only the frames of the stack: its first line repeats the message, which is already cut short.
      const frames = e.stack?.split('\n').filter((line) => line.trimStart().startsWith('at ')).join('\n');
      logger?.error({
        requestId,
        method,
        path: path.slice(0, MAX_LOGGED_PATH),
        error: { name: e.name, message: e.message.slice(0, 500), ...(frames ? { stack: frames } : {}) },
      });
      // The client learns only that it failed and under which id; details stay in the log.
      response = problem(ctx, 'internal', 'An unexpected error occurred. Quote the requestId when reporting it.');
    }
    logger?.request({
      requestId,
      method,
      path: path.slice(0, MAX_LOGGED_PATH),
      status: response.status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      ...(ctx.caller ? { caller: callerLabel(ctx.caller) } : {}),
    });
    return response;
  }

  const routes: readonly RouteInfo[] = Object.freeze(table.map(({ method, path }) => Object.freeze({ method, path })));
  return Object.assign((request: Request, env?: unknown) => fetch(request, env), { fetch, routes });
}
