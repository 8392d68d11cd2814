import { windowStart } from '@secscan/core';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { createPostgresRateLimitStore } from './rate-limit-store.ts';
import { useTestStores } from './testing/test-database.ts';

const pg = useTestStores();
const pools: Database[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

const ANONYMOUS = [
  { name: 'anon-minute', limit: 10, windowSeconds: 60 },
  { name: 'anon-hour', limit: 100, windowSeconds: 3600 },
];

describe('the PostgreSQL rate-limit store, on the database clock', () => {
  it('admits exactly the limit across separate pools (as separate processes would), refused hits counting nothing', async () => {
    const a = openDatabase({ url: pg.url(), poolSize: 10 });
    const b = openDatabase({ url: pg.url(), poolSize: 10 });
    pools.push(a, b);
    const stores = [createPostgresRateLimitStore(a), createPostgresRateLimitStore(b)];
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => stores[i % 2]!.hit('anon:ip4:198.51.100.1', ANONYMOUS)));
    const admitted = outcomes.filter((o) => o.allowed);
    expect(admitted).toHaveLength(10);
    expect(admitted.map((o) => o.windows[0]?.remaining).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // The 50 refused hits ate none of the hour's budget.
    const [row] = await pg.get().database.sql<{ counts: number[] }[]>`SELECT counts FROM secscan_rate_limits WHERE subject = 'anon:ip4:198.51.100.1'`;
    expect(row?.counts).toEqual([10, 10]);
  });

  it('aligns windows to the database’s now(), not the process clock', async () => {
    const store = createPostgresRateLimitStore(pg.get().database);
    const [clock] = await pg.get().database.sql<{ ms: string }[]>`SELECT floor(extract(epoch FROM now()) * 1000)::bigint AS ms`;
    const outcome = await store.hit('key:clock', [{ name: 'free-minute', limit: 100, windowSeconds: 60 }]);
    const [row] = await pg.get().database.sql<
      { starts: string[]; expires: Date }[]
    >`SELECT window_starts AS starts, expires_at AS expires FROM secscan_rate_limits WHERE subject = 'key:clock'`;
    const start = Number(row?.starts[0]);
    expect(start).toBe(windowStart(start, 60));
    expect(Math.abs(start - windowStart(Number(clock?.ms), 60))).toBeLessThanOrEqual(60_000);
    expect(row?.expires.getTime()).toBe(start + 60_000);
    expect(outcome.windows[0]?.resetSeconds).toBeGreaterThanOrEqual(1);
    expect(outcome.windows[0]?.resetSeconds).toBeLessThanOrEqual(60);
  });

  it('deletes only rows whose windows have all ended, by the database clock', async () => {
    const { sql } = pg.get().database;
    await sql`DELETE FROM secscan_rate_limits`;
    const store = createPostgresRateLimitStore(pg.get().database);
    await store.hit('anon:ip4:192.0.2.1', ANONYMOUS);
    await store.hit('key:old', [{ name: 'free-minute', limit: 100, windowSeconds: 60 }]);
    await sql`UPDATE secscan_rate_limits SET expires_at = now() - interval '1 second' WHERE subject = 'key:old'`;
    expect(await store.deleteExpired()).toBe(1);
    expect((await sql<{ subject: string }[]>`SELECT subject FROM secscan_rate_limits`).map((r) => r.subject)).toEqual(['anon:ip4:192.0.2.1']);
  });
});
