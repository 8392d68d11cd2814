import { describe, expect, it } from 'vitest';
import { createMemoryStores } from '../store/memory-stores.ts';
import { createManualClock } from '../testing/rate-limit-store-contract.ts';
import { createInvitation, describeInvitation, signInWithOidc, signInWithPassword, signUp, SIGN_UP_POLICY_SETTING, userScanOwners, type AccountSettings } from './accounts.ts';

const SETTINGS: AccountSettings = {
  passwordMinLength: 15,
  sessionTtlSeconds: 3600,
  invitationTtlSeconds: 86_400,
  configuredSignUpPolicy: null,
  kdf: { memoryKiB: 64, iterations: 1, parallelism: 1 },
};

function setup(settings: AccountSettings = SETTINGS) {
  const clock = createManualClock(Date.UTC(2026, 0, 2, 10));
  const stores = createMemoryStores({ clock });
  let n = 0;
  const deps = { stores, clock, newId: () => `01890a5d-ac96-774b-bcce-${(++n).toString(16).padStart(12, '0')}` };
  return { deps, stores, clock, settings };
}

const ada = { email: ' Ada@Example.com ', displayName: 'Ada', password: 'analytical engine punched cards' };
const bob = { email: 'bob@example.com', displayName: 'Bob', password: 'a different long passphrase' };

describe('signUp', () => {
  it('makes the first user admin with a session, then follows the policy (invite by default)', async () => {
    const { deps, settings, stores } = setup();
    const first = await signUp(deps, settings, ada);
    expect(first).toMatchObject({ ok: true, user: { email: 'ada@example.com', role: 'admin', plan: 'free' }, session: { record: { subject: expect.stringMatching(/^user:/) } } });
    expect(await signUp(deps, settings, bob)).toEqual({ ok: false, reason: 'closed', policy: 'invite' });
    await stores.settings.set(SIGN_UP_POLICY_SETTING, 'open');
    expect(await signUp(deps, settings, bob)).toMatchObject({ ok: true, user: { role: 'member' } });
    expect(await signUp(deps, settings, { ...bob, password: 'yet another long passphrase' })).toEqual({ ok: false, reason: 'email_taken' });
    // The operator's setting wins over the admin's.
    expect(await signUp(deps, { ...settings, configuredSignUpPolicy: 'closed' }, { ...bob, email: 'carol@example.com' })).toEqual({
      ok: false,
      reason: 'closed',
      policy: 'closed',
    });
  });

  it('makes exactly one admin when the first sign-ups race', async () => {
    const { deps, settings, stores } = setup();
    await stores.settings.set(SIGN_UP_POLICY_SETTING, 'open');
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((name) => signUp(deps, settings, { ...bob, email: `${name}@example.com` })));
    expect(results.filter((r) => r.ok && r.user.role === 'admin')).toHaveLength(1);
    expect(results.filter((r) => r.ok)).toHaveLength(4);
  });

  it('refuses weak passwords and implausible e-mails before any hashing', async () => {
    const { deps, settings } = setup();
    expect(await signUp(deps, settings, { ...ada, password: 'short' })).toMatchObject({ ok: false, reason: 'weak_password' });
    expect(await signUp(deps, settings, { ...ada, email: 'not-an-email' })).toEqual({ ok: false, reason: 'invalid_email' });
  });

  it('admits through an invitation once, for its own e-mail, with its role, until it expires', async () => {
    const { deps, settings, clock } = setup();
    await signUp(deps, settings, ada);
    const made = await createInvitation(deps, settings, { email: 'BOB@example.com', role: 'admin', createdBy: null });
    if (!made.ok) throw new Error('no invitation');
    expect(made.token).toMatch(/^si_/);
    expect(made.record.hash).not.toContain(made.token);
    expect(await describeInvitation(deps, made.token)).toEqual({ email: 'bob@example.com', role: 'admin', expiresAt: made.record.expiresAt });
    expect(await signUp(deps, settings, { ...bob, email: 'mallory@example.com', invitation: made.token })).toEqual({ ok: false, reason: 'invitation_email_mismatch' });
    expect(await signUp(deps, settings, { ...bob, invitation: made.token })).toMatchObject({ ok: true, user: { role: 'admin' } });
    expect(await signUp(deps, settings, { ...bob, email: 'bob2@example.com', invitation: made.token })).toEqual({ ok: false, reason: 'invitation_invalid' });
    const late = await createInvitation(deps, settings, { email: 'carol@example.com', role: 'member', createdBy: null });
    if (!late.ok) throw new Error('no invitation');
    clock.advance(86_400_000);
    expect(await describeInvitation(deps, late.token)).toBeNull();
    expect(await signUp(deps, settings, { ...bob, email: 'carol@example.com', invitation: late.token })).toEqual({ ok: false, reason: 'invitation_invalid' });
    expect(await createInvitation(deps, settings, { email: 'ada@example.com', role: 'member', createdBy: null })).toEqual({ ok: false, reason: 'email_taken' });
  });
});

