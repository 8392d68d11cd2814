/**
 * The app's routing: a handful of fixed paths and a few with one parameter, so a Map lookup by path
 * (and a segment comparison for the parameter routes) finds the route. itty-router's Router parsed
 * the URL again, tried a regular expression per route and wrote three properties onto every request
 * object — about a tenth of a health request's cost on Node and Deno (issue #6). Same behaviour:
 * trailing slashes are ignored, GET routes answer HEAD, a known path with another method is a 405
 * with Allow (or a CORS preflight's 204), an unknown path is null (the app answers 404), and a
 * parameter route's values are on `request.params`, as handlers read them.
 */
import { respond, type Handler, type RequestContext } from './context.ts';
import { isPreflight, type Cors } from './cors.ts';
import { problem } from './problem.ts';

/** A route: method, OpenAPI-style path (`/keys/{id}`) and handler. */
export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  handler: Handler;
}

/** Finds and runs the route of a request; null when no route has its path. */
export type Dispatch = (request: Request, path: string, ctx: RequestContext) => Response | Promise<Response> | null;

/** Everything routed to one path. */
interface PathRoutes {
  handlers: Map<string, Handler>;
  /** Methods in table order, for Allow and preflights. */
  methods: string[];
  allow: string;
}

/** A path with parameters, split into its segments; `{name}` segments are parameters. */
interface Template {
  segments: readonly ({ literal: string } | { param: string })[];
  routes: PathRoutes;
}

/** Longest method name echoed (methods are tokens of any length, RFC 9110 §9.1). */
const MAX_METHOD_LENGTH = 24;

/** RFC 9110 §9.3.2: HEAD is GET without the content. */
function headOf(handler: Handler): Handler {
  return async (request, ctx) => {
    const response = await handler(request, ctx);
    return new Response(null, { status: response.status, headers: response.headers });
  };
}

/** The path without trailing slashes (`/api/health/` is `/api/health`). */
function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 0x2f) end--;
  return end === path.length ? path : path.slice(0, end);
}

/** Builds the dispatcher of a route table. */
export function createRouter(table: readonly Route[], cors: Cors): Dispatch {
  const byPath = new Map<string, PathRoutes>();
  for (const route of table) {
    let routes = byPath.get(route.path);
    if (!routes) {
      routes = { handlers: new Map(), methods: [], allow: '' };
      byPath.set(route.path, routes);
    }
    routes.handlers.set(route.method, route.handler);
    routes.methods.push(route.method);
    if (route.method === 'GET') {
      routes.handlers.set('HEAD', headOf(route.handler));
      routes.methods.push('HEAD');
    }
  }
  const exact = new Map<string, PathRoutes>();
  const templates: Template[] = [];
  for (const [path, routes] of byPath) {
    routes.allow = routes.methods.join(', ');
    if (!path.includes('{')) {
      exact.set(path, routes);
      continue;
    }
    const segments = path.split('/').map((segment) => (segment.startsWith('{') && segment.endsWith('}') ? { param: segment.slice(1, -1) } : { literal: segment }));
    templates.push({ segments, routes });
  }

  /** The routes of a path and its parameters, or null. */
  const match = (rawPath: string): { routes: PathRoutes; params: Record<string, string> | null } | null => {
    const path = trimTrailingSlashes(rawPath);
    const routes = exact.get(path);
    if (routes) return { routes, params: null };
    if (templates.length === 0) return null;
    const parts = path.split('/');
    for (const template of templates) {
      if (template.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let matched = true;
      for (let i = 0; i < parts.length && matched; i++) {
        const segment = template.segments[i] as { literal: string } | { param: string };
        const part = parts[i] as string;
        if ('param' in segment) {
          if (part.length === 0) matched = false;
          else params[segment.param] = part;
        } else if (segment.literal !== part) matched = false;
      }
      if (matched) return { routes: template.routes, params };
    }
    return null;
  };

  return (request, path, ctx) => {
    const found = match(path);
    if (!found) return null;
    const { routes, params } = found;
    if (params) (request as Request & { params?: Record<string, string> }).params = params;
    const handler = routes.handlers.get(request.method);
    if (handler) return handler(request, ctx);
    if (cors.enabled && isPreflight(request)) return respond(ctx, 204, null, cors.preflightHeaders(request.headers.get('origin'), routes.methods));
    return problem(ctx, 'method_not_allowed', `${request.method.slice(0, MAX_METHOD_LENGTH)} is not supported here; use ${routes.allow}.`, {
      headers: { allow: routes.allow },
    });
  };
}
