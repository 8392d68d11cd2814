import { sha256Hex } from '@secscan/core';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { adminRequest, scanRequest, TEST_ACCESS, testDeps } from '../testing/fixtures.ts';

type Json = Record<string, unknown>;

async function created(app: ReturnType<typeof createApp>, body: Json): Promise<Json> {
  const response = await app(adminRequest('POST', '/api/admin/keys', body));
  expect(response.status).toBe(201);
  return (await response.json()) as Json;
}

describe('POST /api/admin/keys', () => {
  it('creates a key and shows it once; only its hash is stored', async () => {
    const { deps } = testDeps();
    const app = createApp(deps);
    const response = await app(adminRequest('POST', '/api/admin/keys', { name: 'CI pipeline', plan: 'free' }));
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Json;
    expect(body).toEqual({
      id: expect.any(String),
      key: expect.stringMatching(/^sk_live_[0-9A-Za-z]{49}$/),
      name: 'CI pipeline',
      plan: 'free',
      requestsPerMinute: 1000,
      createdAt: '2026-01-02T03:04:05.000Z',
    });
    const [stored] = await deps.stores.keys.list();
    expect(stored?.hash).toBe(await sha256Hex(String(body['key'])));
    expect(JSON.stringify(stored)).not.toContain(String(body['key']));
    // The key works at once.
    expect((await app(scanRequest({ code: '', language: 'js' }, { authorization: `Bearer ${String(body['key'])}` }))).status).toBe(200);
  });

  it('gives an enterprise key its own limit, and requires it', async () => {
    const app = createApp(testDeps().deps);
    expect(await created(app, { name: 'Big Co', plan: 'enterprise', requestsPerMinute: 25_000 })).toMatchObject({ plan: 'enterprise', requestsPerMinute: 25_000 });
    const missing = await app(adminRequest('POST', '/api/admin/keys', { name: 'Big Co', plan: 'enterprise' }));
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ pointer: '#/requestsPerMinute', detail: 'an enterprise key needs its own requestsPerMinute' }],
    });
    const extra = await app(adminRequest('POST', '/api/admin/keys', { name: 'x', plan: 'pro', requestsPerMinute: 5 }));
    expect(extra.status).toBe(422);
    expect(((await extra.json()) as { errors: Json[] }).errors[0]?.['pointer']).toBe('#/requestsPerMinute');
  });

  it('lists every schema violation with a pointer', async () => {
    const app = createApp(testDeps().deps);
    const response = await app(adminRequest('POST', '/api/admin/keys', { name: '', plan: 'gold', requestsPerMinute: 1.5, owner: 'x' }));
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: Json[] }).errors).toEqual([
      { pointer: '#/name', detail: 'name must not be empty' },
      { pointer: '#/plan', detail: 'plan must be one of free, pro, enterprise' },
      { pointer: '#/requestsPerMinute', detail: 'requestsPerMinute must be a whole number' },
      { pointer: '#/owner', detail: 'unknown field; the fields are name, plan, requestsPerMinute' },
    ]);
    const control = await app(adminRequest('POST', '/api/admin/keys', { name: 'a\nb', plan: 'free' }));
    expect(((await control.json()) as { errors: Json[] }).errors).toEqual([{ pointer: '#/name', detail: 'name must not contain control characters' }]);
    expect((await app(adminRequest('POST', '/api/admin/keys', '{"name":'))).status).toBe(400);
    expect(
      (
        await app(
          new Request('http://localhost/api/admin/keys', { method: 'POST', headers: { authorization: adminRequest('GET', '/').headers.get('authorization') ?? '' }, body: 'x' }),
        )
      ).status,
    ).toBe(415);
  });
});

