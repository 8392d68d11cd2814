/**
 * Reading the credentials a request presents (DESIGN §3): `Authorization: Bearer <token>`
 * (RFC 6750 §2.1), or the `secscan_session` cookie a browser sends (RFC 6265 §5.4). When both are
 * present the header wins. Parsing is by hand, in linear time, with no regular expressions.
 */

/** Name of the cookie that carries a session token. */
export const SESSION_COOKIE = 'secscan_session';

/** Longest bearer token considered (ours are ~60 characters; the admin token at most 512). */
const MAX_TOKEN_LENGTH = 1024;

/** What a request presents. */
export type PresentedCredentials =
  /** Nothing: an anonymous request. */
  | { kind: 'none' }
  /** A bearer token, from the Authorization header or the session cookie. */
  | { kind: 'bearer'; token: string; via: 'header' | 'cookie' }
  /** An Authorization header with another scheme (Basic, Digest, …). */
  | { kind: 'unsupported_scheme' }
  /** `Bearer` without a usable token (empty, spaces inside, too long, or a bare header). */
  | { kind: 'malformed' };

/** Whether a character may appear in an RFC 6750 §2.1 b64token: ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" (and trailing "="). */
function isB64TokenChar(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    c === 0x2d ||
    c === 0x2e ||
    c === 0x5f ||
    c === 0x7e ||
    c === 0x2b ||
    c === 0x2f ||
    c === 0x3d
  );
}

/** Parses an Authorization header value (RFC 9110 §11.6.2); the scheme is case-insensitive (RFC 9110 §11.1). */
export function parseAuthorization(value: string): PresentedCredentials {
  const header = value.trim();
  const space = header.indexOf(' ');
  const scheme = space < 0 ? header : header.slice(0, space);
  if (scheme.toLowerCase() !== 'bearer') return scheme.length === 0 ? { kind: 'malformed' } : { kind: 'unsupported_scheme' };
  const token = space < 0 ? '' : header.slice(space + 1).trim();
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return { kind: 'malformed' };
  for (let i = 0; i < token.length; i++) if (!isB64TokenChar(token.charCodeAt(i))) return { kind: 'malformed' };
  return { kind: 'bearer', token, via: 'header' };
}

/** The value of the first cookie named `name` in a Cookie header (RFC 6265 §5.4), without surrounding quotes; null if absent or empty. */
export function readCookie(header: string | null, name: string): string | null {
  if (header === null) return null;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end < 0) end = header.length;
    const pair = header.slice(start, end);
    const eq = pair.indexOf('=');
    if (eq >= 0 && pair.slice(0, eq).trim() === name) {
      let cookieValue = pair.slice(eq + 1).trim();
      if (cookieValue.length >= 2 && cookieValue.startsWith('"') && cookieValue.endsWith('"')) cookieValue = cookieValue.slice(1, -1);
      return cookieValue.length > 0 ? cookieValue : null;
    }
    start = end + 1;
  }
  return null;
}

/** The credentials of a request: the Authorization header if there is one, else the session cookie, else none. */
export function readCredentials(headers: Headers): PresentedCredentials {
  const authorization = headers.get('authorization');
  if (authorization !== null) return parseAuthorization(authorization);
  const cookie = readCookie(headers.get('cookie'), SESSION_COOKIE);
  if (cookie === null) return { kind: 'none' };
  if (cookie.length > MAX_TOKEN_LENGTH) return { kind: 'malformed' };
  return { kind: 'bearer', token: cookie, via: 'cookie' };
}
