/**
 * The app's routing, on itty-router 5's leanest router (`IttyRouter`: no before/after stages, no
 * response formatting; handlers return their own Response). Answering a small JSON body, itty's
 * AutoRouter reached 68% (Bun) and 38% (Deno) of a bare server's requests per second, its lean
 * router 83% and 74%; docs/benchmarks.md#routing says what this router adds to ours.
 *
 * Two routers, so the common case pays for nothing it does not use:
 * - `routes` holds only the table's method routes (plus HEAD for each GET, which itty-router does
 *   not add by itself; RFC 9110 §9.3.2). A request tries only the routes of its own method, in
 *   table order, and itty stops at the first handler that answers.
 * - `methods` is consulted only when no route answered: one catch-all (`all`) per path, which
 *   answers a known path's other methods with 405 and `Allow` — or, with CORS on, a preflight with
 *   204. A path in neither is unknown: the dispatcher answers null and the app answers 404.
 *
 * itty-router matches the URL's pathname with one regular expression per route (linear patterns
 * built from our fixed paths: literal segments and `[^/]+?` parameters), ignores trailing slashes,
 * and leaves parameters on `request.params` undecoded, where handlers read them.
 */
import { IttyRouter, type IRequest } from 'itty-router';
import { respond, type Handler, type RequestContext } from './context.ts';
import { isPreflight, type Cors } from './cors.ts';
import { problem } from './problem.ts';

/** A route: method, OpenAPI-style path (`/keys/{id}`) and handler. */
export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  handler: Handler;
}

/** Finds and runs the route of a request; resolves null when no route has its path. */
export type Dispatch = (request: Request, ctx: RequestContext) => Promise<Response | null>;

/** Longest method name echoed (methods are tokens of any length, RFC 9110 §9.1). */
const MAX_METHOD_LENGTH = 24;

/** RFC 9110 §9.3.2: HEAD is GET without the content. */
function headOf(handler: Handler): Handler {
  return async (request, ctx) => {
    const response = await handler(request, ctx);
    return new Response(null, { status: response.status, headers: response.headers });
  };
}

/** An OpenAPI path template (`/keys/{id}`) as an itty-router route (`/keys/:id`). */
function ittyPath(path: string): string {
  return path.replaceAll('{', ':').replaceAll('}', '');
}

/** Builds the dispatcher of a route table. */
export function createRouter(table: readonly Route[], cors: Cors): Dispatch {
  const routes = IttyRouter<IRequest, [RequestContext], Response | undefined>();
  const methods = IttyRouter<IRequest, [RequestContext], Response | undefined>();
  const methodsByPath = new Map<string, string[]>();
  for (const route of table) {
    const path = ittyPath(route.path);
    const allowed = methodsByPath.get(path) ?? [];
    methodsByPath.set(path, allowed);
    // itty-router registers a route under whatever method name is called on it (routes.patch, …).
    routes[route.method.toLowerCase()]?.(path, route.handler);
    allowed.push(route.method);
    if (route.method === 'GET') {
      routes.head(path, headOf(route.handler));
      allowed.push('HEAD');
    }
  }
  for (const [path, allowed] of methodsByPath) {
    const allow = allowed.join(', ');
    methods.all(path, (request: Request, ctx: RequestContext) => {
      if (cors.enabled && isPreflight(request)) return respond(ctx, 204, null, cors.preflightHeaders(request.headers.get('origin'), allowed));
      return problem(ctx, 'method_not_allowed', `${request.method.slice(0, MAX_METHOD_LENGTH)} is not supported here; use ${allow}.`, { headers: { allow } });
    });
  }

  return async (request, ctx) => (await routes.fetch(request, ctx)) ?? (await methods.fetch(request, ctx)) ?? null;
}
