import { describe, expect, it } from 'vitest';
import type { ApiKeyRecord, CredentialStore, KeyStore, SessionRecord, SessionStore } from '../store/types.ts';

/** Lower-case hex of 32 bytes, distinct per `n`: stands in for a SHA-256 in store tests. */
export function sampleHash(n: number): string {
  return n.toString(16).padStart(64, '0');
}

/** An API key record with sensible defaults, for store tests. */
export function sampleApiKeyRecord(overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: '01890a5d-ac96-774b-bcce-b30209a00001',
    name: 'CI pipeline',
    plan: 'free',
    hash: sampleHash(1),
    createdAt: '2026-01-02T03:04:05.000Z',
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

/** A session record with sensible defaults (valid for a day from its creation), for store tests. */
export function sampleSessionRecord(overrides: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id: '01890a5d-ac96-774b-bcce-b30209b00001',
    subject: 'user-42',
    hash: sampleHash(2),
    createdAt: '2026-01-02T03:04:05.000Z',
    expiresAt: '2099-01-03T03:04:05.000Z',
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

/** What KeyStore and SessionStore share: one contract, two record kinds. */
function describeCredentialContract<T extends { id: string; hash: string; lastUsedAt: string | null; revokedAt: string | null }>(
  create: () => CredentialStore<T> | Promise<CredentialStore<T>>,
  sample: (n: number) => T,
): void {
  it('answers ping when up', async () => {
    await expect((await create()).ping()).resolves.toBeUndefined();
  });

  it('finds a created record by its hash, field for field, and nothing by another hash', async () => {
    const store = await create();
    const record = sample(1);
    await store.create(record);
    expect(await store.findByHash(record.hash)).toEqual(record);
    expect(await store.findByHash(sampleHash(999))).toBeNull();
  });

  it('refuses a second record with the same id or the same hash', async () => {
    const store = await create();
    await store.create(sample(1));
    await expect(store.create({ ...sample(2), id: sample(1).id })).rejects.toThrow();
    await expect(store.create({ ...sample(2), hash: sample(1).hash })).rejects.toThrow();
    expect(await store.findByHash(sample(2).hash)).toBeNull();
  });

  it('writes lastUsedAt at most once per interval', async () => {
    const store = await create();
    const record = sample(1);
    await store.create(record);
    expect(await store.touch(record.id, '2026-01-02T10:00:00.000Z', 60)).toBe(true);
    expect(await store.touch(record.id, '2026-01-02T10:00:59.999Z', 60)).toBe(false);
    expect((await store.findByHash(record.hash))?.lastUsedAt).toBe('2026-01-02T10:00:00.000Z');
    expect(await store.touch(record.id, '2026-01-02T10:01:00.000Z', 60)).toBe(true);
    expect((await store.findByHash(record.hash))?.lastUsedAt).toBe('2026-01-02T10:01:00.000Z');
    expect(await store.touch('01890a5d-ac96-774b-bcce-b30209ffffff', '2026-01-02T10:05:00.000Z', 60)).toBe(false);
  });

  it('writes lastUsedAt once when many requests touch at the same moment', async () => {
    const store = await create();
    const record = sample(1);
    await store.create(record);
    const wrote = await Promise.all(Array.from({ length: 20 }, () => store.touch(record.id, '2026-01-02T10:00:00.000Z', 60)));
    expect(wrote.filter(Boolean)).toHaveLength(1);
  });

  it('revokes: keeps the first revocation time, still finds the record, and says false for an unknown id', async () => {
    const store = await create();
    const record = sample(1);
    await store.create(record);
    expect(await store.revoke(record.id, '2026-01-02T11:00:00.000Z')).toBe(true);
    expect(await store.revoke(record.id, '2026-01-02T12:00:00.000Z')).toBe(true);
    expect((await store.findByHash(record.hash))?.revokedAt).toBe('2026-01-02T11:00:00.000Z');
    expect(await store.revoke('01890a5d-ac96-774b-bcce-b30209ffffff', '2026-01-02T11:00:00.000Z')).toBe(false);
  });

  it('is not changed by mutating an object after creating or reading it', async () => {
    const store = await create();
    const record = sample(1);
    await store.create(record);
    record.revokedAt = '2026-01-02T11:00:00.000Z';
    const read = await store.findByHash(record.hash);
    expect(read?.revokedAt).toBeNull();
    if (read) read.lastUsedAt = '2026-01-02T11:00:00.000Z';
    expect((await store.findByHash(record.hash))?.lastUsedAt).toBeNull();
  });
}

/**
 * The contract every KeyStore keeps (DESIGN §1: one suite, run against every implementation).
 * `create` returns a fresh, empty store for each test.
 */
export function describeKeyStoreContract(name: string, create: () => KeyStore | Promise<KeyStore>): void {
  const sample = (n: number): ApiKeyRecord => sampleApiKeyRecord({ id: `01890a5d-ac96-774b-bcce-b30209a${n.toString(16).padStart(5, '0')}`, hash: sampleHash(n) });
  describe(`KeyStore contract: ${name}`, () => {
    describeCredentialContract(create, sample);

    it('keeps a plan and an enterprise limit, and leaves an absent limit out', async () => {
      const store = await create();
      await store.create({ ...sample(1), plan: 'enterprise', requestsPerMinute: 5000 });
      await store.create({ ...sample(2), plan: 'pro' });
      expect(await store.findByHash(sampleHash(1))).toMatchObject({ plan: 'enterprise', requestsPerMinute: 5000 });
      const pro = await store.findByHash(sampleHash(2));
      expect(pro?.plan).toBe('pro');
      expect(pro && 'requestsPerMinute' in pro).toBe(false);
    });

    it('lists every key, revoked ones included, oldest first', async () => {
      const store = await create();
      expect(await store.list()).toEqual([]);
      for (let n = 1; n <= 3; n++) await store.create({ ...sample(n), createdAt: `2026-01-02T03:04:0${n}.000Z` });
      await store.revoke(sample(2).id, '2026-01-02T11:00:00.000Z');
      const listed = await store.list();
      expect(listed.map((k) => k.id)).toEqual([sample(1).id, sample(2).id, sample(3).id]);
      expect(listed[1]?.revokedAt).toBe('2026-01-02T11:00:00.000Z');
      listed.length = 0;
      expect(await store.list()).toHaveLength(3);
    });

    it("lists one user's keys, and changes a key's plan", async () => {
      const store = await create();
      const alice = '01890a5d-ac96-774b-bcce-b30209c00001';
      await store.create({ ...sample(1), userId: alice, prefix: 'sk_live_AbC1', createdAt: '2026-01-02T03:04:01.000Z' });
      await store.create(sample(2));
      await store.create({ ...sample(3), userId: alice, createdAt: '2026-01-02T03:04:03.000Z' });
      expect((await store.listByUser(alice)).map((k) => k.id)).toEqual([sample(1).id, sample(3).id]);
      expect((await store.listByUser(alice))[0]).toMatchObject({ userId: alice, prefix: 'sk_live_AbC1' });
      expect(await store.listByUser('01890a5d-ac96-774b-bcce-b30209c0ffff')).toEqual([]);
      expect('userId' in ((await store.findByHash(sampleHash(2))) ?? {})).toBe(false);
      expect(await store.setPlan(sample(1).id, 'enterprise', 5000)).toBe(true);
      expect(await store.findByHash(sampleHash(1))).toMatchObject({ plan: 'enterprise', requestsPerMinute: 5000 });
      expect(await store.setPlan(sample(1).id, 'pro')).toBe(true);
      const pro = await store.findByHash(sampleHash(1));
      expect(pro?.plan).toBe('pro');
      expect(pro && 'requestsPerMinute' in pro).toBe(false);
      expect(await store.setPlan('01890a5d-ac96-774b-bcce-b30209a0ffff', 'pro')).toBe(false);
    });
  });
}

/**
 * The contract every SessionStore keeps. `create` returns a fresh, empty store for each test; its
 * clock (if it has one) may stand anywhere before 2099.
 */
export function describeSessionStoreContract(name: string, create: () => SessionStore | Promise<SessionStore>): void {
  const sample = (n: number): SessionRecord => sampleSessionRecord({ id: `01890a5d-ac96-774b-bcce-b30209b${n.toString(16).padStart(5, '0')}`, hash: sampleHash(n) });
  describe(`SessionStore contract: ${name}`, () => {
    describeCredentialContract(create, sample);

    it('keeps the subject and the expiry', async () => {
      const store = await create();
      await store.create({ ...sample(1), subject: 'alice@example.com', expiresAt: '2099-05-06T07:08:09.000Z' });
      expect(await store.findByHash(sampleHash(1))).toMatchObject({ subject: 'alice@example.com', expiresAt: '2099-05-06T07:08:09.000Z' });
    });

    it('deletes the sessions expired at or before a time, and only those', async () => {
      const store = await create();
      for (let n = 1; n <= 3; n++) await store.create({ ...sample(n), expiresAt: `2099-01-0${n}T00:00:00.000Z` });
      expect(await store.deleteExpired('2098-12-31T23:59:59.999Z')).toBe(0);
      expect(await store.deleteExpired('2099-01-02T00:00:00.000Z')).toBe(2);
      expect(await store.findByHash(sampleHash(1))).toBeNull();
      expect(await store.findByHash(sampleHash(2))).toBeNull();
      expect(await store.findByHash(sampleHash(3))).toEqual({ ...sample(3), expiresAt: '2099-01-03T00:00:00.000Z' });
      expect(await store.deleteExpired('2099-01-02T00:00:00.000Z')).toBe(0);
    });

    it('revokes every valid session of a subject, and only those', async () => {
      const store = await create();
      await store.create({ ...sample(1), subject: 'user:a' });
      await store.create({ ...sample(2), subject: 'user:a', revokedAt: '2026-01-02T05:00:00.000Z' });
      await store.create({ ...sample(3), subject: 'user:b' });
      await store.create({ ...sample(4), subject: 'user:a' });
      expect(await store.revokeSubject('user:a', '2026-01-02T06:00:00.000Z')).toBe(2);
      expect((await store.findByHash(sampleHash(1)))?.revokedAt).toBe('2026-01-02T06:00:00.000Z');
      expect((await store.findByHash(sampleHash(2)))?.revokedAt).toBe('2026-01-02T05:00:00.000Z');
      expect((await store.findByHash(sampleHash(3)))?.revokedAt).toBeNull();
      expect(await store.revokeSubject('user:a', '2026-01-02T07:00:00.000Z')).toBe(0);
    });
  });
}
