/**
 * Rate limiting a caller (DESIGN §4): its windows are checked and counted in one atomic store hit;
 * every answer to a counted request carries RateLimit-Policy and RateLimit
 * (draft-ietf-httpapi-ratelimit-headers-11), and a refusal is a 429 `rate_limited` problem with
 * Retry-After and the draft's `violated-policies` member ("Problem Types" section). If the store
 * cannot count, the request is refused with 503 (fail closed: we answer nothing we cannot meter).
 */
import { rateLimitHeaders, rateLimitSubject, retryAfterSeconds, violatedWindows, windowsFor, type Caller, type RateLimitSettings, type RateLimitStore } from '@secscan/core';
import type { RequestContext } from '../context.ts';
import { problem } from '../problem.ts';

/** How long a client is asked to wait when the rate-limit store is down. */
const STORE_DOWN_RETRY_SECONDS = 5;

/**
 * Counts the request against the caller's windows. Resolves null when admitted — the context's
 * base headers then carry the RateLimit fields, so every answer to it does — or the refusal.
 */
export async function enforceRateLimit(store: RateLimitStore, settings: RateLimitSettings, caller: Caller, ctx: RequestContext): Promise<Response | null> {
  const windows = windowsFor(caller, settings);
  let outcome;
  try {
    outcome = await store.hit(rateLimitSubject(caller), windows);
  } catch {
    return problem(ctx, 'unavailable', 'The rate-limit store is unavailable; try again shortly.', { headers: { 'retry-after': String(STORE_DOWN_RETRY_SECONDS) } });
  }
  const headers = rateLimitHeaders(outcome);
  if (outcome.allowed) {
    ctx.baseHeaders = { ...ctx.baseHeaders, ...headers };
    const { countedAt } = outcome;
    if (countedAt !== undefined) {
      const subject = rateLimitSubject(caller);
      ctx.refundRateLimit = () => store.refund(subject, windows, countedAt).catch(() => {});
    }
    return null;
  }
  const violated = violatedWindows(outcome);
  const described = outcome.windows
    .filter((w) => violated.includes(w.name))
    .map((w) => `${w.name}: ${w.limit} requests per ${w.windowSeconds} s`)
    .join('; ');
  return problem(ctx, 'rate_limited', `Rate limit exceeded (${described}). Retry after ${retryAfterSeconds(outcome)} s.`, {
    headers,
    members: { 'violated-policies': violated },
  });
}
