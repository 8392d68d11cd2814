import { API_KEY_PREFIX, mintToken } from '@secscan/core';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { adminRequest, scanRequest, testDeps } from '../testing/fixtures.ts';

type Json = Record<string, unknown>;
const ORIGIN = 'http://localhost';

/** A browser-like client of a test app: it keeps the session cookie and sends the CSRF token. */
function browser(app: ReturnType<typeof createApp>) {
  let cookie: string | null = null;
  let csrf: string | null = null;
  const call = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = { origin: ORIGIN, ...extra };
    if (cookie) headers['cookie'] = cookie;
    if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await app(new Request(`${ORIGIN}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }));
    const set = response.headers.get('set-cookie');
    if (set?.startsWith('secscan_session=')) cookie = set.split(';')[0] ?? null;
    const text = await response.text();
    const json = text ? (JSON.parse(text) as Json) : {};
    if (typeof json['csrfToken'] === 'string') csrf = json['csrfToken'];
    return { status: response.status, json, headers: response.headers };
  };
  return { call, cookie: () => cookie, forgetCsrf: () => (csrf = null) };
}

const ADA = { email: 'ada@example.com', displayName: 'Ada', password: 'analytical engine punched cards' };
const BOB = { email: 'bob@example.com', displayName: 'Bob', password: 'a different long passphrase' };

describe('the dashboard API', () => {
  it('signs the first user up as admin with an HttpOnly cookie, and refuses others under the default policy', async () => {
    const app = createApp(testDeps().deps);
    const ada = browser(app);
    expect((await ada.call('GET', '/api/auth/config')).json).toEqual({ signUp: 'invite', firstUser: true, passwordMinLength: 15, singleSignOn: null });
    const up = await ada.call('POST', '/api/auth/sign-up', ADA);
    expect(up.status).toBe(201);
    expect(up.headers.get('set-cookie')).toMatch(/^secscan_session=ss_\w+; Path=\/api; Max-Age=86400; HttpOnly; SameSite=Lax$/);
    expect(up.json['user']).toMatchObject({ email: 'ada@example.com', role: 'admin', hasPassword: true });
    expect(JSON.stringify(up.json)).not.toContain('argon2');
    const bob = await browser(app).call('POST', '/api/auth/sign-up', BOB);
    expect([bob.status, bob.json['code']]).toEqual([403, 'forbidden']);
    const weak = await browser(app).call('POST', '/api/auth/sign-up', { ...BOB, password: 'password123' });
    expect(weak.status).toBe(403);
    const crossSite = await browser(app).call('POST', '/api/auth/sign-in', { email: ADA.email, password: ADA.password }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
  });

  it('answers a wrong password with 401 and a weak one with 422 pointing at it', async () => {
    const app = createApp(testDeps().deps);
    const weak = await browser(app).call('POST', '/api/auth/sign-up', { ...ADA, password: 'short' });
    expect([weak.status, weak.json['errors']]).toEqual([422, [{ pointer: '#/password', detail: expect.stringContaining('at least 15') }]]);
    await browser(app).call('POST', '/api/auth/sign-up', ADA);
    const wrong = await browser(app).call('POST', '/api/auth/sign-in', { email: ADA.email, password: 'not it at all' });
    expect([wrong.status, wrong.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="secscan"']);
  });

  it("requires the CSRF token with the cookie, and shows a user only their own keys and scans (404 on others')", async () => {
    const { deps } = testDeps({ config: { storeCode: true } });
    const app = createApp(deps);
    const ada = browser(app);
    await ada.call('POST', '/api/auth/sign-up', ADA);
    const key = await ada.call('POST', '/api/me/keys', { name: 'CI' });
    expect(key.status).toBe(201);
    expect(key.json).toMatchObject({ name: 'CI', plan: 'free', prefix: String(key.json['key']).slice(0, 12), revokedAt: null });
    const scanned = await app(scanRequest({ code: 'x = 1', language: 'py' }, { authorization: `Bearer ${String(key.json['key'])}` }));
    const { scanId } = (await scanned.json()) as { scanId: string };
    const detail = await ada.call('GET', `/api/me/scans/${scanId}`);
    expect(detail.json).toMatchObject({ scanId, code: 'x = 1' });
    const history = await ada.call('GET', '/api/me/scans?language=python');
    expect((history.json['scans'] as Json[]).map((s) => [s['scanId'], s['source']])).toEqual([[scanId, { kind: 'key', keyId: key.json['id'], keyName: 'CI' }]]);
    expect((await ada.call('GET', '/api/me/scans?language=cobol')).status).toBe(422);
    const usage = await ada.call('GET', '/api/me/usage');
    expect(usage.json['totals']).toEqual({ scans: 1, findings: { critical: 0, high: 1, medium: 0, low: 0, info: 0 } });
    expect((usage.json['keys'] as Json[])[0]?.['window']).toEqual({ policy: 'free-minute', limit: 1000, used: 1, remaining: 999, resetSeconds: expect.any(Number) });
    expect((usage.json['days'] as unknown[]).length).toBe(30);

    ada.forgetCsrf();
    expect((await ada.call('POST', '/api/me/keys', { name: 'no token' })).status).toBe(403);

    // Bob, invited, sees none of it.
    const invite = await app(adminRequest('POST', '/api/admin/invitations', { email: BOB.email }));
    const { token } = (await invite.json()) as { token: string };
    const bob = browser(app);
    expect((await bob.call('POST', '/api/auth/sign-up', { ...BOB, invitation: token })).status).toBe(201);
    expect((await bob.call('GET', `/api/me/scans/${scanId}`)).status).toBe(404);
    expect((await bob.call('DELETE', `/api/me/keys/${String(key.json['id'])}`)).status).toBe(404);
    expect((await bob.call('GET', '/api/me/keys')).json).toEqual({ keys: [] });
    expect((await bob.call('GET', '/api/admin/users')).status).toBe(403);
  });

  it("stops a disabled user's keys and sessions at once, and keeps the last admin", async () => {
    const app = createApp(testDeps().deps);
    const ada = browser(app);
    const up = await ada.call('POST', '/api/auth/sign-up', ADA);
    const adaId = (up.json['user'] as Json)['id'];
    expect((await ada.call('PATCH', `/api/admin/users/${String(adaId)}`, { role: 'member' })).status).toBe(409);
    await ada.call('PATCH', '/api/admin/settings', { signUpPolicy: 'open' });
    const bob = browser(app);
    const bobUp = await bob.call('POST', '/api/auth/sign-up', BOB);
    const bobId = String((bobUp.json['user'] as Json)['id']);
    const key = String((await bob.call('POST', '/api/me/keys', { name: 'bob' })).json['key']);
    expect((await app(scanRequest({ code: '', language: 'py' }, { authorization: `Bearer ${key}` }))).status).toBe(200);
    const plan = await ada.call('PATCH', `/api/admin/users/${bobId}`, { plan: 'enterprise', requestsPerMinute: 5000 });
    expect(plan.json).toMatchObject({ plan: 'enterprise', requestsPerMinute: 5000 });
    expect((await app(scanRequest({ code: '', language: 'py' }, { authorization: `Bearer ${key}` }))).headers.get('ratelimit-policy')).toBe('"enterprise-minute";q=5000;w=60');
    expect((await ada.call('PATCH', `/api/admin/users/${bobId}`, { disabled: true })).json).toMatchObject({ disabledAt: expect.any(String) });
    const refused = await app(scanRequest({ code: '', language: 'py' }, { authorization: `Bearer ${key}` }));
    expect(refused.status).toBe(401);
    // Said as for an unknown token: a 401 never tells whoever holds a leaked token that it was valid (issue #12).
    const unknown = await app(scanRequest({ code: '', language: 'py' }, { authorization: `Bearer ${mintToken(API_KEY_PREFIX)}` }));
    expect(((await refused.json()) as Json)['detail']).toBe(((await unknown.json()) as Json)['detail']);
    expect((await bob.call('GET', '/api/me/keys')).status).toBe(401);
    await ada.call('PATCH', `/api/admin/users/${bobId}`, { disabled: false });
    expect((await app(scanRequest({ code: '', language: 'py' }, { authorization: `Bearer ${key}` }))).status).toBe(200);
  });

  it('signs out (this session) and out everywhere (every session of the user)', async () => {
    const app = createApp(testDeps().deps);
    const one = browser(app);
    await one.call('POST', '/api/auth/sign-up', ADA);
    const two = browser(app);
    expect((await two.call('POST', '/api/auth/sign-in', { email: ADA.email, password: ADA.password })).status).toBe(200);
    expect((await one.call('POST', '/api/auth/sign-out')).headers.get('set-cookie')).toMatch(/^secscan_session=; Path=\/api; Max-Age=0/);
    expect((await one.call('GET', '/api/auth/session')).status).toBe(401);
    expect((await two.call('GET', '/api/auth/session')).status).toBe(200);
    const three = browser(app);
    await three.call('POST', '/api/auth/sign-in', { email: ADA.email, password: ADA.password });
    expect((await two.call('POST', '/api/auth/sign-out-everywhere')).status).toBe(204);
    expect((await three.call('GET', '/api/auth/session')).status).toBe(401);
  });

  it('serves the dashboard page under its CSP, and / leads to it', async () => {
    const files: Record<string, string> = { 'app-1.js': 'console.log(1)', 'app-1.css': 'body{}' };
    const app = createApp({
      ...testDeps().deps,
      dashboard: {
        manifest: async () => ({ script: 'app-1.js', style: 'app-1.css', files: Object.keys(files) }),
        file: async (name) => new TextEncoder().encode(files[name] ?? ''),
      },
    });
    const root = await app(new Request(`${ORIGIN}/`));
    expect([root.status, root.headers.get('location')]).toEqual([302, '/dashboard/']);
    for (const path of ['/dashboard/', '/dashboard/keys', '/dashboard/history/0190a000-0000-7000-8000-000000000001']) {
      const page = await app(new Request(`${ORIGIN}${path}`));
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await page.text()).toContain('<script type="module" src="/dashboard/assets/app-1.js"></script>');
    }
    expect((await app(new Request(`${ORIGIN}/dashboard/assets/app-1.js`))).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await app(new Request(`${ORIGIN}/dashboard/assets/..%2Fmanifest.json`))).status).toBe(404);
    expect((await app(new Request(`${ORIGIN}/dashboard/nope`))).status).toBe(404);
  });
});
