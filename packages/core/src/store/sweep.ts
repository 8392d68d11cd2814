/**
 * The periodic clean-up every store set gets (DESIGN §6): scans older than the retention period,
 * sessions past their expiry and rate-limit subjects whose windows have all ended. Servers run it
 * on a timer; several processes sharing PostgreSQL may run it at once (each delete is idempotent).
 */
import type { Stores } from './types.ts';

/** How many records one sweep deleted, per store. */
export interface SweepResult {
  scans: number;
  sessions: number;
  rateLimits: number;
}

/** What a sweep keeps: scans made within `retentionDays` before `now` (Unix ms). */
export interface SweepOptions {
  now: number;
  retentionDays: number;
}

/** Runs one sweep over the stores; rejects when a store fails (the next sweep tries again). */
export async function sweepStores(stores: Stores, options: SweepOptions): Promise<SweepResult> {
  const cutoff = new Date(options.now - options.retentionDays * 86_400_000).toISOString();
  const [scans, sessions, rateLimits, throttles] = await Promise.all([
    stores.scans.deleteCreatedBefore(cutoff),
    stores.sessions.deleteExpired(new Date(options.now).toISOString()),
    stores.rateLimits.deleteExpired(),
    // On PostgreSQL both are one table: sweep it once.
    stores.signInThrottles === stores.rateLimits ? 0 : stores.signInThrottles.deleteExpired(),
  ]);
  return { scans, sessions, rateLimits: rateLimits + throttles };
}
