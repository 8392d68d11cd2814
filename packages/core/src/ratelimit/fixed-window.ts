/**
 * Fixed windows aligned to the clock (DESIGN §4): a window of `w` seconds starts at every multiple
 * of `w` seconds since the Unix epoch, so minute windows start at :00 and hour windows on the hour,
 * the same for every process that reads the same clock. This file is the algorithm every
 * RateLimitStore keeps: the memory store runs it as is, a SQL store writes it as one statement.
 */
import type { RateLimitOutcome, RateLimitWindow, RateLimitWindowState } from '../store/types.ts';

/** The count of one window of a subject, as a store keeps it. */
export interface WindowCounter {
  name: string;
  windowSeconds: number;
  /** Unix ms at which the counted window started. */
  start: number;
  /** Requests admitted in that window. */
  count: number;
}

/** What one hit did: the outcome, the counters to keep, and when they may be forgotten. */
export interface HitResult {
  outcome: RateLimitOutcome;
  counters: WindowCounter[];
  /** Unix ms at which every counted window has ended: the counters mean nothing after it. */
  expiresAt: number;
}

/** Unix ms at which the window of `windowSeconds` containing `nowMs` started. */
export function windowStart(nowMs: number, windowSeconds: number): number {
  const length = windowSeconds * 1000;
  return Math.floor(nowMs / length) * length;
}

/** Whole seconds from `nowMs` until the window containing it ends: 1 to `windowSeconds`, never 0. */
export function secondsUntilReset(nowMs: number, windowSeconds: number): number {
  const end = windowStart(nowMs, windowSeconds) + windowSeconds * 1000;
  return Math.max(1, Math.ceil((end - nowMs) / 1000));
}

/** Throws a RangeError unless the windows are a usable policy list (names unique, positive integers). */
export function assertWindows(windows: readonly RateLimitWindow[]): void {
  if (windows.length === 0) throw new RangeError('rate limit: at least one window is required');
  const names = new Set<string>();
  for (const w of windows) {
    if (w.name.length === 0 || names.has(w.name)) throw new RangeError(`rate limit: window names must be unique and non-empty (${JSON.stringify(w.name)})`);
    names.add(w.name);
    if (!Number.isSafeInteger(w.limit) || w.limit < 1) throw new RangeError(`rate limit: ${w.name}: limit must be a positive integer`);
    if (!Number.isSafeInteger(w.windowSeconds) || w.windowSeconds < 1) throw new RangeError(`rate limit: ${w.name}: windowSeconds must be a positive integer`);
  }
}

/**
 * One hit on a subject at `nowMs`, given its stored counters (undefined for a new subject): every
 * window is checked first; only when all have room is each counted. A refused hit counts against
 * no window, so a caller refused by the minute window keeps its hour budget.
 */
export function countHit(previous: readonly WindowCounter[] | undefined, windows: readonly RateLimitWindow[], nowMs: number): HitResult {
  const current = windows.map((w): WindowCounter => {
    const start = windowStart(nowMs, w.windowSeconds);
    const stored = previous?.find((c) => c.name === w.name && c.windowSeconds === w.windowSeconds);
    // A counter from an earlier window is spent; one from a later window (the clock stepped back)
    // is kept as it is: never admit more because a clock moved.
    if (stored === undefined || stored.start < start) return { name: w.name, windowSeconds: w.windowSeconds, start, count: 0 };
    return { ...stored };
  });
  const allowed = windows.every((w, i) => (current[i] as WindowCounter).count < w.limit);
  if (allowed) for (const counter of current) counter.count += 1;

  const states = windows.map(
    (w, i): RateLimitWindowState => ({
      name: w.name,
      limit: w.limit,
      windowSeconds: w.windowSeconds,
      remaining: Math.max(0, w.limit - (current[i] as WindowCounter).count),
      resetSeconds: secondsUntilReset(nowMs, w.windowSeconds),
    }),
  );
  let expiresAt = nowMs;
  for (const counter of current) expiresAt = Math.max(expiresAt, counter.start + counter.windowSeconds * 1000);
  return { outcome: { allowed, windows: states }, counters: current, expiresAt };
}

/**
 * The windows of a subject as a hit at `nowMs` would find them, counting nothing: what a usage page
 * shows (`remaining` of each window; `allowed` whether a hit now would be admitted).
 */
export function peekWindows(previous: readonly WindowCounter[] | undefined, windows: readonly RateLimitWindow[], nowMs: number): RateLimitOutcome {
  const states = windows.map((w): RateLimitWindowState => {
    const start = windowStart(nowMs, w.windowSeconds);
    const stored = previous?.find((c) => c.name === w.name && c.windowSeconds === w.windowSeconds);
    const count = stored === undefined || stored.start < start ? 0 : stored.count;
    return { name: w.name, limit: w.limit, windowSeconds: w.windowSeconds, remaining: Math.max(0, w.limit - count), resetSeconds: secondsUntilReset(nowMs, w.windowSeconds) };
  });
  return { allowed: states.every((s) => s.remaining > 0), windows: states };
}

/** Names of the windows that refused a hit: those with nothing remaining (none when it was admitted). */
export function violatedWindows(outcome: RateLimitOutcome): string[] {
  return outcome.allowed ? [] : outcome.windows.filter((w) => w.remaining === 0).map((w) => w.name);
}

/**
 * Seconds a refused caller must wait: until the last of the full windows resets, since the request
 * cannot pass before every one of them has room again (RFC 9110 §10.2.3 delay-seconds).
 */
export function retryAfterSeconds(outcome: RateLimitOutcome): number {
  let seconds = 0;
  for (const w of outcome.windows) if (!outcome.allowed && w.remaining === 0) seconds = Math.max(seconds, w.resetSeconds);
  return seconds;
}
