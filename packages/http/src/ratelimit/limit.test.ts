import { DEFAULT_RATE_LIMITS, type RateLimitStore } from '@secscan/core';
import { describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import type { AccessConfig } from '../deps.ts';
import { adminRequest, scanRequest, TEST_ACCESS, testDeps } from '../testing/fixtures.ts';

type Json = Record<string, unknown>;

/** Test deps with DESIGN §4's default limits, the clock at the start of an hour (10:00:00). */
function limitedApp(access: Partial<AccessConfig> = {}, corsOrigins: string[] = []) {
  const { deps, clock } = testDeps({ config: { access: { ...TEST_ACCESS, limits: { ...DEFAULT_RATE_LIMITS }, ...access }, corsOrigins } });
  clock.set(Date.UTC(2026, 0, 2, 10, 0, 0));
  return { app: createApp(deps), clock, deps };
}

/** The adapter env Deno passes, for a client address. */
const from = (hostname: string) => ({ info: { remoteAddr: { transport: 'tcp', hostname, port: 40000 } } });

const scan = (app: App, headers: Record<string, string> = {}, env: unknown = from('192.0.2.1')): Promise<Response> => app(scanRequest({ code: '', language: 'js' }, headers), env);

async function newKey(app: App, plan: 'free' | 'pro' | 'enterprise', requestsPerMinute?: number): Promise<string> {
  const response = await app(adminRequest('POST', '/api/admin/keys', { name: plan, plan, ...(requestsPerMinute ? { requestsPerMinute } : {}) }));
  return String(((await response.json()) as Json)['key']);
}

describe('rate limits through the HTTP API (memory store)', () => {
  it('admits exactly 10 of 30 concurrent anonymous requests', async () => {
    const { app } = limitedApp();
    const responses = await Promise.all(Array.from({ length: 30 }, () => scan(app)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it('admits exactly 100 of 120 concurrent requests with a free key', async () => {
    const { app } = limitedApp();
    const key = await newKey(app, 'free');
    const responses = await Promise.all(Array.from({ length: 120 }, () => scan(app, { authorization: `Bearer ${key}` })));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(100);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(20);
    const remaining = responses.filter((r) => r.status === 200).map((r) => Number(/r=(\d+)/.exec(r.headers.get('ratelimit') ?? '')?.[1]));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('lets the hour window bind at the 101st request of an hour spread over 11 minutes', async () => {
    const { app, clock } = limitedApp();
    const start = clock.now();
    for (let minute = 0; minute < 10; minute++) {
      clock.set(start + minute * 60_000 + 500);
      const statuses = await Promise.all(Array.from({ length: 10 }, async () => (await scan(app)).status));
      expect(statuses).toEqual(Array(10).fill(200));
    }
    clock.set(start + 10 * 60_000 + 30_000); // 10:10:30
    const refused = await scan(app);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('2970');
    expect(refused.headers.get('ratelimit')).toBe('"anon-minute";r=10;t=30, "anon-hour";r=0;t=2970');
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', 'violated-policies': ['anon-hour'] });
  });

  it('puts RateLimit-Policy and RateLimit on every scan answer, and Retry-After plus violated-policies on a 429', async () => {
    const { app, clock } = limitedApp();
    clock.advance(18_000); // 10:00:18
    const ok = await scan(app);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ratelimit-policy')).toBe('"anon-minute";q=10;w=60, "anon-hour";q=100;w=3600');
    expect(ok.headers.get('ratelimit')).toBe('"anon-minute";r=9;t=42, "anon-hour";r=99;t=3582');
    expect(ok.headers.get('retry-after')).toBeNull();
    // A request the limiter admitted but the validator refused still says where the caller stands.
    const invalid = await app(scanRequest({ code: 1 }), from('192.0.2.1'));
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('ratelimit')).toBe('"anon-minute";r=8;t=42, "anon-hour";r=98;t=3582');
    for (let i = 0; i < 8; i++) await scan(app);
    const refused = await scan(app);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(refused.headers.get('retry-after')).toBe('42');
    expect(refused.headers.get('ratelimit')).toBe('"anon-minute";r=0;t=42, "anon-hour";r=90;t=3582');
    const body = (await refused.json()) as Json;
    expect(body).toMatchObject({ type: 'urn:secscan:problem:rate_limited', title: 'Too many requests', status: 429, code: 'rate_limited', 'violated-policies': ['anon-minute'] });
    expect(body['detail']).toBe('Rate limit exceeded (anon-minute: 10 requests per 60 s). Retry after 42 s.');
    // Refused requests counted against nothing: the hour still has 90 left after the next minute's first.
    clock.advance(42_000);
    expect((await scan(app)).headers.get('ratelimit')).toBe('"anon-minute";r=9;t=60, "anon-hour";r=89;t=3540');
  });

  it('counts anonymous callers per IPv4 address and per IPv6 /56, IPv4-mapped as IPv4', async () => {
    const { app } = limitedApp({ limits: { ...DEFAULT_RATE_LIMITS, anonymousPerMinute: 1 } });
    expect((await scan(app, {}, from('203.0.113.7'))).status).toBe(200);
    expect((await scan(app, {}, from('::ffff:203.0.113.7'))).status).toBe(429);
    expect((await scan(app, {}, from('203.0.113.8'))).status).toBe(200);
    expect((await scan(app, {}, from('2001:db8:aa:bb01::1'))).status).toBe(200);
    expect((await scan(app, {}, from('2001:db8:aa:bbff:1:2:3:4'))).status).toBe(429);
    expect((await scan(app, {}, from('2001:db8:aa:bc00::1'))).status).toBe(200);
  });

  it('believes X-Forwarded-For only with SECSCAN_TRUST_PROXY', async () => {
    const strict = limitedApp({ limits: { ...DEFAULT_RATE_LIMITS, anonymousPerMinute: 1 } }).app;
    expect((await scan(strict, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(200);
    expect((await scan(strict, { 'x-forwarded-for': '198.51.100.2' })).status).toBe(429); // same socket address
    const proxied = limitedApp({ trustProxyHops: 1, limits: { ...DEFAULT_RATE_LIMITS, anonymousPerMinute: 1 } }).app;
    const proxy = from('10.0.0.2'); // a private address: the default SECSCAN_TRUSTED_PROXIES
    expect((await scan(proxied, { 'x-forwarded-for': '198.51.100.1' }, proxy)).status).toBe(200);
    expect((await scan(proxied, { 'x-forwarded-for': '198.51.100.2' }, proxy)).status).toBe(200);
    expect((await scan(proxied, { 'x-forwarded-for': '198.51.100.9, 198.51.100.2' }, proxy)).status).toBe(429);
    // A peer that is not a trusted proxy is the client, whatever it writes (issue #12).
    expect((await scan(proxied, { 'x-forwarded-for': '198.51.100.3' }, from('203.0.113.9'))).status).toBe(200);
    expect((await scan(proxied, { 'x-forwarded-for': '198.51.100.4' }, from('203.0.113.9'))).status).toBe(429);
  });

  it('gives plans their limits and sessions one budget per subject', async () => {
    const limits = { ...DEFAULT_RATE_LIMITS, sessionPerMinute: 2, proPerMinute: 3 };
    const { app } = limitedApp({ limits });
    const pro = await newKey(app, 'pro');
    const enterprise = await newKey(app, 'enterprise', 2);
    const statuses = async (headers: Record<string, string>, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await scan(app, headers)).status);
      return out;
    };
    expect(await statuses({ authorization: `Bearer ${pro}` }, 4)).toEqual([200, 200, 200, 429]);
    const enterpriseAnswer = await scan(app, { authorization: `Bearer ${enterprise}` });
    expect(enterpriseAnswer.headers.get('ratelimit-policy')).toBe('"enterprise-minute";q=2;w=60');
    const sessions = [];
    for (let i = 0; i < 2; i++) sessions.push(String(((await (await app(adminRequest('POST', '/api/admin/sessions', { subject: 'bob' }))).json()) as Json)['token']));
    expect((await scan(app, { authorization: `Bearer ${sessions[0]}` })).headers.get('ratelimit-policy')).toBe('"session-minute";q=2;w=60');
    expect((await scan(app, { authorization: `Bearer ${sessions[1]}` })).status).toBe(200);
    expect((await scan(app, { authorization: `Bearer ${sessions[0]}` })).status).toBe(429);
  });

  it('fails closed with 503 when the rate-limit store is down', async () => {
    const down: RateLimitStore = {
      hit: async () => Promise.reject(new Error('down')),
      refund: async () => {},
      peek: async () => Promise.reject(new Error('down')),
      deleteExpired: async () => 0,
      ping: async () => {},
    };
    const { deps } = testDeps({ stores: { rateLimits: down } });
    const response = await createApp(deps)(scanRequest({ code: '' }));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(((await response.json()) as Json)['code']).toBe('unavailable');
  });

  it('exposes the headers to allowed browser origins', async () => {
    const { app } = limitedApp({}, ['https://app.example']);
    const response = await scan(app, { origin: 'https://app.example' });
    expect(response.headers.get('access-control-expose-headers')).toContain('RateLimit, RateLimit-Policy');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('sends no RateLimit headers when access control is off', async () => {
    const { deps } = testDeps({ config: { access: null } });
    const response = await createApp(deps)(scanRequest({ code: '', language: 'js' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit')).toBeNull();
  });
});
