import { describe, expect, it } from 'vitest';
import { createMemoryUserStore } from '../store/memory-account-stores.ts';
import { createMemoryKeyStore, createMemorySessionStore } from '../store/memory-credential-stores.ts';
import { sampleUserRecord } from '../testing/account-store-contract.ts';
import type { KeyStore } from '../store/types.ts';
import { createManualClock } from '../testing/rate-limit-store-contract.ts';
import { API_KEY_PREFIX, mintToken, SESSION_TOKEN_PREFIX } from '../tokens/checksum.ts';
import { issueApiKey, issueSession } from './issue.ts';
import { isWellFormedToken, resolveToken, tokenKind } from './resolve.ts';

const T = Date.UTC(2026, 0, 2, 10);

function setup() {
  const clock = createManualClock(T);
  let n = 0;
  const keys = createMemoryKeyStore();
  const sessions = createMemorySessionStore({ clock });
  const context = { clock, newId: () => `id-${++n}` };
  return { clock, keys, sessions, context, resolver: { keys, sessions, clock } };
}

/** A KeyStore that records every look-up. */
function spyingKeyStore(inner: KeyStore): KeyStore & { lookups: number } {
  const spy = {
    ...inner,
    lookups: 0,
    async findByHash(hash: string) {
      spy.lookups++;
      return inner.findByHash(hash);
    },
  };
  return spy;
}

describe('tokenKind / isWellFormedToken', () => {
  it('tells our token kinds by prefix and checks their checksum', () => {
    const key = mintToken(API_KEY_PREFIX);
    const session = mintToken(SESSION_TOKEN_PREFIX);
    expect([tokenKind(key), tokenKind(session), tokenKind('ghp_x')]).toEqual(['apiKey', 'session', null]);
    expect(isWellFormedToken(key)).toBe(true);
    expect(isWellFormedToken(session)).toBe(true);
    expect(isWellFormedToken(`${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`)).toBe(false);
    expect(isWellFormedToken('sk_live_short')).toBe(false);
  });
});

