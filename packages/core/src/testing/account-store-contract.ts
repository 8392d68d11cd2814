import { describe, expect, it } from 'vitest';
import type { InvitationRecord, InvitationStore, SettingsStore, UserRecord, UserStore } from '../store/types.ts';
import { sampleHash } from './credential-store-contract.ts';

/** A user record with sensible defaults, for store tests. */
export function sampleUserRecord(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id: '01890a5d-ac96-774b-bcce-b30209f00001',
    email: 'alice@example.com',
    displayName: 'Alice',
    role: 'member',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g',
    oidcSubject: null,
    plan: 'free',
    requestsPerMinute: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    disabledAt: null,
    lastSignInAt: null,
    ...overrides,
  };
}

/** An invitation record with sensible defaults (valid until 2099), for store tests. */
export function sampleInvitationRecord(overrides: Partial<InvitationRecord> = {}): InvitationRecord {
  return {
    id: '01890a5d-ac96-774b-bcce-b3020af00001',
    hash: sampleHash(7),
    email: 'bob@example.com',
    role: 'member',
    createdBy: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    expiresAt: '2099-01-01T00:00:00.000Z',
    acceptedAt: null,
    revokedAt: null,
    ...overrides,
  };
}

const userId = (n: number): string => `01890a5d-ac96-774b-bcce-b30209f${n.toString(16).padStart(5, '0')}`;

/** The contract every UserStore keeps. `create` returns a fresh, empty store for each test. */
export function describeUserStoreContract(name: string, create: () => UserStore | Promise<UserStore>): void {
  describe(`UserStore contract: ${name}`, () => {
    it('answers ping when up', async () => {
      await expect((await create()).ping()).resolves.toBeUndefined();
    });

    it('finds a created user by id, e-mail and OIDC subject, field for field', async () => {
      const store = await create();
      const user = sampleUserRecord({ oidcSubject: 'https://idp.example alice', plan: 'enterprise', requestsPerMinute: 7000, lastSignInAt: '2026-01-03T00:00:00.000Z' });
      await store.create(user);
      expect(await store.get(user.id)).toEqual(user);
      expect(await store.findByEmail('alice@example.com')).toEqual(user);
      expect(await store.findByOidcSubject('https://idp.example alice')).toEqual(user);
      expect(await store.findByEmail('bob@example.com')).toBeNull();
      expect(await store.get(userId(99))).toBeNull();
      expect(await store.get('not-a-uuid')).toBeNull();
    });

    it('refuses a second user with the same id, e-mail or OIDC subject', async () => {
      const store = await create();
      await store.create(sampleUserRecord({ oidcSubject: 'idp a' }));
      await expect(store.create(sampleUserRecord({ id: userId(2) }))).rejects.toThrow();
      await expect(store.create(sampleUserRecord({ email: 'other@example.com' }))).rejects.toThrow();
      await expect(store.create(sampleUserRecord({ id: userId(3), email: 'x@example.com', oidcSubject: 'idp a' }))).rejects.toThrow();
      expect(await store.count()).toBe(1);
    });

    it('makes exactly one first user when many sign up at once', async () => {
      const store = await create();
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => store.createFirst(sampleUserRecord({ id: userId(i + 1), email: `u${i}@example.com`, role: 'admin' }))));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await store.count()).toBe(1);
      expect(await store.createFirst(sampleUserRecord({ id: userId(20), email: 'late@example.com' }))).toBe(false);
    });

    it('lists users oldest first and updates only the fields given', async () => {
      const store = await create();
      await store.create(sampleUserRecord({ id: userId(2), email: 'b@example.com', createdAt: '2026-01-02T00:00:02.000Z' }));
      await store.create(sampleUserRecord({ id: userId(1), email: 'a@example.com', createdAt: '2026-01-02T00:00:01.000Z' }));
      expect((await store.list()).map((u) => u.email)).toEqual(['a@example.com', 'b@example.com']);
      const updated = await store.update(userId(2), { role: 'admin', disabledAt: '2026-01-05T00:00:00.000Z', plan: 'pro' });
      expect(updated).toEqual({
        ...sampleUserRecord({ id: userId(2), email: 'b@example.com', createdAt: '2026-01-02T00:00:02.000Z' }),
        role: 'admin',
        disabledAt: '2026-01-05T00:00:00.000Z',
        plan: 'pro',
      });
      expect(await store.update(userId(2), { disabledAt: null, requestsPerMinute: null })).toMatchObject({ disabledAt: null, role: 'admin' });
      expect(await store.get(userId(2))).toMatchObject({ disabledAt: null, role: 'admin', plan: 'pro' });
      expect(await store.update(userId(9), { role: 'admin' })).toBeNull();
      expect(await store.update(userId(1), {})).toMatchObject({ email: 'a@example.com' });
    });

    it('is not changed by mutating an object after creating or reading it', async () => {
      const store = await create();
      const user = sampleUserRecord();
      await store.create(user);
      user.role = 'admin';
      const read = await store.get(user.id);
      expect(read?.role).toBe('member');
      if (read) read.role = 'admin';
      expect((await store.get(user.id))?.role).toBe('member');
    });
  });
}

