/**
 * Credentials never travel in the URL: URLs end up in access logs, proxy logs, browser history
 * and Referer headers. RFC 6750 §2.3 allows `?access_token=` but advises against it (§5.3); we
 * refuse it outright, and refuse any query parameter named like a credential or holding something
 * that looks like one of our tokens, so a leaked key is noticed at once rather than logged.
 */
import { API_KEY_PREFIX, base62Digit, SESSION_TOKEN_PREFIX, TOKEN_MIN_BODY_LENGTH } from '@secscan/core';

/** Query parameter names that carry credentials in other APIs (compared case-insensitively). */
const CREDENTIAL_NAMES = new Set([
  'access_token',
  'admin_token',
  'api_key',
  'api-key',
  'apikey',
  'auth',
  'authorization',
  'bearer',
  'key',
  'secscan_session',
  'session',
  'session_token',
  'token',
]);

/** Whether a text contains one of our token prefixes followed by a token body (linear: each run is read once). */
export function containsTokenLike(text: string): boolean {
  if (text.includes(API_KEY_PREFIX)) return true;
  let at = text.indexOf(SESSION_TOKEN_PREFIX);
  while (at >= 0) {
    let end = at + SESSION_TOKEN_PREFIX.length;
    while (end < text.length && base62Digit(text.charCodeAt(end)) >= 0) end++;
    if (end - at - SESSION_TOKEN_PREFIX.length >= TOKEN_MIN_BODY_LENGTH) return true;
    at = text.indexOf(SESSION_TOKEN_PREFIX, Math.max(end, at + 1));
  }
  return false;
}

/** Whether a request URL's query string carries credentials (by parameter name, or by a value or name shaped like our tokens). */
export function hasCredentialsInQuery(url: string): boolean {
  const question = url.indexOf('?');
  if (question < 0) return false;
  const hash = url.indexOf('#', question);
  const query = url.slice(question + 1, hash < 0 ? undefined : hash);
  if (query.length === 0) return false;
  for (const [name, value] of new URLSearchParams(query)) {
    if (CREDENTIAL_NAMES.has(name.toLowerCase()) || containsTokenLike(name) || containsTokenLike(value)) return true;
  }
  return false;
}
