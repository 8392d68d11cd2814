import { describe, expect, it } from 'vitest';
import { createManualClock, describeKeyStoreContract, describeSessionStoreContract, sampleHash, sampleSessionRecord } from '../testing/index.ts';
import { createMemoryKeyStore, createMemorySessionStore } from './memory-credential-stores.ts';

describeKeyStoreContract('memory', () => createMemoryKeyStore());
describeSessionStoreContract('memory', () => createMemorySessionStore({ clock: createManualClock(Date.UTC(2026, 0, 2)) }));

describe('createMemorySessionStore bounds', () => {
  it('forgets expired sessions when a new one is created', async () => {
    const clock = createManualClock(Date.UTC(2026, 0, 2, 10));
    const store = createMemorySessionStore({ clock });
    await store.create(sampleSessionRecord({ id: 'a', hash: sampleHash(1), expiresAt: '2026-01-02T11:00:00.000Z' }));
    await store.create(sampleSessionRecord({ id: 'b', hash: sampleHash(2), expiresAt: '2026-01-02T13:00:00.000Z' }));
    clock.set(Date.UTC(2026, 0, 2, 12));
    await store.create(sampleSessionRecord({ id: 'c', hash: sampleHash(3), expiresAt: '2026-01-02T14:00:00.000Z' }));
    expect(await store.findByHash(sampleHash(1))).toBeNull();
    expect(await store.findByHash(sampleHash(2))).not.toBeNull();
  });
});
