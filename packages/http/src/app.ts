/**
 * `createApp(deps)`: the whole HTTP API as one fetch handler, the same on Node, Bun and Deno.
 * Built on itty-router 5's lean `Router` (handlers return their own Response; AutoRouter's
 * formatting costs too much, see STACK.md). The app does no I/O of its own: scanner, stores,
 * clock, ids, logger and the docs bundle all come in through `deps`.
 */
import { uuidV7 } from '@secscan/core';
import { Router, type IRequest } from 'itty-router';
import { respond, type RequestContext } from './context.ts';
import { createCors, isPreflight } from './cors.ts';
import type { AppDeps } from './deps.ts';
import { buildOpenApiDocument } from './openapi/document.ts';
import { problem } from './problem.ts';
import { acceptRequestId } from './request-id.ts';
import { createDocsHandlers, SCALAR_SCRIPT_PATH } from './routes/docs.ts';
import { createHealthHandler } from './routes/health.ts';
import { createScanHandler } from './routes/scan.ts';

/** A route of the app: what the OpenAPI document must list, one entry per path and method. */
export interface RouteInfo {
  method: 'GET' | 'POST';
  path: string;
}

/** A request handler of the app. */
type Handler = (request: Request, ctx: RequestContext) => Promise<Response> | Response;

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

  let openapiJson: string | null = null;
  const openapi: Handler = (_request, ctx) => {
    openapiJson ??= JSON.stringify(
      buildOpenApiDocument({ version: deps.config.version, maxCodeBytes: deps.config.maxCodeBytes, maxBodyBytes: deps.config.maxBodyBytes }),
    );
    return respond(ctx, 200, openapiJson, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
  };

  const table: (RouteInfo & { handler: Handler })[] = [
    { method: 'POST', path: '/api/scan', handler: createScanHandler(deps, now, newId) },
    { method: 'GET', path: '/api/health', handler: createHealthHandler(deps, now) },
    { method: 'GET', path: '/api/openapi.json', handler: openapi },
    { method: 'GET', path: '/api/docs', handler: docs.page },
    { method: 'GET', path: SCALAR_SCRIPT_PATH, handler: docs.script },
  ];

  const router = Router<IRequest, [RequestContext]>();
  const methodsByPath = new Map<string, string[]>();
  for (const route of table) {
    const methods = methodsByPath.get(route.path) ?? [];
    methodsByPath.set(route.path, methods);
    if (route.method === 'GET') {
      router.get(route.path, route.handler);
      // RFC 9110 §9.3.2: HEAD is GET without the content; itty-router has no automatic HEAD.
      router.head(route.path, async (request: Request, ctx: RequestContext) => {
        const response = await route.handler(request, ctx);
        return new Response(null, { status: response.status, headers: response.headers });
      });
      methods.push('GET', 'HEAD');
    } else {
      router.post(route.path, route.handler);
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
      response = ((await router.fetch(request, ctx)) as Response | undefined) ?? problem(ctx, 'not_found', 'Nothing here. The API lives under /api; see /api/docs.');
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
    });
    return response;
  }

  const routes: readonly RouteInfo[] = Object.freeze(table.map(({ method, path }) => Object.freeze({ method, path })));
  return Object.assign((request: Request, env?: unknown) => fetch(request, env), { fetch, routes });
}
