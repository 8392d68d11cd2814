import type { Caller, UserRecord } from '@secscan/core';

/** What every handler knows about the request it serves, besides the Request itself. */
export interface RequestContext {
  /** The request id echoed in `X-Request-Id` and in every log line and problem body. */
  requestId: string;
  /** URL path without the query string (which is never logged or echoed). */
  path: string;
  /** Headers every response to this request carries (request id, nosniff, CORS; RateLimit once counted). */
  baseHeaders: Readonly<Record<string, string>>;
  /** Who is calling, set by the access guard before a caller route's handler runs. */
  caller?: Caller;
  /**
   * Gives the request's rate-limit hit back, set when the request was counted: for an answer that
   * is the server's fault, not the caller's (503 at capacity, a scan timeout; issue #12). Best effort.
   */
  refundRateLimit?: () => Promise<void>;
  /** The dashboard user the credential belongs to, once the guard has resolved one. */
  user?: UserRecord;
  /** The session token the request presented, for routes that act on their own session (sign out, CSRF token). */
  sessionToken?: string;
  /** Whatever the runtime adapter passed as the fetch handler's second argument (raw request, server, socket info). */
  env: unknown;
}

/** A request handler of the app. */
export type Handler = (request: Request, ctx: RequestContext) => Promise<Response> | Response;

/** Builds a Response with the context's base headers plus `headers` (plain objects keep Node's fast path). */
export function respond(ctx: RequestContext, status: number, body: string | Uint8Array | null, headers: Readonly<Record<string, string>> = {}): Response {
  // Copied key by key: on Node 20 an object spread of two such small objects measured ~13 times the
  // cost of this loop (a microbenchmark on the machine the issue #12 profiles came from), and every
  // answer goes through here.
  const merged: Record<string, string> = {};
  for (const name in ctx.baseHeaders) merged[name] = ctx.baseHeaders[name] as string;
  for (const name in headers) merged[name] = headers[name] as string;
  // Vary lists every request header the response depends on: keep both the base (Origin) and the handler's (Accept).
  const baseVary = ctx.baseHeaders['vary'];
  const vary = headers['vary'];
  if (baseVary !== undefined && vary !== undefined) merged['vary'] = [...new Set(`${baseVary},${vary}`.split(',').map((h) => h.trim()))].join(', ');
  return new Response(body as BodyInit | null, { status, headers: merged });
}

/** A JSON response; API answers are never cached (they carry findings and code snippets). */
export function respondJson(ctx: RequestContext, status: number, value: unknown, headers: Readonly<Record<string, string>> = {}, contentType = 'application/json'): Response {
  return respond(ctx, status, JSON.stringify(value), { 'content-type': contentType, 'cache-control': 'no-store', ...headers });
}
