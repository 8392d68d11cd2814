import { describe, expect, it } from 'vitest';
import { countHit, retryAfterSeconds, secondsUntilReset, violatedWindows, windowStart } from './fixed-window.ts';

const T = Date.UTC(2026, 0, 2, 10, 0, 0);
const MINUTE = { name: 'm', limit: 2, windowSeconds: 60 };
const HOUR = { name: 'h', limit: 3, windowSeconds: 3600 };

describe('clock-aligned windows', () => {
  it('start at multiples of their length since the epoch', () => {
    expect(windowStart(T + 59_999, 60)).toBe(T);
    expect(windowStart(T + 60_000, 60)).toBe(T + 60_000);
    expect(windowStart(T + 3_599_999, 3600)).toBe(T);
  });

  it('reset in 1 to w whole seconds, rounding up', () => {
    expect(secondsUntilReset(T, 60)).toBe(60);
    expect(secondsUntilReset(T + 1, 60)).toBe(60);
    expect(secondsUntilReset(T + 18_000, 60)).toBe(42);
    expect(secondsUntilReset(T + 59_999, 60)).toBe(1);
    expect(secondsUntilReset(T + 30 * 60_000, 3600)).toBe(1800);
  });
});

describe('countHit', () => {
  it('counts in every window only when all have room', () => {
    let state = countHit(undefined, [MINUTE, HOUR], T);
    expect(state.outcome.allowed).toBe(true);
    state = countHit(state.counters, [MINUTE, HOUR], T + 1000);
    const refused = countHit(state.counters, [MINUTE, HOUR], T + 2000);
    expect(refused.outcome.allowed).toBe(false);
    expect(refused.counters.map((c) => c.count)).toEqual([2, 2]);
    expect(violatedWindows(refused.outcome)).toEqual(['m']);
    expect(retryAfterSeconds(refused.outcome)).toBe(58);
    // The next minute: the minute window is fresh, the hour still has one left.
    const next = countHit(refused.counters, [MINUTE, HOUR], T + 60_000);
    expect(next.outcome.allowed).toBe(true);
    expect(next.outcome.windows.map((w) => w.remaining)).toEqual([1, 0]);
    const last = countHit(next.counters, [MINUTE, HOUR], T + 61_000);
    expect(violatedWindows(last.outcome)).toEqual(['h']);
    expect(retryAfterSeconds(last.outcome)).toBe(3600 - 61);
  });

  it('waits for the last of several full windows', () => {
    const full = [
      { name: 'm', limit: 1, windowSeconds: 60 },
      { name: 'h', limit: 1, windowSeconds: 3600 },
    ];
    const first = countHit(undefined, full, T);
    const refused = countHit(first.counters, full, T + 30_000);
    expect(violatedWindows(refused.outcome)).toEqual(['m', 'h']);
    expect(retryAfterSeconds(refused.outcome)).toBe(3570);
  });

  it('reports no violation and no wait for an admitted hit', () => {
    const admitted = countHit(undefined, [{ name: 'm', limit: 1, windowSeconds: 60 }], T);
    expect(admitted.outcome.windows[0]?.remaining).toBe(0);
    expect(violatedWindows(admitted.outcome)).toEqual([]);
    expect(retryAfterSeconds(admitted.outcome)).toBe(0);
  });

  it('never resets a count because the clock stepped back', () => {
    const first = countHit(undefined, [MINUTE], T + 60_000);
    const second = countHit(first.counters, [MINUTE], T + 60_500);
    const back = countHit(second.counters, [MINUTE], T + 59_000);
    expect(back.outcome.allowed).toBe(false);
  });

  it('expires when the longest window ends', () => {
    expect(countHit(undefined, [MINUTE, HOUR], T + 90_000).expiresAt).toBe(T + 3_600_000);
  });
});
