/**
 * The app's side of issue #12 ("no request can stall scanning, leak a secret or slip past a
 * limit"), on plain Requests: edges that must answer the same everywhere, values that must never be
 * logged or echoed, and limits that must hold. The runtime side (real processes on Node, Bun and
 * Deno) is tests/hardening.test.ts.
 */
import { API_KEY_PREFIX, DEFAULT_RATE_LIMITS, mintToken, type ScanResult } from '@secscan/core';
import { sampleStoredScan } from '@secscan/core/testing';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { ScanRefusedError } from './scan-pool/refusal.ts';
import { adminRequest, fakeResult, scanRequest, TEST_ACCESS, testDeps } from './testing/fixtures.ts';

const url = (path: string): string => `http://localhost${path}`;
type Json = Record<string, unknown>;

async function problemOf(response: Response): Promise<Json> {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const body = (await response.json()) as Json;
  expect(body['requestId']).toBe(response.headers.get('x-request-id'));
  return body;
}

/** The env a Node adapter passes: the request-target as sent, and the socket. */
const nodeEnv = (target: string) => ({ incoming: { url: target, socket: { remoteAddress: '127.0.0.1' } }, outgoing: {} });

describe('the request line, before routing (items 12, 15)', () => {
  it('refuses dot segments, plain or percent-encoded, as sent (Node keeps the raw target)', async () => {
    const { deps } = testDeps();
    const app = createApp(deps);
    for (const target of ['/public/%2E%2E/api/admin/keys', '/api/x/../health', '/api/./health', '/api/%2e/health', '/api/.%2E/scan']) {
      // Node's URL parsing resolves the dot segments in request.url; the raw target still has them.
      const resolved = new URL(target, 'http://localhost').href;
      const response = await app(new Request(resolved, { headers: { host: 'localhost' } }), nodeEnv(target));
      expect({ target, status: response.status }).toEqual({ target, status: 400 });
      expect((await problemOf(response))['code']).toBe('bad_request');
    }
  });

  it('refuses them in request.url too (Deno keeps the target as sent there)', async () => {
    const app = createApp(testDeps().deps);
    const response = await app({ method: 'GET', url: 'http://localhost/public/%2E%2E/api/health', headers: new Headers({ host: 'localhost' }) } as unknown as Request, {
      info: { remoteAddr: { hostname: '127.0.0.1' } },
    });
    expect(response.status).toBe(400);
  });

  it('answers OPTIONS *, a missing or invalid Host and a backslash with a 400 problem', async () => {
    const app = createApp(testDeps().deps);
    const env = { info: { remoteAddr: { hostname: '127.0.0.1' } } };
    const cases: [string, Record<string, string>][] = [
      ['http://localhost/*', { host: 'localhost' }],
      ['http://localhost/api/health', {}],
      ['http://localhost/api/health', { host: 'a b' }],
      ['http://localhost/api/health', { host: 'x:99999' }],
      ['http://localhost/api\\health', { host: 'localhost' }],
    ];
    for (const [target, headers] of cases) {
      const request = { method: 'OPTIONS', url: target, headers: new Headers(headers) } as unknown as Request;
      const response = await app(request, env);
      expect({ target, headers, status: response.status }).toEqual({ target, headers, status: 400 });
      await problemOf(response);
    }
    for (const host of ['localhost', 'localhost:8787', '127.0.0.1:1', '[::1]:8787', 'api.example.com']) {
      expect((await app(new Request(url('/api/health'), { headers: { host } }), env)).status).toBe(200);
    }
  });

  it('gives adapters a problem for what their parser refused, logged with its own request id', () => {
    const { deps, recorded } = testDeps();
    const answer = createApp(deps).unparsedProblem('bad_request', 'The request line is malformed.');
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.body) as Json;
    expect(body).toMatchObject({ code: 'bad_request', status: 400, requestId: answer.headers['x-request-id'] });
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(recorded.requests.at(-1)).toMatchObject({ requestId: answer.headers['x-request-id'], status: 400 });
  });
});

