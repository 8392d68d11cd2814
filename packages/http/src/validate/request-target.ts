/**
 * Checks of the request line and Host before any routing (issue #12), so that every runtime answers
 * the same malformed requests the same way — a 400 problem with a request id — instead of resolving
 * some of them into another route:
 *
 * - **Dot segments** (`.`, `..`, also percent-encoded as `%2e`): Node's and Bun's URL parsing
 *   resolved `/public/%2E%2E/api/admin/keys` to `/api/admin/keys`, so a proxy that only lets
 *   `/public/…` through would reach the admin API; Deno routed it as written (404). We refuse them
 *   with 400 when the runtime lets us see the path as sent (Node: `incoming.url`; Deno:
 *   `request.url` as sent). Bun resolves dot segments before the app sees the request and keeps no
 *   raw target: there the resolved path is routed (README, "Decisions").
 * - **Asterisk-form** (`OPTIONS *`, RFC 9112 §3.2.4): we answer no server-wide OPTIONS; a path with
 *   `*` is refused rather than answered 404 on one runtime and a bare 400 on another.
 * - **Backslashes**, which URL parsers turn into `/`.
 * - **Host** (RFC 9112 §3.2): missing or not a valid authority → 400.
 */

/** The request-target as the client sent it, when the runtime adapter keeps it (Node: `env.incoming.url`). */
function rawTargetOf(env: unknown): string | null {
  if (typeof env !== 'object' || env === null) return null;
  const incoming = (env as { incoming?: unknown }).incoming;
  if (typeof incoming !== 'object' || incoming === null) return null;
  const url = (incoming as { url?: unknown }).url;
  return typeof url === 'string' ? url : null;
}

/** The path of a request-target or URL (origin-form or absolute-form), without query or fragment, by plain string search. */
export function targetPath(target: string): string {
  let start = 0;
  const scheme = target.indexOf('://');
  if (scheme >= 0 && scheme < target.indexOf('/')) {
    start = target.indexOf('/', scheme + 3);
    if (start < 0) return '/';
  }
  let end = target.length;
  const query = target.indexOf('?', start);
  if (query >= 0) end = query;
  const fragment = target.indexOf('#', start);
  if (fragment >= 0 && fragment < end) end = fragment;
  return target.slice(start, end);
}

/** Whether a path has a character any refused form needs: `.`, `%`, `*` or `\`. */
function needsCheck(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === 0x2e || c === 0x25 || c === 0x2a || c === 0x5c) return true;
  }
  return false;
}

/** Whether a path segment is `.` or `..`, written plainly or with `%2e`/`%2E`. */
function isDotSegment(segment: string): boolean {
  if (segment.length === 0 || segment.length > 6) return false;
  const plain = segment.replaceAll('%2e', '.').replaceAll('%2E', '.');
  return plain === '.' || plain === '..';
}

/** Characters of a Host value: reg-name, IPv4, bracketed IPv6 and a port (RFC 3986 §3.2.2). */
function isHostChar(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    c === 0x2d || // -
    c === 0x2e || // .
    c === 0x5f || // _
    c === 0x7e || // ~
    c === 0x3a || // :
    c === 0x5b || // [
    c === 0x5d || // ]
    c === 0x25 // % (pct-encoded reg-name)
  );
}

/** Whether a Host header value is a valid authority without userinfo: host, optional `:port`. */
export function isValidHost(host: string): boolean {
  if (host.length === 0 || host.length > 255) return false;
  for (let i = 0; i < host.length; i++) if (!isHostChar(host.charCodeAt(i))) return false;
  let rest = host;
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    if (close < 0) return false;
    rest = host.slice(close + 1);
    if (rest !== '' && !rest.startsWith(':')) return false;
  } else if (host.includes('[') || host.includes(']')) return false;
  const colon = host.startsWith('[') ? (rest === '' ? -1 : 0) : rest.indexOf(':');
  if (colon < 0) return true;
  const port = rest.slice(colon + 1);
  if (port.length > 5) return false;
  for (let i = 0; i < port.length; i++) {
    const c = port.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return port === '' || Number(port) <= 65535;
}

/**
 * Why a request must be refused before routing (the detail of a 400), or null when it may be
 * routed. `path` is the app's view of the path; `env` the adapter's (for the raw target on Node;
 * without one — createApp embedded — the Host header is not required).
 */
export function requestTargetProblem(request: Request, path: string, env: unknown): string | null {
  // Without an adapter (createApp embedded, unit tests) a Request made in code has no Host header.
  if (env !== undefined) {
    const host = request.headers.get('host');
    if (host === null) return 'The request has no Host header (RFC 9112 §3.2).';
    if (!isValidHost(host)) return 'The Host header is not a valid host and port.';
  }
  const rawTarget = rawTargetOf(env);
  const raw = rawTarget === null ? path : targetPath(rawTarget);
  // Every request passes here: a path without `.`, `%`, `*` or `\` (almost all) has none of the forms refused below.
  if (!needsCheck(raw)) return null;
  if (raw.includes('*')) return 'The request target has a `*`: this server answers no server-wide request (OPTIONS *) and has no such path.';
  if (raw.includes('\\')) return 'The request path has a backslash: send `/` between segments.';
  let start = 0;
  for (;;) {
    const slash = raw.indexOf('/', start);
    const end = slash < 0 ? raw.length : slash;
    if (isDotSegment(raw.slice(start, end))) return 'The request path has a `.` or `..` segment (also percent-encoded): send the path resolved.';
    if (slash < 0) return null;
    start = slash + 1;
  }
}
