/**
 * Keeping credentials out of logs and echoes (issue #12): a client may put a key in the path
 * (`/api/scans/sk_live_…`) or in `X-Request-Id`, and both used to be logged in full. Whatever looks
 * like a token is refused (a request id) or replaced by `[redacted]` (a path segment) before it is
 * logged or echoed. By hand, in linear time, without regular expressions.
 */

/** Prefixes of secscan's own tokens (API keys, sessions) and of widespread provider tokens. */
const TOKEN_PREFIXES = ['sk_', 'ss_', 'si_', 'sk-', 'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_', 'glpat-', 'xoxb-', 'xoxp-', 'xoxa-', 'xoxr-', 'AKIA', 'ASIA', 'eyJ'];

/** A run of this many letters and digits that mixes upper case, lower case and digits reads as a random token. */
const MIN_RANDOM_RUN = 20;

function classOf(c: number): 0 | 1 | 2 | 3 {
  if (c >= 0x30 && c <= 0x39) return 1; // digit
  if (c >= 0x41 && c <= 0x5a) return 2; // upper
  if (c >= 0x61 && c <= 0x7a) return 3; // lower
  return 0;
}

/**
 * Whether a value looks like a credential: it starts with a known token prefix, or holds a run of at
 * least 20 letters and digits mixing upper case, lower case and digits (base62/base64 randomness).
 * UUIDs, lower-case hex trace ids and timestamps do not.
 */
export function looksLikeSecret(value: string): boolean {
  for (const prefix of TOKEN_PREFIXES) if (value.startsWith(prefix) && value.length >= prefix.length + 8) return true;
  let run = 0;
  let seen = 0;
  for (let i = 0; i <= value.length; i++) {
    const kind = i < value.length ? classOf(value.charCodeAt(i)) : 0;
    if (kind === 0) {
      if (run >= MIN_RANDOM_RUN && seen === 0b1110) return true;
      run = 0;
      seen = 0;
    } else {
      run++;
      seen |= 1 << kind;
    }
  }
  return false;
}

/** The marker that replaces a redacted value. */
export const REDACTED = '[redacted]';

/** Whether one path segment (raw, and percent-decoded when it has escapes) looks like a credential. */
function secretSegment(segment: string): boolean {
  if (segment.length < 8) return false;
  if (looksLikeSecret(segment)) return true;
  if (!segment.includes('%')) return false;
  try {
    return looksLikeSecret(decodeURIComponent(segment));
  } catch {
    return false;
  }
}

/**
 * A URL path with every segment that looks like a credential replaced by `[redacted]`. It walks the
 * segments in place and allocates only when something is redacted: it runs on every request.
 */
export function redactPath(path: string): string {
  let out: string[] | null = null;
  let start = 0;
  for (;;) {
    const slash = path.indexOf('/', start);
    const end = slash < 0 ? path.length : slash;
    if (end - start >= 8 && secretSegment(path.slice(start, end))) {
      out ??= [];
      out.push(path.slice(out.length === 0 ? 0 : start, start), REDACTED);
    } else if (out) out.push(path.slice(start, end));
    if (slash < 0) break;
    if (out) out.push('/');
    start = slash + 1;
  }
  return out ? out.join('') : path;
}
