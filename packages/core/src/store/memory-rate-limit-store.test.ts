import { describe, expect, it } from 'vitest';
import { clientGroup } from '../ratelimit/client.ts';
import { windowsFor, DEFAULT_RATE_LIMITS } from '../ratelimit/policies.ts';
import { createManualClock, describeRateLimitStoreContract } from '../testing/rate-limit-store-contract.ts';
import { createMemoryRateLimitStore } from './memory-rate-limit-store.ts';

describeRateLimitStoreContract('memory', (clock) => createMemoryRateLimitStore({ clock }));

const ANONYMOUS = windowsFor({ kind: 'anonymous', client: 'unknown' }, DEFAULT_RATE_LIMITS);
const START = Date.UTC(2026, 0, 2, 10);

/** The n-th IPv4 address counting from 1.0.0.0. */
function ipv4(n: number): string {
  const v = 0x01000000 + n;
  return `${v >>> 24}.${(v >>> 16) & 255}.${(v >>> 8) & 255}.${v & 255}`;
}

describe('createMemoryRateLimitStore bounds', () => {
  it('forgets subjects whose windows have all ended', async () => {
    const clock = createManualClock(START);
    const store = createMemoryRateLimitStore({ clock });
    for (let i = 0; i < 1000; i++) await store.hit(`key:${i}`, [{ name: 'free-minute', limit: 100, windowSeconds: 60 }]);
    for (let i = 0; i < 1000; i++) await store.hit(`anon:${i}`, ANONYMOUS);
    expect(store.size).toBe(2000);
    clock.advance(60_000); // the minute subjects have expired, the hour ones not
    await store.hit('key:new', [{ name: 'free-minute', limit: 100, windowSeconds: 60 }]);
    expect(store.size).toBe(1001);
    clock.advance(3_600_000);
    await store.hit('anon:new', ANONYMOUS);
    expect(store.size).toBe(1);
  });

  it('stays bounded when a million distinct addresses arrive within one hour', async () => {
    const clock = createManualClock(START);
    const store = createMemoryRateLimitStore({ clock, maxSubjects: 50_000 });
    // Garbage from the loop is not what is measured: collect it first when the runtime lets us.
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let largest = 0;
    for (let i = 0; i < 1_000_000; i++) {
      if (i % 1000 === 0) clock.advance(3000); // a million addresses over 50 minutes
      await store.hit(`anon:${clientGroup(ipv4(i))}`, ANONYMOUS);
      largest = Math.max(largest, store.size);
    }
    expect(largest).toBe(50_000);
    expect(store.size).toBe(50_000);
    // 50,000 subjects of two windows each: well under 64 MB (a million would need ~20 times more).
    gc?.();
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan((gc ? 64 : 256) * 1024 * 1024);
    // Those most recently seen are still counted exactly.
    const recent = await store.hit(`anon:${clientGroup(ipv4(999_999))}`, ANONYMOUS);
    expect(recent.windows[0]?.remaining).toBe(8);
  });

  it('drops every address of a flood once its hour has passed', async () => {
    const clock = createManualClock(START);
    const store = createMemoryRateLimitStore({ clock });
    for (let i = 0; i < 200_000; i++) await store.hit(`anon:${clientGroup(ipv4(i))}`, ANONYMOUS);
    expect(store.size).toBe(100_000); // the default bound
    clock.advance(3_600_000);
    await store.hit('anon:ip4:192.0.2.1', ANONYMOUS);
    expect(store.size).toBe(1);
  });

  it('never forgets an API key or a session early, however many anonymous clients arrive (issue #12)', async () => {
    const clock = createManualClock(START);
    const store = createMemoryRateLimitStore({ clock, maxSubjects: 1000 });
    const key = [{ name: 'enterprise-minute', limit: 3, windowSeconds: 60 }];
    const session = [{ name: 'session-minute', limit: 3, windowSeconds: 60 }];
    let keyAdmitted = 0;
    let sessionAdmitted = 0;
    for (let round = 0; round < 30; round++) {
      // Spoofed anonymous addresses fill the table between two requests of the key and the session.
      for (let i = 0; i < 1000; i++) await store.hit(`anon:${clientGroup(ipv4(round * 1000 + i))}`, ANONYMOUS);
      if ((await store.hit('key:k', key)).allowed) keyAdmitted++;
      if ((await store.hit('session:s', session)).allowed) sessionAdmitted++;
    }
    expect([keyAdmitted, sessionAdmitted]).toEqual([3, 3]);
    expect(store.size).toBeLessThanOrEqual(1002);
  });

  it('refuses a nonsensical bound', () => {
    expect(() => createMemoryRateLimitStore({ maxSubjects: 0 })).toThrow(RangeError);
  });
});
