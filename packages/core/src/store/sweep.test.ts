import { describe, expect, it } from 'vitest';
import { createManualClock, sampleHash, sampleSessionRecord, sampleStoredScan } from '../testing/index.ts';
import { createMemoryKeyStore, createMemorySessionStore } from './memory-credential-stores.ts';
import { createMemoryRateLimitStore } from './memory-rate-limit-store.ts';
import { createMemoryScanStore } from './memory-scan-store.ts';
import { createMemoryStores } from './memory-stores.ts';
import { sweepStores } from './sweep.ts';

describe('sweepStores', () => {
  it('deletes scans past retention, expired sessions and finished rate-limit windows, and counts them', async () => {
    const now = Date.UTC(2026, 2, 1, 12);
    const clock = createManualClock(now - 120_000);
    const stores = {
      ...createMemoryStores({ clock }),
      scans: createMemoryScanStore(),
      keys: createMemoryKeyStore(),
      sessions: createMemorySessionStore({ clock }),
      rateLimits: createMemoryRateLimitStore({ clock }),
    };
    const day = 86_400_000;
    await stores.scans.save(sampleStoredScan({ id: '0190a000-0000-7000-8000-000000000001', createdAt: new Date(now - 31 * day).toISOString() }));
    await stores.scans.save(sampleStoredScan({ id: '0190a000-0000-7000-8000-000000000002', createdAt: new Date(now - 29 * day).toISOString() }));
    await stores.sessions.create(sampleSessionRecord({ id: 's1', hash: sampleHash(1), expiresAt: new Date(now - 1000).toISOString() }));
    await stores.sessions.create(sampleSessionRecord({ id: 's2', hash: sampleHash(2), expiresAt: new Date(now + 1000).toISOString() }));
    await stores.rateLimits.hit('key:a', [{ name: 'm', limit: 1, windowSeconds: 60 }]);
    clock.set(now);
    expect(await sweepStores(stores, { now, retentionDays: 30 })).toEqual({ scans: 1, sessions: 1, rateLimits: 1 });
    expect(await stores.scans.get('0190a000-0000-7000-8000-000000000002', null)).not.toBeNull();
    expect(await stores.sessions.findByHash(sampleHash(2))).not.toBeNull();
    expect(await sweepStores(stores, { now, retentionDays: 30 })).toEqual({ scans: 0, sessions: 0, rateLimits: 0 });
  });
});
