/**
 * A session cookie rides along on requests that other sites make a browser send (cross-site
 * request forgery). A request authenticated by the cookie is therefore accepted only from our own
 * origin or the configured ones: refused when the browser says it is cross-site
 * (`Sec-Fetch-Site: cross-site`, Fetch Metadata, W3C) or when its `Origin` (RFC 6454 §7; sent on
 * every cross-origin and every POST request) is neither the server's own origin nor listed in
 * SECSCAN_CORS_ORIGINS. `*` lists no origin here: it opens reading, never cookies.
 */

/** Whether a cookie-authenticated request comes from a site we do not trust. */
export function isCrossSiteRequest(request: Request, allowedOrigins: readonly string[]): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site.trim().toLowerCase() === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false; // not a browser's cross-origin request (curl, a server, a same-origin GET)
  if (origin !== '*' && allowedOrigins.includes(origin)) return false;
  try {
    return origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}
