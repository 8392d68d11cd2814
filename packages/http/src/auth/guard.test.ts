import { csrfTokenFor } from './session-cookie.ts';
import { API_KEY_PREFIX, createMemoryKeyStore, mintToken, SESSION_TOKEN_PREFIX, type KeyStore } from '@secscan/core';
import { describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { adminRequest, scanRequest, TEST_ACCESS, TEST_ADMIN_TOKEN, testDeps } from '../testing/fixtures.ts';

type Json = Record<string, unknown>;

const INVALID_TOKEN = 'Bearer realm="secscan", error="invalid_token"';

async function credentials(app: App): Promise<{ key: string; keyId: string; session: string; sessionId: string }> {
  const key = (await (await app(adminRequest('POST', '/api/admin/keys', { name: 'k', plan: 'free' }))).json()) as Json;
  const session = (await (await app(adminRequest('POST', '/api/admin/sessions', { subject: 'alice' }))).json()) as Json;
  return { key: String(key['key']), keyId: String(key['id']), session: String(session['token']), sessionId: String(session['id']) };
}

async function problemOf(response: Response): Promise<Json> {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  return (await response.json()) as Json;
}

describe('callers of the scan endpoint', () => {
  it('resolves a key, a session (header or cookie) or anonymous, and records the owner', async () => {
    const { deps, recorded } = testDeps();
    const app = createApp(deps);
    const { key, keyId, session, sessionId } = await credentials(app);
    const owners: (string | null)[] = [];
    const csrf = await csrfTokenFor(session);
    for (const headers of [
      { authorization: `Bearer ${key}` },
      { authorization: `Bearer ${session}` },
      { cookie: `secscan_session=${session}`, 'x-csrf-token': csrf },
      {},
    ] as Record<string, string>[]) {
      const response = await app(scanRequest({ code: '', language: 'js' }, headers));
      expect(response.status).toBe(200);
      const { scanId } = (await response.json()) as { scanId: string };
      const stored = (await deps.stores.scans.get(scanId, `key:${keyId}`)) ?? (await deps.stores.scans.get(scanId, 'session:alice')) ?? (await deps.stores.scans.get(scanId, null));
      owners.push(stored ? stored.owner : 'missing');
    }
    expect(owners).toEqual([`key:${keyId}`, 'session:alice', 'session:alice', null]);
    expect(recorded.requests.filter((r) => r.path === '/api/scan').map((r) => r.caller)).toEqual([`key:${keyId}`, `session:${sessionId}`, `session:${sessionId}`, 'anonymous']);
  });

  it('answers wrong credentials with 401 invalid_token, never as anonymous', async () => {
    const { deps } = testDeps();
    const app = createApp(deps);
    const { session } = await credentials(app);
    const key = mintToken(API_KEY_PREFIX);
    const cases: [Record<string, string>, RegExp][] = [
      [{ authorization: `Bearer ${key}` }, /not valid/],
      [{ authorization: `Bearer ${mintToken(SESSION_TOKEN_PREFIX)}` }, /not valid/],
      [{ authorization: `Bearer ${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}` }, /not valid/],
      [{ authorization: 'Bearer not-one-of-ours' }, /not valid/],
      [{ authorization: 'Bearer' }, /no usable bearer token/],
      [{ cookie: `secscan_session=${key}` }, /must hold a session token/],
      [{ cookie: 'secscan_session=garbage' }, /must hold a session token/],
      [{ authorization: `Bearer ${key}`, cookie: `secscan_session=${session}` }, /not valid/], // the header wins, even when wrong
    ];
    for (const [headers, detail] of cases) {
      const response = await app(scanRequest({ code: '', language: 'js' }, headers));
      expect({ headers, status: response.status, challenge: response.headers.get('www-authenticate') }).toEqual({ headers, status: 401, challenge: INVALID_TOKEN });
      const problem = await problemOf(response);
      expect(problem).toMatchObject({ code: 'unauthorized', title: 'Unauthorized', status: 401 });
      expect(String(problem['detail'])).toMatch(detail);
      expect(JSON.stringify(problem)).not.toContain(key.slice(8, 30));
      expect(response.headers.get('ratelimit')).toBeNull();
    }
  });

  it('says the same for a revoked, an expired, an unknown and a mistyped token: a 401 never tells a leaked token was valid (issue #12)', async () => {
    const { deps, clock } = testDeps();
    const app = createApp(deps);
    const created = (await (await app(adminRequest('POST', '/api/admin/keys', { name: 'k', plan: 'free' }))).json()) as { id: string; key: string };
    await app(adminRequest('DELETE', `/api/admin/keys/${created.id}`));
    const session = (await (await app(adminRequest('POST', '/api/admin/sessions', { subject: 's', ttlSeconds: 60 }))).json()) as { token: string };
    clock.advance(61_000);
    const details = [];
    for (const token of [created.key, session.token, mintToken(API_KEY_PREFIX), `${created.key.slice(0, -1)}${created.key.endsWith('x') ? 'y' : 'x'}`]) {
      const response = await app(scanRequest({ code: '' }, { authorization: `Bearer ${token}` }));
      expect(response.status).toBe(401);
      details.push((await problemOf(response))['detail']);
    }
    expect(new Set(details).size).toBe(1);
  });

  it('answers another scheme with a bare challenge (RFC 6750 §3.1)', async () => {
    const response = await createApp(testDeps().deps)(scanRequest({ code: '' }, { authorization: 'Basic dXNlcjpwYXNz' }));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="secscan"');
  });

  it('requires credentials when anonymous access is off', async () => {
    const app = createApp(testDeps({ config: { access: { ...TEST_ACCESS, anonymous: false } } }).deps);
    const response = await app(scanRequest({ code: '', language: 'js' }));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="secscan"');
    expect(((await problemOf(response))['detail'] as string).includes('anonymous')).toBe(true);
    const { key } = await credentials(app);
    expect((await app(scanRequest({ code: '', language: 'js' }, { authorization: `Bearer ${key}` }))).status).toBe(200);
    // Public routes stay public.
    for (const path of ['/api/health', '/api/openapi.json', '/api/docs']) expect((await app(new Request(`http://localhost${path}`))).status).toBe(200);
  });

  it('refuses a state-changing request by session cookie without its CSRF token (403), and with another session’s', async () => {
    const app = createApp(testDeps().deps);
    const { session } = await credentials(app);
    const other = await credentials(app);
    const cookie = { cookie: `secscan_session=${session}` };
    for (const extra of [{}, { 'x-csrf-token': await csrfTokenFor(other.session) }, { 'x-csrf-token': '' }] as Record<string, string>[]) {
      const response = await app(scanRequest({ code: '', language: 'js' }, { ...cookie, ...extra }));
      expect(response.status).toBe(403);
      expect((await problemOf(response))['detail']).toContain('X-CSRF-Token');
    }
    expect((await app(scanRequest({ code: '', language: 'js' }, { ...cookie, 'x-csrf-token': await csrfTokenFor(session) }))).status).toBe(200);
    // The header needs none: no browser sends it on its own.
    expect((await app(scanRequest({ code: '', language: 'js' }, { authorization: `Bearer ${session}` }))).status).toBe(200);
  });

  it('refuses a session cookie from another site (403), but not the same token in the header', async () => {
    const app = createApp(testDeps({ config: { corsOrigins: ['https://app.example'] } }).deps);
    const { session } = await credentials(app);
    const cookie = { cookie: `secscan_session=${session}`, 'x-csrf-token': await csrfTokenFor(session) };
    for (const extra of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }, { origin: 'null' }] as Record<string, string>[]) {
      const response = await app(scanRequest({ code: '', language: 'js' }, { ...cookie, ...extra }));
      expect(response.status).toBe(403);
      expect((await problemOf(response))['code']).toBe('forbidden');
    }
    for (const extra of [{}, { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }, { origin: 'https://app.example', 'sec-fetch-site': 'same-site' }] as Record<
      string,
      string
    >[]) {
      expect((await app(scanRequest({ code: '', language: 'js' }, { ...cookie, ...extra }))).status).toBe(200);
    }
    expect((await app(scanRequest({ code: '', language: 'js' }, { authorization: `Bearer ${session}`, 'sec-fetch-site': 'cross-site' }))).status).toBe(200);
  });

  it('refuses the admin token on the scan endpoint (403)', async () => {
    const response = await createApp(testDeps().deps)(scanRequest({ code: '' }, { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }));
    expect(response.status).toBe(403);
  });

  it('answers 503 when the key store is down, rather than guessing', async () => {
    const down: KeyStore = {
      ...createMemoryKeyStore(),
      create: async () => {},
      findByHash: async () => Promise.reject(new Error('down')),
      touch: async () => false,
      revoke: async () => false,
      list: async () => [],
      ping: async () => Promise.reject(new Error('down')),
    };
    const response = await createApp(testDeps({ stores: { keys: down } }).deps)(scanRequest({ code: '' }, { authorization: `Bearer ${mintToken(API_KEY_PREFIX)}` }));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
  });
});

