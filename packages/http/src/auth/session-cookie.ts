/**
 * The dashboard's session cookie and its CSRF defence (issue #11). Signing in sets
 * `secscan_session=<ss_ token>; Path=/api; HttpOnly; SameSite=Lax` (and `Secure` when the server is
 * reached over HTTPS): scripts cannot read it, other sites' requests carry it only on top-level GET
 * navigations. A state-changing request authenticated by the cookie must also be same-origin
 * (cross-site.ts) and carry `X-CSRF-Token`: a value derived from the session token (SHA-256 with a
 * purpose prefix) that the dashboard reads from GET /api/auth/session — a synchronizer token without
 * server state (OWASP CSRF Prevention Cheat Sheet), rotating with every session, and not derivable
 * from the SHA-256 the store keeps.
 */
import { sha256Hex, timingSafeEqual } from '@secscan/core';
import { SESSION_COOKIE } from './credentials.ts';

/** The header a cookie-authenticated state-changing request carries its CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

/** The CSRF token of a session token. */
export async function csrfTokenFor(sessionToken: string): Promise<string> {
  return sha256Hex(`secscan-csrf:${sessionToken}`);
}

/** Whether a request carries the CSRF token of its session, compared in constant time. */
export async function hasValidCsrfToken(request: Request, sessionToken: string): Promise<boolean> {
  const presented = request.headers.get(CSRF_HEADER);
  return presented !== null && timingSafeEqual(presented, await csrfTokenFor(sessionToken));
}

/** Methods that change state (RFC 9110 §9.2.1: not safe). */
export function isUnsafeMethod(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/**
 * Whether the browser reached us over HTTPS: the request's own scheme, the configured public URL's,
 * or — behind trusted proxies only — X-Forwarded-Proto.
 */
export function isSecureRequest(request: Request, publicUrl: string | null, trustProxyHops: number): boolean {
  if (request.url.startsWith('https:')) return true;
  if (publicUrl?.startsWith('https:')) return true;
  return trustProxyHops > 0 && (request.headers.get('x-forwarded-proto') ?? '').trim().toLowerCase() === 'https';
}

/** The Set-Cookie value that hands the browser a session. */
export function sessionCookie(token: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/api; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/api; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