describe('signInWithPassword', () => {
  it('signs in with the right password only, tells a disabled account apart, and throttles per account and client', async () => {
    const { deps, settings, stores } = setup();
    const up = await signUp(deps, settings, ada);
    if (!up.ok) throw new Error('no user');
    expect(await signInWithPassword(deps, settings, { email: 'ADA@example.com', password: ada.password, client: 'ip4:192.0.2.1' })).toMatchObject({
      ok: true,
      user: { id: up.user.id },
    });
    expect(await signInWithPassword(deps, settings, { email: 'ada@example.com', password: 'wrong', client: 'ip4:192.0.2.1' })).toEqual({ ok: false, reason: 'invalid' });
    expect(await signInWithPassword(deps, settings, { email: 'nobody@example.com', password: 'wrong', client: 'ip4:192.0.2.1' })).toEqual({ ok: false, reason: 'invalid' });
    await stores.users.update(up.user.id, { disabledAt: '2026-01-02T10:00:00.000Z' });
    expect(await signInWithPassword(deps, settings, { email: 'ada@example.com', password: ada.password, client: 'ip4:192.0.2.1' })).toEqual({ ok: false, reason: 'disabled' });
    // Three attempts so far from this client; the limit is 10 per 15 minutes per account and client.
    const results: string[] = [];
    for (let i = 0; i < 9; i++) {
      const result = await signInWithPassword(deps, settings, { email: 'ada@example.com', password: 'wrong', client: 'ip4:192.0.2.1' });
      results.push(result.ok ? 'ok' : result.reason);
    }
    expect(results).toEqual([...Array<string>(7).fill('invalid'), 'throttled', 'throttled']);
    expect(await signInWithPassword(deps, settings, { email: 'ada@example.com', password: 'wrong', client: 'ip4:192.0.2.2' })).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('signInWithOidc', () => {
  const identity = { issuer: 'https://idp.example', subject: 'u-1', email: 'Ada@example.com', emailVerified: true, name: 'Ada' };

  it('creates the first user as admin, links a verified e-mail, and follows autoCreate for new people', async () => {
    const { deps, settings, stores } = setup();
    const first = await signInWithOidc(deps, settings, identity, false);
    expect(first).toMatchObject({ ok: true, created: true, user: { role: 'admin', oidcSubject: 'https://idp.example u-1', passwordHash: null } });
    expect(await signInWithOidc(deps, settings, identity, false)).toMatchObject({ ok: true, created: false });
    expect(await signInWithOidc(deps, settings, { ...identity, subject: 'u-2', email: 'bob@example.com' }, false)).toEqual({ ok: false, reason: 'not_allowed' });
    expect(await signInWithOidc(deps, settings, { ...identity, subject: 'u-2', email: 'bob@example.com' }, true)).toMatchObject({ ok: true, user: { role: 'member' } });
    // A password account with the same, verified e-mail is linked; an unverified one is not.
    const up = await signUp(deps, settings, {
      ...bob,
      email: 'carol@example.com',
      invitation: ((await createInvitation(deps, settings, { email: 'carol@example.com', role: 'member', createdBy: null })) as { token: string }).token,
    });
    if (!up.ok) throw new Error('no user');
    expect(await signInWithOidc(deps, settings, { ...identity, subject: 'u-3', email: 'carol@example.com', emailVerified: false }, true)).toEqual({
      ok: false,
      reason: 'not_allowed',
    });
    expect(await signInWithOidc(deps, settings, { ...identity, subject: 'u-3', email: 'carol@example.com' }, false)).toMatchObject({
      ok: true,
      user: { id: up.user.id, oidcSubject: 'https://idp.example u-3' },
    });
    expect(await signInWithOidc(deps, settings, { ...identity, subject: 'u-4', email: null }, true)).toEqual({ ok: false, reason: 'no_email' });
    await stores.users.update(up.user.id, { disabledAt: '2026-01-02T10:00:00.000Z' });
    expect(await signInWithOidc(deps, settings, { ...identity, subject: 'u-3', email: 'carol@example.com' }, false)).toEqual({ ok: false, reason: 'disabled' });
  });

  it("lists a user's scan owners: their sessions and every key of theirs", async () => {
    const { stores } = setup();
    await stores.keys.create({
      id: 'k1',
      name: 'a',
      plan: 'free',
      hash: 'h1',
      createdAt: '2026-01-01T00:00:00.000Z',
      lastUsedAt: null,
      revokedAt: '2026-01-01T01:00:00.000Z',
      userId: 'u',
    });
    await stores.keys.create({ id: 'k2', name: 'b', plan: 'free', hash: 'h2', createdAt: '2026-01-01T00:00:00.000Z', lastUsedAt: null, revokedAt: null, userId: 'other' });
    expect(await userScanOwners(stores, 'u')).toEqual(['session:user:u', 'key:k1']);
  });
});