describe('the admin API’s guard', () => {
  it('answers 401 without the admin token and 403 with a valid key or session', async () => {
    const app = createApp(testDeps().deps);
    const { key, session } = await credentials(app);
    const none = await app(adminRequest('GET', '/api/admin/keys', undefined, null));
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="secscan-admin"');
    for (const token of ['wrong-admin-token-0123456789-abcdefghijklmnop', mintToken(API_KEY_PREFIX), 'x']) {
      const response = await app(adminRequest('GET', '/api/admin/keys', undefined, token));
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="secscan-admin", error="invalid_token"');
    }
    for (const token of [key, session]) expect((await app(adminRequest('GET', '/api/admin/keys', undefined, token))).status).toBe(403);
    const cookie = await app(new Request('http://localhost/api/admin/keys', { headers: { cookie: `secscan_session=${session}` } }));
    expect(cookie.status).toBe(403);
    // Authentication comes before validation: nothing about the request leaks to an unauthenticated caller.
    expect((await app(adminRequest('DELETE', '/api/admin/keys/not-a-uuid', undefined, null))).status).toBe(401);
  });

  it('without an admin token, refuses every token (401): only admin users’ sessions get in', async () => {
    const app = createApp(testDeps({ config: { access: { ...TEST_ACCESS, adminTokenSha256: null } } }).deps);
    for (const [method, path] of [
      ['GET', '/api/admin/keys'],
      ['POST', '/api/admin/sessions'],
      ['DELETE', '/api/admin/keys/0190a000-0000-7000-8000-000000000001'],
    ] as const) {
      expect((await app(adminRequest(method, path))).status).toBe(401);
    }
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const app = createApp(testDeps().deps);
    const response = await app(adminRequest('PUT', '/api/admin/keys'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, GET, HEAD');
  });
});

describe('credentials in the query string', () => {
  it('are refused with 400 on every path, before anything else', async () => {
    const { deps, recorded } = testDeps();
    const app = createApp(deps);
    const key = mintToken(API_KEY_PREFIX);
    for (const path of [`/api/scan?api_key=${key}`, '/api/health?token=x', `/api/openapi.json?q=${key}`, `/nope?access_token=x`, `/api/admin/keys?key=${TEST_ADMIN_TOKEN}`]) {
      const response = await app(new Request(`http://localhost${path}`, { method: path.startsWith('/api/scan') ? 'POST' : 'GET' }));
      expect(response.status).toBe(400);
      const problem = await problemOf(response);
      expect(problem['code']).toBe('credentials_in_query');
      expect(JSON.stringify(problem)).not.toContain(key);
    }
    expect(JSON.stringify(recorded.requests)).not.toMatch(/sk_live_|api_key|token=|key=/);
  });
});