/** The contract every InvitationStore keeps. */
export function describeInvitationStoreContract(name: string, create: () => InvitationStore | Promise<InvitationStore>): void {
  const invitationId = (n: number): string => `01890a5d-ac96-774b-bcce-b3020af${n.toString(16).padStart(5, '0')}`;
  describe(`InvitationStore contract: ${name}`, () => {
    it('answers ping when up', async () => {
      await expect((await create()).ping()).resolves.toBeUndefined();
    });

    it('finds an invitation by hash and lists them newest first', async () => {
      const store = await create();
      const older = sampleInvitationRecord({ id: invitationId(1), hash: sampleHash(11), createdBy: userId(1) });
      const newer = sampleInvitationRecord({ id: invitationId(2), hash: sampleHash(12), createdAt: '2026-01-03T00:00:00.000Z', role: 'admin' });
      await store.create(older);
      await store.create(newer);
      expect(await store.findByHash(sampleHash(11))).toEqual(older);
      expect(await store.findByHash(sampleHash(13))).toBeNull();
      expect((await store.list()).map((i) => i.id)).toEqual([invitationId(2), invitationId(1)]);
      await expect(store.create({ ...newer, id: invitationId(3) })).rejects.toThrow();
    });

    it('accepts an open invitation exactly once, even when raced', async () => {
      const store = await create();
      const invitation = sampleInvitationRecord();
      await store.create(invitation);
      const results = await Promise.all(Array.from({ length: 6 }, () => store.accept(invitation.id, '2026-01-04T00:00:00.000Z')));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await store.findByHash(invitation.hash))?.acceptedAt).toBe('2026-01-04T00:00:00.000Z');
      expect(await store.revoke(invitation.id, '2026-01-05T00:00:00.000Z')).toBe(false);
    });

    it('refuses to accept an expired or revoked invitation', async () => {
      const store = await create();
      const expiring = sampleInvitationRecord({ id: invitationId(1), hash: sampleHash(21), expiresAt: '2026-01-04T00:00:00.000Z' });
      const revoked = sampleInvitationRecord({ id: invitationId(2), hash: sampleHash(22) });
      await store.create(expiring);
      await store.create(revoked);
      expect(await store.accept(expiring.id, '2026-01-04T00:00:00.000Z')).toBe(false);
      expect(await store.revoke(revoked.id, '2026-01-03T00:00:00.000Z')).toBe(true);
      expect(await store.revoke(revoked.id, '2026-01-03T05:00:00.000Z')).toBe(true);
      expect((await store.findByHash(sampleHash(22)))?.revokedAt).toBe('2026-01-03T00:00:00.000Z');
      expect(await store.accept(revoked.id, '2026-01-03T01:00:00.000Z')).toBe(false);
      expect(await store.revoke(invitationId(9), '2026-01-03T00:00:00.000Z')).toBe(false);
    });
  });
}

/** The contract every SettingsStore keeps. */
export function describeSettingsStoreContract(name: string, create: () => SettingsStore | Promise<SettingsStore>): void {
  describe(`SettingsStore contract: ${name}`, () => {
    it('keeps the last value set per name', async () => {
      const store = await create();
      await expect(store.ping()).resolves.toBeUndefined();
      expect(await store.get('signUpPolicy')).toBeNull();
      await store.set('signUpPolicy', 'open');
      await store.set('signUpPolicy', 'closed');
      await store.set('other', 'x');
      expect(await store.get('signUpPolicy')).toBe('closed');
      expect(await store.get('other')).toBe('x');
    });
  });
}
