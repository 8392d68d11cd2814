/**
 * CORS (Fetch standard §3.2) for the origins in SECSCAN_CORS_ORIGINS; off when the list is empty.
 * When on, every response says `Vary: Origin` because its headers depend on the Origin, so a shared
 * cache never serves one origin's answer to another. Listed origins may send credentials (the
 * session cookie: `Access-Control-Allow-Credentials`); `*` never may (the Fetch standard forbids it).
 */

/** Request headers a browser may send cross-origin. */
const ALLOWED_REQUEST_HEADERS = 'Authorization, Content-Type, X-Request-Id, X-CSRF-Token';
/** Response headers a cross-origin script may read: the request id, the rate-limit state, and the 401 challenge. */
const EXPOSED_HEADERS = 'X-Request-Id, Retry-After, RateLimit, RateLimit-Policy, WWW-Authenticate';
/** How long a browser may cache a preflight answer (seconds). */
const PREFLIGHT_MAX_AGE = '600';

/** The CORS behaviour of an app. */
export interface Cors {
  enabled: boolean;
  /** Headers for an actual (non-preflight) response. */
  responseHeaders(origin: string | null): Record<string, string>;
  /** Headers for a preflight answer, given the methods the path allows. */
  preflightHeaders(origin: string | null, allowMethods: readonly string[]): Record<string, string>;
}

/** Whether a request is a CORS preflight (an OPTIONS with Origin and Access-Control-Request-Method). */
export function isPreflight(request: Request): boolean {
  return request.method === 'OPTIONS' && request.headers.has('origin') && request.headers.has('access-control-request-method');
}

/** Builds the CORS behaviour for a list of exact origins (`https://app.example.com`) or `*`. */
export function createCors(origins: readonly string[]): Cors {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  const enabled = origins.length > 0;
  const allowOrigin = (origin: string | null): string | null => {
    if (!enabled || origin === null) return null;
    if (any) return '*';
    return allowed.has(origin) ? origin : null;
  };
  // With `*` the answer does not depend on the Origin, so it does not vary by it.
  const vary: Record<string, string> = enabled && !any ? { vary: 'Origin' } : {};
  const credentials: Record<string, string> = any ? {} : { 'access-control-allow-credentials': 'true' };

  return {
    enabled,
    responseHeaders(origin) {
      const value = allowOrigin(origin);
      if (value === null) return { ...vary };
      return { ...vary, 'access-control-allow-origin': value, ...credentials, 'access-control-expose-headers': EXPOSED_HEADERS };
    },
    preflightHeaders(origin, allowMethods) {
      const value = allowOrigin(origin);
      if (value === null) return { ...vary };
      return {
        ...vary,
        'access-control-allow-origin': value,
        ...credentials,
        'access-control-allow-methods': allowMethods.join(', '),
        'access-control-allow-headers': ALLOWED_REQUEST_HEADERS,
        'access-control-max-age': PREFLIGHT_MAX_AGE,
      };
    },
  };
}
