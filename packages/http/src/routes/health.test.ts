import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPingDeadlines } from './health.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('pingWithin (shared deadlines)', () => {
  it('answers true for a ping that succeeds and false for one that fails', async () => {
    const pingWithin = createPingDeadlines();
    expect(await pingWithin(async () => {}, 1000)).toBe(true);
    expect(await pingWithin(() => Promise.reject(new Error('down')), 1000)).toBe(false);
    expect(
      await pingWithin(() => {
        throw new Error('sync throw');
      }, 1000),
    ).toBe(false);
  });

  it('answers false once the deadline passes, each ping at its own deadline', async () => {
    vi.useFakeTimers();
    const pingWithin = createPingDeadlines(() => Date.now());
    const hang = () => new Promise<void>(() => {});
    const results: string[] = [];
    void pingWithin(hang, 300).then((ok) => results.push(`300:${ok}`));
    void pingWithin(hang, 100).then((ok) => results.push(`100:${ok}`));
    void pingWithin(async () => {}, 200).then((ok) => results.push(`200:${ok}`));
    await vi.advanceTimersByTimeAsync(99);
    expect(results).toEqual(['200:true']);
    await vi.advanceTimersByTimeAsync(2);
    expect(results).toEqual(['200:true', '100:false']);
    await vi.advanceTimersByTimeAsync(200);
    expect(results).toEqual(['200:true', '100:false', '300:false']);
  });

  it('does not start a timer per ping while one is running', async () => {
    const pingWithin = createPingDeadlines();
    const timers = vi.spyOn(globalThis, 'setTimeout');
    for (let i = 0; i < 100; i++) expect(await pingWithin(async () => {}, 1000)).toBe(true);
    expect(timers.mock.calls.length).toBeLessThanOrEqual(1);
  });
});
