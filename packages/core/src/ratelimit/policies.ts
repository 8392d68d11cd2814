/**
 * The rate-limit policies of DESIGN §4: which windows apply to a caller, and the subject they are
 * counted under. API keys by plan (free 100/min, pro 1000/min, enterprise per key), sessions per
 * subject (100/min), anonymous callers per client address group (10/min and 100/hour).
 */
import type { Caller } from '../auth/caller.ts';
import type { Plan, RateLimitWindow } from '../store/types.ts';

/** The configurable limits (SECSCAN_ANON_RPM, SECSCAN_ANON_RPH, SECSCAN_SESSION_RPM, SECSCAN_FREE_RPM, SECSCAN_PRO_RPM). */
export interface RateLimitSettings {
  anonymousPerMinute: number;
  anonymousPerHour: number;
  sessionPerMinute: number;
  freePerMinute: number;
  proPerMinute: number;
}

/** The defaults of DESIGN §4. */
export const DEFAULT_RATE_LIMITS: Readonly<RateLimitSettings> = Object.freeze({
  anonymousPerMinute: 10,
  anonymousPerHour: 100,
  sessionPerMinute: 100,
  freePerMinute: 100,
  proPerMinute: 1000,
});

/** Every plan, in order of size. */
export const PLANS: readonly Plan[] = ['free', 'pro', 'enterprise'];

const MINUTE = 60;
const HOUR = 3600;

/** The per-minute limit of a key: its plan's, or an enterprise key's own. */
export function keyRequestsPerMinute(plan: Plan, requestsPerMinute: number | undefined, settings: RateLimitSettings): number {
  if (plan === 'free') return settings.freePerMinute;
  if (plan === 'pro') return settings.proPerMinute;
  // An enterprise key is created with its own limit; the fallback only guards a malformed record.
  return requestsPerMinute ?? settings.proPerMinute;
}

/** The windows that apply to a caller, named as the RateLimit headers show them. */
export function windowsFor(caller: Caller, settings: RateLimitSettings): RateLimitWindow[] {
  switch (caller.kind) {
    case 'apiKey':
      return [{ name: `${caller.plan}-minute`, limit: keyRequestsPerMinute(caller.plan, caller.requestsPerMinute, settings), windowSeconds: MINUTE }];
    case 'session':
      return [{ name: 'session-minute', limit: settings.sessionPerMinute, windowSeconds: MINUTE }];
    case 'anonymous':
      return [
        { name: 'anon-minute', limit: settings.anonymousPerMinute, windowSeconds: MINUTE },
        { name: 'anon-hour', limit: settings.anonymousPerHour, windowSeconds: HOUR },
      ];
  }
}

/**
 * The subject a caller's requests are counted under: per key, per session subject (all sessions
 * of one subject share its budget), per client address group.
 */
export function rateLimitSubject(caller: Caller): string {
  if (caller.kind === 'apiKey') return `key:${caller.keyId}`;
  if (caller.kind === 'session') return `session:${caller.subject}`;
  return `anon:${caller.client}`;
}
