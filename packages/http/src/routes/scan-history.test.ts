import { createMemoryScanStore, type ScanStore } from '@secscan/core';
import { describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { adminRequest, scanRequest, testDeps } from '../testing/fixtures.ts';

type Json = Record<string, unknown>;

/** A GET of a stored scan with these headers. */
const getScan = (app: App, scanId: string, headers: Record<string, string> = {}): Promise<Response> => app(new Request(`http://localhost/api/scans/${scanId}`, { headers }));

async function issue(app: App): Promise<{ keyA: string; keyB: string; alice1: string; alice2: string; bob: string }> {
  const key = async () => String(((await (await app(adminRequest('POST', '/api/admin/keys', { name: 'k', plan: 'free' }))).json()) as Json)['key']);
  const session = async (subject: string) => String(((await (await app(adminRequest('POST', '/api/admin/sessions', { subject }))).json()) as Json)['token']);
  return { keyA: await key(), keyB: await key(), alice1: await session('alice'), alice2: await session('alice'), bob: await session('bob') };
}

/** Scans as the caller with these headers; resolves the answer's body. */
async function scanAs(app: App, headers: Record<string, string>, accept?: string): Promise<Json> {
  const response = await app(scanRequest({ code: 'db.query("x" + id)', filename: 'src/app.js' }, { ...headers, ...(accept ? { accept } : {}) }));
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

describe('GET /api/scans/{scanId}', () => {
  it('returns a stored scan to the key that made it, in the shape the scan was answered, plus createdAt', async () => {
    const { deps } = testDeps({ config: { storeCode: true } });
    const app = createApp(deps);
    const { keyA } = await issue(app);
    const scanned = await scanAs(app, { authorization: `Bearer ${keyA}` });
    const response = await getScan(app, String(scanned['scanId']), { authorization: `Bearer ${keyA}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('ratelimit-policy')).toBe('"free-minute";q=1000;w=60');
    const body = (await response.json()) as Json;
    expect(body).toEqual({ ...scanned, createdAt: '2026-01-02T03:04:05.000Z' });
    expect(Object.keys(body).slice(0, 3)).toEqual(['scanId', 'createdAt', 'language']);
    // The submitted code is kept (SECSCAN_STORE_CODE) but never answered.
    expect(JSON.stringify(body)).not.toContain('db.query("x" + id)');
  });

  it('returns a session’s scans to every session of the same subject, and to no one else', async () => {
    const { deps } = testDeps();
    const app = createApp(deps);
    const { keyA, keyB, alice1, alice2, bob } = await issue(app);
    const byAlice = String((await scanAs(app, { authorization: `Bearer ${alice1}` }))['scanId']);
    const byKeyA = String((await scanAs(app, { authorization: `Bearer ${keyA}` }))['scanId']);
    const anonymous = String((await scanAs(app, {}))['scanId']);
    const status = async (scanId: string, headers: Record<string, string>) => (await getScan(app, scanId, headers)).status;
    expect(await status(byAlice, { authorization: `Bearer ${alice2}` })).toBe(200);
    expect(await status(byAlice, { cookie: `secscan_session=${alice1}` })).toBe(200);
    expect(await status(byAlice, { authorization: `Bearer ${bob}` })).toBe(404);
    expect(await status(byAlice, { authorization: `Bearer ${keyA}` })).toBe(404);
    expect(await status(byAlice, {})).toBe(404);
    expect(await status(byKeyA, { authorization: `Bearer ${keyB}` })).toBe(404);
    expect(await status(byKeyA, { authorization: `Bearer ${alice1}` })).toBe(404);
    // Anonymous callers cannot prove a scan is theirs: even their own is a 404.
    expect(await status(anonymous, {})).toBe(404);
  });

  it('answers someone else’s scan exactly as a missing one: 404, never 403', async () => {
    const { deps } = testDeps();
    const app = createApp(deps);
    const { keyA, keyB } = await issue(app);
    const scanId = String((await scanAs(app, { authorization: `Bearer ${keyA}` }))['scanId']);
    const other = await getScan(app, scanId, { authorization: `Bearer ${keyB}`, 'x-request-id': 'r' });
    const missing = await getScan(app, '0190a000-0000-7000-8000-00000000ffff', { authorization: `Bearer ${keyB}`, 'x-request-id': 'r' });
    expect([other.status, missing.status]).toEqual([404, 404]);
    const [a, b] = [(await other.json()) as Json, (await missing.json()) as Json];
    expect(a).toEqual(b);
    expect(a).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('accepts the id in upper case', async () => {
    const { deps } = testDeps();
    const app = createApp(deps);
    const { keyA } = await issue(app);
    const scanId = String((await scanAs(app, { authorization: `Bearer ${keyA}` }))['scanId']);
    expect((await getScan(app, scanId.toUpperCase(), { authorization: `Bearer ${keyA}` })).status).toBe(200);
  });

  it('answers SARIF when asked, with the scan id and time in the run’s properties', async () => {
    const { deps } = testDeps();
    const app = createApp(deps);
    const { keyA } = await issue(app);
    const scanId = String((await scanAs(app, { authorization: `Bearer ${keyA}` }))['scanId']);
    const response = await getScan(app, scanId, { authorization: `Bearer ${keyA}`, accept: 'application/sarif+json' });
    expect(response.headers.get('content-type')).toBe('application/sarif+json');
    const log = (await response.json()) as { version: string; runs: { properties: Json; results: Json[] }[] };
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0]?.properties).toEqual({ scanId, createdAt: '2026-01-02T03:04:05.000Z' });
    expect(log.runs[0]?.results).toHaveLength(1);
  });

  it('refuses a scanId that is not a UUID with 422 and a pointer, after authenticating', async () => {
    const { deps } = testDeps();
    const app = createApp(deps);
    const { keyA } = await issue(app);
    const response = await getScan(app, 'not-a-uuid', { authorization: `Bearer ${keyA}` });
    expect(response.status).toBe(422);
    expect(((await response.json()) as Json)['errors']).toEqual([{ pointer: '#/path/scanId', detail: 'scanId must be a UUID' }]);
    expect((await getScan(app, 'not-a-uuid', { authorization: 'Bearer sk_live_wrong' })).status).toBe(401);
  });

  it('counts against the caller’s rate limit, like a scan', async () => {
    const { deps } = testDeps({
      config: { access: { ...testDeps().deps.config.access!, limits: { anonymousPerMinute: 2, anonymousPerHour: 100, sessionPerMinute: 2, freePerMinute: 2, proPerMinute: 2 } } },
    });
    const app = createApp(deps);
    const { keyA } = await issue(app);
    const scanId = String((await scanAs(app, { authorization: `Bearer ${keyA}` }))['scanId']);
    expect((await getScan(app, scanId, { authorization: `Bearer ${keyA}` })).status).toBe(200);
    const refused = await getScan(app, scanId, { authorization: `Bearer ${keyA}` });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
  });

  it('answers 503 with Retry-After when the scan store is down', async () => {
    const down: ScanStore = {
      ...createMemoryScanStore(),
      save: async () => {},
      get: async () => Promise.reject(new Error('down')),
      deleteCreatedBefore: async () => 0,
      ping: async () => {},
    };
    const { deps } = testDeps({ scans: down });
    const app = createApp(deps);
    const { keyA } = await issue(app);
    const response = await getScan(app, '0190a000-0000-7000-8000-00000000ffff', { authorization: `Bearer ${keyA}` });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(((await response.json()) as Json)['code']).toBe('unavailable');
  });

  it('answers HEAD without a body, and 405 for other methods', async () => {
    const { deps } = testDeps();
    const app = createApp(deps);
    const { keyA } = await issue(app);
    const scanId = String((await scanAs(app, { authorization: `Bearer ${keyA}` }))['scanId']);
    const head = await app(new Request(`http://localhost/api/scans/${scanId}`, { method: 'HEAD', headers: { authorization: `Bearer ${keyA}` } }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const del = await app(new Request(`http://localhost/api/scans/${scanId}`, { method: 'DELETE' }));
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD');
  });
});