describe('GET /api/admin/keys', () => {
  it('lists keys without secrets or hashes, with lastUsedAt and revokedAt', async () => {
    const { deps } = testDeps();
    const app = createApp(deps);
    const a = await created(app, { name: 'a', plan: 'free' });
    const b = await created(app, { name: 'b', plan: 'enterprise', requestsPerMinute: 7 });
    await app(scanRequest({ code: '', language: 'js' }, { authorization: `Bearer ${String(a['key'])}` }));
    expect((await app(adminRequest('DELETE', `/api/admin/keys/${String(b['id'])}`))).status).toBe(204);
    const response = await app(adminRequest('GET', '/api/admin/keys'));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(String(a['key']));
    expect(text).not.toContain(String(b['key']));
    for (const record of await deps.stores.keys.list()) expect(text).not.toContain(record.hash);
    expect(JSON.parse(text)).toEqual({
      keys: [
        {
          id: a['id'],
          name: 'a',
          plan: 'free',
          requestsPerMinute: TEST_ACCESS.limits.freePerMinute,
          createdAt: '2026-01-02T03:04:05.000Z',
          lastUsedAt: '2026-01-02T03:04:05.000Z',
          revokedAt: null,
          prefix: String(a['key']).slice(0, 12),
          userId: null,
        },
        {
          id: b['id'],
          name: 'b',
          plan: 'enterprise',
          requestsPerMinute: 7,
          createdAt: '2026-01-02T03:04:05.000Z',
          lastUsedAt: null,
          revokedAt: '2026-01-02T03:04:05.000Z',
          prefix: String(b['key']).slice(0, 12),
          userId: null,
        },
      ],
    });
  });
});

describe('DELETE /api/admin/keys/{id}', () => {
  it('revokes at once (idempotently), answers 404 for an unknown id and 422 for a malformed one', async () => {
    const app = createApp(testDeps().deps);
    const key = await created(app, { name: 'a', plan: 'free' });
    const auth = { authorization: `Bearer ${String(key['key'])}` };
    expect((await app(scanRequest({ code: '', language: 'js' }, auth))).status).toBe(200);
    expect((await app(adminRequest('DELETE', `/api/admin/keys/${String(key['id'])}`))).status).toBe(204);
    expect((await app(adminRequest('DELETE', `/api/admin/keys/${String(key['id'])}`))).status).toBe(204);
    const refused = await app(scanRequest({ code: '', language: 'js' }, auth));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="secscan", error="invalid_token"');
    const unknown = await app(adminRequest('DELETE', '/api/admin/keys/0190a000-0000-7000-8000-00000000ffff'));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Json)['code']).toBe('not_found');
    const malformed = await app(adminRequest('DELETE', '/api/admin/keys/not-a-uuid'));
    expect(malformed.status).toBe(422);
    expect(((await malformed.json()) as Json)['errors']).toEqual([{ pointer: '#/path/id', detail: 'id must be a UUID' }]);
  });
});

describe('sessions', () => {
  it('creates a session with the default or its own lifetime, and revokes it', async () => {
    const { deps, clock } = testDeps();
    const app = createApp(deps);
    const response = await app(adminRequest('POST', '/api/admin/sessions', { subject: 'user-42' }));
    expect(response.status).toBe(201);
    const session = (await response.json()) as Json;
    expect(session).toEqual({ id: expect.any(String), token: expect.stringMatching(/^ss_[0-9A-Za-z]{49}$/), subject: 'user-42', expiresAt: '2026-01-03T03:04:05.000Z' });
    const short = (await (await app(adminRequest('POST', '/api/admin/sessions', { subject: 'u', ttlSeconds: 60 }))).json()) as Json;
    expect(short['expiresAt']).toBe('2026-01-02T03:05:05.000Z');
    const auth = { authorization: `Bearer ${String(session['token'])}` };
    expect((await app(scanRequest({ code: '', language: 'js' }, auth))).status).toBe(200);
    expect((await app(adminRequest('DELETE', `/api/admin/sessions/${String(session['id'])}`))).status).toBe(204);
    expect((await app(scanRequest({ code: '', language: 'js' }, auth))).status).toBe(401);
    expect((await app(adminRequest('DELETE', '/api/admin/sessions/0190a000-0000-7000-8000-00000000ffff'))).status).toBe(404);
    clock.advance(61_000);
    expect((await app(scanRequest({ code: '', language: 'js' }, { authorization: `Bearer ${String(short['token'])}` }))).status).toBe(401);
  });

  it('validates the body', async () => {
    const app = createApp(testDeps().deps);
    const response = await app(adminRequest('POST', '/api/admin/sessions', { ttlSeconds: 10 }));
    expect(response.status).toBe(422);
    expect(((await response.json()) as Json)['errors']).toEqual([
      { pointer: '#/subject', detail: 'subject is required' },
      { pointer: '#/ttlSeconds', detail: 'ttlSeconds must be at least 60' },
    ]);
  });
});