describe('resolveToken', () => {
  it('resolves a key to its caller, with its plan and limit', async () => {
    const { keys, context, resolver } = setup();
    const { key, record } = await issueApiKey(keys, { name: 'ci', plan: 'enterprise', requestsPerMinute: 5000 }, context);
    expect(record.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(record)).not.toContain(key);
    expect(await resolveToken(key, resolver)).toEqual({ ok: true, caller: { kind: 'apiKey', keyId: record.id, plan: 'enterprise', requestsPerMinute: 5000 }, user: null });
  });

  it('refuses a token whose checksum fails without asking the store', async () => {
    const { keys, context, resolver } = setup();
    const { key } = await issueApiKey(keys, { name: 'ci', plan: 'free' }, context);
    const spy = spyingKeyStore(keys);
    const typo = `${key.slice(0, 20)}${key[20] === 'A' ? 'B' : 'A'}${key.slice(21)}`;
    expect(await resolveToken(typo, { ...resolver, keys: spy })).toEqual({ ok: false, reason: 'malformed' });
    expect(await resolveToken('sk_live_', { ...resolver, keys: spy })).toEqual({ ok: false, reason: 'malformed' });
    expect(await resolveToken('not-ours', { ...resolver, keys: spy })).toEqual({ ok: false, reason: 'malformed' });
    expect(spy.lookups).toBe(0);
    expect(await resolveToken(key, { ...resolver, keys: spy })).toMatchObject({ ok: true });
    expect(spy.lookups).toBe(1);
  });

  it('refuses an unknown key and a revoked one, from the very next request', async () => {
    const { keys, context, resolver, clock } = setup();
    const { key, record } = await issueApiKey(keys, { name: 'ci', plan: 'pro' }, context);
    expect(await resolveToken(mintToken(API_KEY_PREFIX), resolver)).toEqual({ ok: false, reason: 'unknown' });
    expect((await resolveToken(key, resolver)).ok).toBe(true);
    await keys.revoke(record.id, new Date(clock.now()).toISOString());
    expect(await resolveToken(key, resolver)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('writes lastUsedAt at most once a minute', async () => {
    const { keys, context, resolver, clock } = setup();
    const { key, record } = await issueApiKey(keys, { name: 'ci', plan: 'free' }, context);
    let writes = 0;
    const counting: KeyStore = {
      ...keys,
      async touch(id, at, interval) {
        const wrote = await keys.touch(id, at, interval);
        if (wrote) writes++;
        return wrote;
      },
    };
    for (let s = 0; s < 150; s++) {
      clock.set(T + s * 1000);
      await resolveToken(key, { ...resolver, keys: counting });
    }
    expect(writes).toBe(3); // at 0 s, 60 s and 120 s
    expect((await keys.findByHash(record.hash))?.lastUsedAt).toBe(new Date(T + 120_000).toISOString());
  });

  it('resolves a session until it expires or is revoked', async () => {
    const { sessions, context, resolver, clock } = setup();
    const { token, record } = await issueSession(sessions, { subject: 'alice', ttlSeconds: 3600 }, context);
    expect(record.expiresAt).toBe(new Date(T + 3_600_000).toISOString());
    expect(await resolveToken(token, resolver)).toEqual({ ok: true, caller: { kind: 'session', sessionId: record.id, subject: 'alice' }, user: null });
    clock.set(T + 3_600_000);
    expect(await resolveToken(token, resolver)).toEqual({ ok: false, reason: 'expired' });
    const other = await issueSession(sessions, { subject: 'bob', ttlSeconds: 3600 }, context);
    await sessions.revoke(other.record.id, new Date(clock.now()).toISOString());
    expect(await resolveToken(other.token, resolver)).toEqual({ ok: false, reason: 'revoked' });
  });

  it('never takes a session token for a key, nor the reverse', async () => {
    const { keys, sessions, context, resolver } = setup();
    const { token } = await issueSession(sessions, { subject: 'alice', ttlSeconds: 60 }, context);
    const { key } = await issueApiKey(keys, { name: 'ci', plan: 'free' }, context);
    expect(await resolveToken(`sk_live_${token.slice(3)}`, resolver)).toEqual({ ok: false, reason: 'malformed' });
    expect(await resolveToken(`ss_${key.slice(8)}`, resolver)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('resolveToken and dashboard users', () => {
  it("refuses a user's key and session while the user is disabled, and resolves their user otherwise", async () => {
    const { keys, sessions, context, resolver } = setup();
    const users = createMemoryUserStore();
    const user = sampleUserRecord();
    await users.create(user);
    const { key } = await issueApiKey(keys, { name: 'ci', plan: 'free', userId: user.id }, context);
    const { token } = await issueSession(sessions, { subject: `user:${user.id}`, ttlSeconds: 60 }, context);
    const withUsers = { ...resolver, users };
    expect(await resolveToken(key, withUsers)).toMatchObject({ ok: true, user: { id: user.id } });
    expect(await resolveToken(token, withUsers)).toMatchObject({ ok: true, user: { id: user.id }, caller: { subject: `user:${user.id}` } });
    await users.update(user.id, { disabledAt: '2026-01-02T10:00:00.000Z' });
    expect(await resolveToken(key, withUsers)).toEqual({ ok: false, reason: 'disabled' });
    expect(await resolveToken(token, withUsers)).toEqual({ ok: false, reason: 'disabled' });
    await users.update(user.id, { disabledAt: null });
    expect((await resolveToken(key, withUsers)).ok).toBe(true);
  });
});

describe('issueApiKey', () => {
  it('requires a limit for enterprise keys and refuses one for other plans', async () => {
    const { keys, context } = setup();
    await expect(issueApiKey(keys, { name: 'x', plan: 'enterprise' }, context)).rejects.toThrow(RangeError);
    await expect(issueApiKey(keys, { name: 'x', plan: 'free', requestsPerMinute: 5 }, context)).rejects.toThrow(RangeError);
    expect(await keys.list()).toEqual([]);
  });
});
