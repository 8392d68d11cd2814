/**
 * Rate limits in PostgreSQL (table secscan_rate_limits): one row per subject holding all its
 * windows, and one statement per hit — `INSERT … ON CONFLICT (subject) DO UPDATE … RETURNING` —
 * that checks every window and counts all of them only when all have room, on the database's clock
 * (`now()`), so every process sharing the database counts in the same windows. PostgreSQL locks
 * the row for the update, so N concurrent hits against a limit L admit exactly L, on one process or
 * many (STACK.md measured it). The statement is the SQL form of core's `countHit`.
 */
import { assertWindows, peekWindows, secondsUntilReset, type Clock, type RateLimitOutcome, type RateLimitStore, type WindowCounter } from '@secscan/core';
import type { Database } from './database.ts';
import { bigintToNumber } from './values.ts';

/** Options of the PostgreSQL rate-limit store. */
export interface PostgresRateLimitStoreOptions {
  /**
   * A clock to use instead of the database's `now()`: for the contract suite, which moves time by
   * hand. Servers leave it out, so that every process counts by one clock, the database's.
   */
  clock?: Clock;
}

/** What the hit statement returns. */
interface HitRow {
  counts: number[];
  allowed: boolean;
  /** The clock reading the hit was counted at, in Unix ms (a bigint: a string from postgres.js). */
  now_ms: string;
}

/** A RateLimitStore on PostgreSQL. */
export function createPostgresRateLimitStore(db: Database, options: PostgresRateLimitStoreOptions = {}): RateLimitStore {
  const { clock } = options;
  /** The time to count at: null lets the statement read the database's `now()`. */
  const at = (): string | null => (clock ? new Date(clock.now()).toISOString() : null);

  return {
    async hit(subject, windows): Promise<RateLimitOutcome> {
      assertWindows(windows);
      const names = windows.map((w) => w.name);
      const seconds = windows.map((w) => w.windowSeconds);
      const limits = windows.map((w) => w.limit);
      // `wanted`: each window's current start (Unix ms, aligned to multiples of its length). A new
      // subject is inserted with every count at 1 (a limit is at least 1). An existing one: for each
      // window, the stored count if it is the same window (same name and length, same or later
      // start), else 0; admitted only if every window is below its limit; then each count + 1.
      const [row] = await db.run(
        (sql) => sql<HitRow[]>`
          WITH clock AS (
            SELECT coalesce(${at()}::timestamptz, now()) AS t
          ), wanted AS (
            SELECT w.ord, w.name, w.secs,
                   (floor(extract(epoch FROM clock.t) * 1000)::bigint / (w.secs * 1000::bigint)) * (w.secs * 1000::bigint) AS start
            FROM clock, unnest(${names}::text[], ${seconds}::int[]) WITH ORDINALITY AS w(name, secs, ord)
          )
          INSERT INTO secscan_rate_limits AS r (subject, window_names, window_seconds, window_starts, counts, allowed, updated_at, expires_at)
          SELECT ${subject}, array_agg(name ORDER BY ord), array_agg(secs ORDER BY ord), array_agg(start ORDER BY ord),
                 array_agg(1 ORDER BY ord), true, (SELECT t FROM clock), to_timestamp(max(start + secs * 1000::bigint) / 1000.0)
          FROM wanted
          ON CONFLICT (subject) DO UPDATE SET (window_names, window_seconds, window_starts, counts, allowed, updated_at, expires_at) = (
            SELECT excluded.window_names, excluded.window_seconds, array_agg(h.start ORDER BY h.ord),
                   array_agg(h.count + h.admit::int ORDER BY h.ord), bool_and(h.admit), excluded.updated_at,
                   to_timestamp(max(h.start + h.secs * 1000::bigint) / 1000.0)
            FROM (
              SELECT c.ord, c.secs, c.start, c.count, bool_and(c.count < c.lim) OVER () AS admit
              FROM (
                SELECT w.ord, w.secs, w.lim, coalesce(o.start, w.start) AS start, coalesce(o.count, 0) AS count
                FROM unnest(excluded.window_names, excluded.window_seconds, excluded.window_starts, ${limits}::int[])
                       WITH ORDINALITY AS w(name, secs, start, lim, ord)
                LEFT JOIN unnest(r.window_names, r.window_seconds, r.window_starts, r.counts) AS o(name, secs, start, count)
                  ON o.name = w.name AND o.secs = w.secs AND o.start >= w.start
              ) c
            ) h
          )
          RETURNING counts, allowed, floor(extract(epoch FROM updated_at) * 1000)::bigint AS now_ms`,
      );
      if (!row) throw new Error('the rate-limit statement returned no row');
      const nowMs = bigintToNumber(row.now_ms);
      return {
        allowed: row.allowed,
        windows: windows.map((w, i) => ({
          name: w.name,
          limit: w.limit,
          windowSeconds: w.windowSeconds,
          remaining: Math.max(0, w.limit - (row.counts[i] ?? w.limit)),
          resetSeconds: secondsUntilReset(nowMs, w.windowSeconds),
        })),
      };
    },

    async peek(subject, windows): Promise<RateLimitOutcome> {
      assertWindows(windows);
      const [row] = await db.run(
        (sql) => sql<{ now_ms: string; window_names: string[] | null; window_seconds: number[] | null; window_starts: string[] | null; counts: number[] | null }[]>`
          SELECT floor(extract(epoch FROM coalesce(${at()}::timestamptz, now())) * 1000)::bigint AS now_ms,
                 r.window_names, r.window_seconds, r.window_starts, r.counts
          FROM (SELECT 1) AS one LEFT JOIN secscan_rate_limits r ON r.subject = ${subject}`,
      );
      if (!row) throw new Error('the rate-limit peek returned no row');
      const counters: WindowCounter[] = (row.window_names ?? []).map((name, i) => ({
        name,
        windowSeconds: row.window_seconds?.[i] ?? 0,
        start: bigintToNumber(row.window_starts?.[i] ?? 0),
        count: row.counts?.[i] ?? 0,
      }));
      return peekWindows(counters, windows, bigintToNumber(row.now_ms));
    },

    async deleteExpired() {
      const result = await db.run((sql) => sql`DELETE FROM secscan_rate_limits WHERE expires_at <= coalesce(${at()}::timestamptz, now())`);
      return result.count;
    },

    ping: () => db.ping(),
  };
}
