import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Clock } from '../clock.ts';
import type { RateLimitStore, RateLimitWindow } from '../store/types.ts';

/** A clock a test moves by hand. */
export interface ManualClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

/** A clock that stands still at `startMs` until the test moves it. */
export function createManualClock(startMs: number): ManualClock {
  let now = startMs;
  return {
    now: () => now,
    set: (ms) => {
      now = ms;
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

/** 2026-01-02T10:00:00Z: the start of a minute and of an hour. */
const ON_THE_HOUR = Date.UTC(2026, 0, 2, 10, 0, 0);

/** The anonymous policy of DESIGN §4 with its default limits. */
const ANONYMOUS: readonly RateLimitWindow[] = [
  { name: 'anon-minute', limit: 10, windowSeconds: 60 },
  { name: 'anon-hour', limit: 100, windowSeconds: 3600 },
];

/**
 * The contract every RateLimitStore keeps (DESIGN §4, §6). `create` returns a fresh, empty store
 * whose windows follow `clock` — a SQL store passes the clock's time as a statement parameter in
 * place of the database's `now()` — so the same suite proves both stores exact.
 */
export function describeRateLimitStoreContract(name: string, create: (clock: Clock) => RateLimitStore | Promise<RateLimitStore>): void {
  describe(`RateLimitStore contract: ${name}`, () => {
    it('answers ping when up', async () => {
      await expect((await create(createManualClock(ON_THE_HOUR))).ping()).resolves.toBeUndefined();
    });

    it('admits up to the limit, counting down, then refuses with nothing remaining', async () => {
      const clock = createManualClock(ON_THE_HOUR + 18_000);
      const store = await create(clock);
      const windows = [{ name: 'm', limit: 3, windowSeconds: 60 }];
      const outcomes = [];
      for (let i = 0; i < 5; i++) outcomes.push(await store.hit('s', windows));
      expect(outcomes.map((o) => o.allowed)).toEqual([true, true, true, false, false]);
      expect(outcomes.map((o) => o.windows[0]?.remaining)).toEqual([2, 1, 0, 0, 0]);
      expect(outcomes[0]?.windows).toEqual([{ name: 'm', limit: 3, windowSeconds: 60, remaining: 2, resetSeconds: 42 }]);
    });

    it('aligns windows to the clock: a window opened a second before its end resets a second later', async () => {
      const clock = createManualClock(ON_THE_HOUR + 59_500);
      const store = await create(clock);
      const windows = [{ name: 'm', limit: 1, windowSeconds: 60 }];
      expect((await store.hit('s', windows)).windows[0]?.resetSeconds).toBe(1);
      expect((await store.hit('s', windows)).allowed).toBe(false);
      clock.advance(500); // 10:01:00.000 — a new window
      const next = await store.hit('s', windows);
      expect(next.allowed).toBe(true);
      expect(next.windows[0]?.resetSeconds).toBe(60);
    });

    it('checks every window before counting any: a refused hit costs no window', async () => {
      const clock = createManualClock(ON_THE_HOUR);
      const store = await create(clock);
      for (let i = 0; i < 15; i++) await store.hit('client', ANONYMOUS);
      clock.advance(60_000);
      const next = await store.hit('client', ANONYMOUS);
      expect(next.allowed).toBe(true);
      // 10 admitted in the first minute, 1 now: the 5 refused ones did not eat the hour budget.
      expect(next.windows.map((w) => [w.name, w.remaining])).toEqual([
        ['anon-minute', 9],
        ['anon-hour', 89],
      ]);
    });

    it('lets the hour window bind at the 101st request of an hour spread over 11 minutes', async () => {
      const clock = createManualClock(ON_THE_HOUR);
      const store = await create(clock);
      for (let minute = 0; minute < 10; minute++) {
        clock.set(ON_THE_HOUR + minute * 60_000 + 1000);
        for (let i = 0; i < 10; i++) expect((await store.hit('client', ANONYMOUS)).allowed).toBe(true);
      }
      clock.set(ON_THE_HOUR + 10 * 60_000);
      const refused = await store.hit('client', ANONYMOUS);
      expect(refused.allowed).toBe(false);
      expect(refused.windows).toEqual([
        { name: 'anon-minute', limit: 10, windowSeconds: 60, remaining: 10, resetSeconds: 60 },
        { name: 'anon-hour', limit: 100, windowSeconds: 3600, remaining: 0, resetSeconds: 3000 },
      ]);
      clock.set(ON_THE_HOUR + 3_600_000);
      expect((await store.hit('client', ANONYMOUS)).allowed).toBe(true);
    });

    it('admits exactly the limit of concurrent hits', async () => {
      const store = await create(createManualClock(ON_THE_HOUR + 5000));
      const anonymous = await Promise.all(Array.from({ length: 30 }, () => store.hit('anon', ANONYMOUS)));
      expect(anonymous.filter((o) => o.allowed)).toHaveLength(10);
      const free = await Promise.all(Array.from({ length: 120 }, () => store.hit('key', [{ name: 'free-minute', limit: 100, windowSeconds: 60 }])));
      expect(free.filter((o) => o.allowed)).toHaveLength(100);
      // Each admitted hit saw a different count: remaining values 99…0, each once.
      expect(
        free
          .filter((o) => o.allowed)
          .map((o) => o.windows[0]?.remaining)
          .sort((a, b) => (a ?? 0) - (b ?? 0)),
      ).toEqual(Array.from({ length: 100 }, (_, i) => i));
    });

    it('forgets subjects whose windows have all ended, then counts them afresh', async () => {
      const clock = createManualClock(ON_THE_HOUR + 1000);
      const store = await create(clock);
      const minute = [{ name: 'm', limit: 2, windowSeconds: 60 }];
      await store.hit('a', minute);
      await store.hit('a', minute);
      await store.hit('b', ANONYMOUS);
      expect(await store.deleteExpired()).toBe(0);
      clock.advance(60_000);
      // a's minute has ended; b's hour has not, so b is kept with its hour count.
      expect(await store.deleteExpired()).toBe(1);
      expect((await store.hit('a', minute)).windows[0]?.remaining).toBe(1);
      expect((await store.hit('b', ANONYMOUS)).windows.map((w) => w.remaining)).toEqual([9, 98]);
      clock.set(ON_THE_HOUR + 3_600_000);
      expect(await store.deleteExpired()).toBe(2);
      expect((await store.hit('b', ANONYMOUS)).windows.map((w) => w.remaining)).toEqual([9, 99]);
    });

    it('peeks at the windows without counting', async () => {
      const clock = createManualClock(ON_THE_HOUR + 18_000);
      const store = await create(clock);
      const windows = [{ name: 'm', limit: 2, windowSeconds: 60 }];
      expect(await store.peek('s', windows)).toEqual({ allowed: true, windows: [{ name: 'm', limit: 2, windowSeconds: 60, remaining: 2, resetSeconds: 42 }] });
      await store.hit('s', windows);
      expect((await store.peek('s', windows)).windows[0]?.remaining).toBe(1);
      expect((await store.peek('s', windows)).windows[0]?.remaining).toBe(1);
      await store.hit('s', windows);
      expect(await store.peek('s', windows)).toMatchObject({ allowed: false, windows: [{ remaining: 0 }] });
      clock.advance(60_000);
      expect(await store.peek('s', windows)).toMatchObject({ allowed: true, windows: [{ remaining: 2 }] });
    });

    it('counts each subject on its own', async () => {
      const store = await create(createManualClock(ON_THE_HOUR));
      const windows = [{ name: 'm', limit: 1, windowSeconds: 60 }];
      expect((await store.hit('a', windows)).allowed).toBe(true);
      expect((await store.hit('b', windows)).allowed).toBe(true);
      expect((await store.hit('a', windows)).allowed).toBe(false);
    });

    it('refuses unusable windows', async () => {
      const store = await create(createManualClock(ON_THE_HOUR));
      await expect(store.hit('s', [])).rejects.toThrow(RangeError);
      await expect(store.hit('s', [{ name: 'm', limit: 0, windowSeconds: 60 }])).rejects.toThrow(RangeError);
      await expect(store.hit('s', [{ name: 'm', limit: 1, windowSeconds: 1.5 }])).rejects.toThrow(RangeError);
      await expect(
        store.hit('s', [
          { name: 'm', limit: 1, windowSeconds: 60 },
          { name: 'm', limit: 2, windowSeconds: 3600 },
        ]),
      ).rejects.toThrow(RangeError);
    });

    it('never admits more than a window allows, nor refuses below it, under random interleavings and clock steps', async () => {
      const windowArb = fc.record({ limit: fc.integer({ min: 1, max: 6 }), windowSeconds: fc.constantFrom(1, 2, 10, 60, 3600) });
      const stepArb = fc.oneof(
        // A batch of concurrent hits from a few subjects, in random order.
        fc.record({ hits: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 12 }) }),
        // The clock moves on: within a window, across one, or far ahead.
        fc.record({ advanceMs: fc.oneof(fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 0, max: 120_000 }), fc.integer({ min: 0, max: 4_000_000 })) }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(windowArb, { minLength: 1, maxLength: 3, selector: (w) => w.windowSeconds }),
          fc.integer({ min: 0, max: 3_599_999 }),
          fc.array(stepArb, { minLength: 1, maxLength: 30 }),
          async (shapes, offsetMs, steps) => {
            const windows = shapes.map((w, i) => ({ name: `w${i}`, ...w }));
            const clock = createManualClock(ON_THE_HOUR + offsetMs);
            const store = await create(clock);
            // The model: per subject and window, the window it counts in and how many it admitted there.
            const model = new Map<string, { start: number; count: number }[]>();
            for (const step of steps) {
              if ('advanceMs' in step) {
                clock.advance(step.advanceMs);
                continue;
              }
              const now = clock.now();
              const subjects = step.hits.map((s) => `subject-${s}`);
              const outcomes = await Promise.all(subjects.map((subject) => store.hit(subject, windows)));
              for (const subject of new Set(subjects)) {
                const counts = (model.get(subject) ?? windows.map(() => ({ start: -1, count: 0 }))).map((c, i) => {
                  const length = (windows[i]?.windowSeconds ?? 1) * 1000;
                  const start = Math.floor(now / length) * length;
                  return c.start === start ? c : { start, count: 0 };
                });
                const asked = subjects.filter((s) => s === subject).length;
                const room = Math.min(...windows.map((w, i) => w.limit - (counts[i]?.count ?? 0)));
                const admitted = outcomes.filter((o, k) => subjects[k] === subject && o.allowed).length;
                // Exactly as many as the fullest window had room for: never more, never fewer.
                expect(admitted).toBe(Math.min(asked, room));
                model.set(
                  subject,
                  counts.map((c) => ({ start: c.start, count: c.count + admitted })),
                );
              }
              for (const outcome of outcomes) {
                for (const [i, state] of outcome.windows.entries()) {
                  expect(state.remaining).toBeGreaterThanOrEqual(0);
                  expect(state.remaining).toBeLessThanOrEqual(windows[i]?.limit ?? 0);
                  expect(state.resetSeconds).toBeGreaterThanOrEqual(1);
                  expect(state.resetSeconds).toBeLessThanOrEqual(windows[i]?.windowSeconds ?? 0);
                }
              }
            }
          },
        ),
        { numRuns: 150 },
      );
    });
  });
}
