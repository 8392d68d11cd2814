import type { Clock } from '../clock.ts';
import { createMemoryInvitationStore, createMemorySettingsStore, createMemoryUserStore } from './memory-account-stores.ts';
import { createMemoryKeyStore, createMemorySessionStore } from './memory-credential-stores.ts';
import { createMemoryRateLimitStore } from './memory-rate-limit-store.ts';
import { createMemoryScanStore } from './memory-scan-store.ts';
import type { Stores } from './types.ts';

/** Options of a whole set of in-memory stores. */
export interface MemoryStoresOptions {
  /** The clock of the session and rate-limit stores; the system clock by default. */
  clock?: Clock;
  /** Bound of the scan store (default 10,000). */
  maxScans?: number;
  /** Bound of the API rate-limit store (default 100,000). */
  maxRateLimitedClients?: number;
}

/** Every store in memory: the embedded default when there is no DATABASE_URL (DESIGN §6). */
export function createMemoryStores(options: MemoryStoresOptions = {}): Stores {
  const clock = options.clock ? { clock: options.clock } : {};
  return {
    scans: createMemoryScanStore(options.maxScans !== undefined ? { maxScans: options.maxScans } : {}),
    keys: createMemoryKeyStore(),
    sessions: createMemorySessionStore(clock),
    rateLimits: createMemoryRateLimitStore({ ...clock, ...(options.maxRateLimitedClients !== undefined ? { maxSubjects: options.maxRateLimitedClients } : {}) }),
    users: createMemoryUserStore(),
    invitations: createMemoryInvitationStore(),
    settings: createMemorySettingsStore(),
    signInThrottles: createMemoryRateLimitStore(clock),
  };
}
