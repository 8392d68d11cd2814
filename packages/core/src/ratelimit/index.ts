/** Rate limits (DESIGN §4): policies per caller, clock-aligned fixed windows, client address groups, RateLimit headers. */
export { canonicalIpAddress, clientGroup, parseIpAddress, type IpAddress } from './client.ts';
export { assertWindows, countHit, peekWindows, retryAfterSeconds, secondsUntilReset, violatedWindows, windowStart, type HitResult, type WindowCounter } from './fixed-window.ts';
export { formatRateLimit, formatRateLimitPolicy, rateLimitHeaders } from './headers.ts';
export { DEFAULT_RATE_LIMITS, keyRequestsPerMinute, PLANS, rateLimitSubject, windowsFor, type RateLimitSettings } from './policies.ts';
