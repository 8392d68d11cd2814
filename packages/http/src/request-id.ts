/** Longest incoming `X-Request-Id` we echo. */
export const MAX_REQUEST_ID_LENGTH = 128;

function isSafeChar(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) || // 0-9
    (c >= 0x41 && c <= 0x5a) || // A-Z
    (c >= 0x61 && c <= 0x7a) || // a-z
    c === 0x2d || // -
    c === 0x2e || // .
    c === 0x5f || // _
    c === 0x3a || // :
    c === 0x2f || // /
    c === 0x2b || // +
    c === 0x3d || // =
    c === 0x40 // @
  );
}

/**
 * The incoming request id when it is sane — 1 to 128 characters of letters, digits and `-._:/+=@`
 * (covers UUIDs, W3C trace ids, AWS and Heroku ids) — else null, so that no client can inject
 * line breaks, markup or megabytes into our logs and responses.
 */
export function acceptRequestId(header: string | null): string | null {
  if (header === null || header.length === 0 || header.length > MAX_REQUEST_ID_LENGTH) return null;
  for (let i = 0; i < header.length; i++) if (!isSafeChar(header.charCodeAt(i))) return null;
  return header;
}
