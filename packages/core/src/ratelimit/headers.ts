/**
 * The RateLimit-Policy and RateLimit response fields of draft-ietf-httpapi-ratelimit-headers-11:
 * both are Structured Field Lists (RFC 9651 §3.1) of Items whose value is the policy name as an
 * sf-string. A policy item carries `q` (quota) and `w` (window, seconds) — the draft's
 * "RateLimit-Policy Field" section — and a service-limit item `r` (remaining) and `t` (seconds
 * until reset) — its "RateLimit Field" section:
 *
 *   RateLimit-Policy: "anon-minute";q=10;w=60, "anon-hour";q=100;w=3600
 *   RateLimit: "anon-minute";r=3;t=42, "anon-hour";r=57;t=1800
 */
import type { RateLimitOutcome, RateLimitWindow } from '../store/types.ts';
import { retryAfterSeconds } from './fixed-window.ts';

/** An RFC 9651 §3.3.3 sf-string: printable ASCII in quotes, with `"` and `\` escaped. */
function sfString(value: string): string {
  let out = '"';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    // Policy names are ours and plain ASCII; anything else would make the field invalid, so drop it.
    if (c < 0x20 || c > 0x7e) continue;
    out += c === 0x22 || c === 0x5c ? `\\${value[i]}` : value[i];
  }
  return `${out}"`;
}

/** An RFC 9651 §3.3.1 sf-integer (non-negative here). */
function sfInteger(value: number): string {
  return String(Math.max(0, Math.trunc(value)));
}

/** The RateLimit-Policy field value for these windows. */
export function formatRateLimitPolicy(windows: readonly RateLimitWindow[]): string {
  return windows.map((w) => `${sfString(w.name)};q=${sfInteger(w.limit)};w=${sfInteger(w.windowSeconds)}`).join(', ');
}

/** The RateLimit field value after a hit: every window's remaining quota and seconds to its reset. */
export function formatRateLimit(outcome: RateLimitOutcome): string {
  return outcome.windows.map((w) => `${sfString(w.name)};r=${sfInteger(w.remaining)};t=${sfInteger(w.resetSeconds)}`).join(', ');
}

/**
 * The rate-limit response headers of a hit (lower-case names): RateLimit-Policy and RateLimit
 * always, Retry-After as well when it was refused. The draft asks that `t` of the violated policy
 * and Retry-After name the same moment; both come from the same window state here.
 */
export function rateLimitHeaders(outcome: RateLimitOutcome): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-policy': formatRateLimitPolicy(outcome.windows),
    ratelimit: formatRateLimit(outcome),
  };
  if (!outcome.allowed) headers['retry-after'] = String(retryAfterSeconds(outcome));
  return headers;
}