describe('bodies (item 15)', () => {
  it('answers a compressed body with 415 and Accept-Encoding: identity', async () => {
    const response = await createApp(testDeps().deps)(scanRequest({ code: '' }, { 'content-encoding': 'gzip' }));
    expect(response.status).toBe(415);
    expect(response.headers.get('accept-encoding')).toBe('identity');
    expect((await problemOf(response))['code']).toBe('unsupported_media_type');
  });

  it('refuses a member named twice, at any depth, with a pointer to it', async () => {
    const app = createApp(testDeps().deps);
    for (const [body, pointer] of [
      ['{"code":"a","code":"b"}', '#/code'],
      ['{"code":"a","language":"js","\\u006canguage":"py"}', '#/language'],
      ['{"name":"k","plan":"free","plan":"pro"}', '#/plan'],
    ] as const) {
      const request = body.includes('plan') ? adminRequest('POST', '/api/admin/keys', body) : scanRequest(body);
      const response = await app(request);
      expect(response.status).toBe(400);
      expect(await problemOf(response)).toMatchObject({ code: 'invalid_json', errors: [{ pointer, detail: 'duplicate member name' }] });
    }
    expect((await app(scanRequest('{"code":"{\\"a\\":1,\\"a\\":2}","language":"js"}'))).status).toBe(200);
  });

  it('refuses lone surrogates in names and filenames (items 7, 11)', async () => {
    const app = createApp(testDeps().deps);
    const scan = await app(scanRequest(`{"code":"","language":"js","filename":"a\\ud800.js"}`, { accept: 'application/sarif+json' }));
    expect(scan.status).toBe(422);
    expect(await problemOf(scan)).toMatchObject({ errors: [{ pointer: '#/filename' }] });
    for (const subject of ['user\\ud800', 'user\\udc00']) {
      const response = await app(adminRequest('POST', '/api/admin/sessions', `{"subject":"${subject}"}`));
      expect(response.status).toBe(422);
    }
    expect((await app(adminRequest('POST', '/api/admin/sessions', '{"subject":"user-😀"}'))).status).toBe(201);
  });

  it("refuses lone surrogates in the dashboard's e-mails, passwords and tokens (item 11)", async () => {
    const app = createApp(testDeps().deps);
    const post = (path: string, body: Json) =>
      app(new Request(url(path), { method: 'POST', headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    const password = 'analytical engine punched cards';
    for (const [path, body, pointer] of [
      ['/api/auth/sign-up', { email: 'ada\ud800@example.com', displayName: 'Ada', password }, '#/email'],
      ['/api/auth/sign-up', { email: 'ada@example.com', displayName: 'Ada', password: `${password}\udc00` }, '#/password'],
      ['/api/auth/sign-in', { email: 'ada@example.com', password: `${password}\ud800` }, '#/password'],
      ['/api/auth/invitation', { token: 'si_\ud800' }, '#/token'],
    ] as const) {
      const response = await post(path, body);
      expect({ path, pointer, status: response.status }).toEqual({ path, pointer, status: 422 });
      expect(await problemOf(response)).toMatchObject({ errors: [{ pointer }] });
    }
    expect((await post('/api/auth/sign-up', { email: 'ada@example.com', displayName: 'Ada', password })).status).toBe(201);
  });

  it('answers a stored scan whose filename has a lone surrogate as SARIF, not 500 (item 7)', async () => {
    const { deps } = testDeps();
    const app = createApp(deps);
    const created = (await (await app(adminRequest('POST', '/api/admin/keys', { name: 'k', plan: 'free' }))).json()) as { id: string; key: string };
    const stored = sampleStoredScan({ owner: `key:${created.id}`, filename: 'src/a\ud800b.js' });
    await deps.stores.scans.save(stored);
    const response = await app(
      new Request(url(`/api/scans/${stored.id}`), { headers: { host: 'localhost', authorization: `Bearer ${created.key}`, accept: 'application/sarif+json' } }),
    );
    expect(response.status).toBe(200);
    const log = (await response.json()) as { runs: { artifacts: { location: { uri: string } }[] }[] };
    expect(log.runs[0]?.artifacts[0]?.location.uri).toBe('src/a%EF%BF%BDb.js');
  });
});

describe('logs and echoes (item 10)', () => {
  it('never echoes or logs a token sent as X-Request-Id, nor a token in the path', async () => {
    const { deps, recorded } = testDeps();
    const app = createApp(deps);
    const key = mintToken(API_KEY_PREFIX);
    const echoed = await app(new Request(url('/api/health'), { headers: { host: 'localhost', 'x-request-id': key } }));
    expect(echoed.headers.get('x-request-id')).not.toBe(key);
    await app(new Request(url(`/api/scans/${key}`), { headers: { host: 'localhost' } }));
    await app(new Request(url(`/api/${encodeURIComponent(key)}/x`), { headers: { host: 'localhost' } }));
    expect(JSON.stringify(recorded)).not.toContain(key.slice(8, 40));
    expect(recorded.requests.map((r) => r.path)).toEqual(['/api/health', '/api/scans/[redacted]', '/api/[redacted]/x']);
    // An ordinary request id is still echoed.
    expect((await app(new Request(url('/api/health'), { headers: { host: 'localhost', 'x-request-id': 'client-trace-42' } }))).headers.get('x-request-id')).toBe('client-trace-42');
  });
});

describe('finding caps (item 3)', () => {
  it('hands the configured caps to the scanner and answers and stores what it left out', async () => {
    const result: ScanResult = {
      ...fakeResult({ code: '' }),
      truncated: true,
      truncatedReason: 'finding cap reached',
      omitted: { total: 5, byRule: { 'javascript.sql-injection': 5 } },
    };
    const calls: unknown[] = [];
    const { deps } = testDeps({
      config: { maxFindings: 7, maxFindingsPerRule: 3 },
      scanner: {
        rules: testDeps().deps.scanner.rules,
        scan: async (_input, options) => {
          calls.push(options);
          return result;
        },
      },
    });
    const app = createApp(deps);
    const response = await app(scanRequest({ code: 'x', language: 'js' }));
    expect(calls).toEqual([expect.objectContaining({ maxFindings: 7, maxFindingsPerRule: 3 })]);
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({ truncated: true, omitted: { total: 5, byRule: { 'javascript.sql-injection': 5 } } });
    const sarif = (await (await app(scanRequest({ code: 'x', language: 'js' }, { accept: 'application/sarif+json' }))).json()) as {
      runs: { invocations: { executionSuccessful: boolean; toolExecutionNotifications: { message: { text: string } }[] }[] }[];
    };
    expect(sarif.runs[0]?.invocations[0]).toMatchObject({
      executionSuccessful: false,
      toolExecutionNotifications: [{ message: { text: 'finding cap reached (5 findings left out)' } }],
    });
  });
});

describe('capacity refusals cost no quota (item 13)', () => {
  it('gives the rate-limit hit back when the scan is refused busy, stopped at the hard timeout or cannot be stored', async () => {
    const refusals: (ScanRefusedError | null)[] = [
      new ScanRefusedError('busy', 'busy', 1),
      new ScanRefusedError('timeout', 'timeout'),
      new ScanRefusedError('closed', 'closing', 1),
      null,
      new ScanRefusedError('failed', 'crashed'),
    ];
    const calls: unknown[] = [];
    const { deps } = testDeps({
      config: { access: { ...TEST_ACCESS, limits: { ...DEFAULT_RATE_LIMITS, anonymousPerMinute: 2 } } },
      scanner: {
        rules: testDeps().deps.scanner.rules,
        scan: async (input, _options, caller) => {
          calls.push(caller);
          const next = refusals.shift();
          if (next) throw next;
          return fakeResult(input);
        },
      },
    });
    const app = createApp(deps);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await app(scanRequest({ code: 'x', language: 'js' }), { info: { remoteAddr: { hostname: '198.51.100.7' } } })).status);
    // busy, timeout, closing: refunded; then 200; a crashed scan (the input's fault) costs its request; then the limit.
    expect(statuses).toEqual([503, 422, 503, 200, 422, 429, 429]);
    expect(calls[0]).toEqual({ fairnessKey: 'anon:ip4:198.51.100.7' });
  });
});
