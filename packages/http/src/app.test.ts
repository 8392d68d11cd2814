import { createMemoryScanStore, isUuidV7, type ScanStore } from '@secscan/core';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import type { AppConfig } from './deps.ts';
import { scanRequest, TEST_ACCESS, testDeps } from './testing/fixtures.ts';

const url = (path: string): string => `http://localhost${path}`;

async function problemOf(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  return (await response.json()) as Record<string, unknown>;
}

describe('createApp routing', () => {
  it('exposes its route table', () => {
    const app = createApp(testDeps().deps);
    expect(
      app.routes
        .filter(
          (route) =>
            route.path.startsWith('/api/scan') ||
            route.path.startsWith('/api/health') ||
            route.path.startsWith('/api/openapi') ||
            route.path.startsWith('/api/docs') ||
            route.path.startsWith('/api/admin/keys') ||
            route.path.startsWith('/api/admin/sessions'),
        )
        .filter((route) => route.method !== 'PATCH'),
    ).toEqual([
      { method: 'POST', path: '/api/scan' },
      { method: 'GET', path: '/api/scans/{scanId}' },
      { method: 'GET', path: '/api/health' },
      { method: 'GET', path: '/api/openapi.json' },
      { method: 'GET', path: '/api/docs' },
      { method: 'GET', path: '/api/docs/scalar.js' },
      { method: 'POST', path: '/api/admin/keys' },
      { method: 'GET', path: '/api/admin/keys' },
      { method: 'DELETE', path: '/api/admin/keys/{id}' },
      { method: 'POST', path: '/api/admin/sessions' },
      { method: 'DELETE', path: '/api/admin/sessions/{id}' },
    ]);
  });

  it('has the admin API and accounts whenever access control is on, and neither without it', () => {
    const routes = (access: AppConfig['access']) =>
      createApp(testDeps({ config: { access } }).deps)
        .routes.map((r) => r.path)
        .filter((path) => path.startsWith('/api/'));
    expect(routes({ ...TEST_ACCESS, adminTokenSha256: null })).toContain('/api/admin/keys');
    expect(routes({ ...TEST_ACCESS, adminTokenSha256: null })).toContain('/api/me/keys');
    expect(routes(null)).toEqual(['/api/scan', '/api/scans/{scanId}', '/api/health', '/api/openapi.json', '/api/docs', '/api/docs/scalar.js']);
  });

  it('answers an unknown path with a 404 problem', async () => {
    const app = createApp(testDeps().deps);
    const response = await app(new Request(url('/nope?page=2')));
    expect(response.status).toBe(404);
    const body = await problemOf(response);
    expect(body).toMatchObject({ type: 'urn:secscan:problem:not_found', title: 'Not found', status: 404, code: 'not_found' });
    expect(body['requestId']).toBe(response.headers.get('x-request-id'));
  });

  it.each([
    ['GET', '/api/scan', 'POST'],
    ['PUT', '/api/scan', 'POST'],
    ['POST', '/api/health', 'GET, HEAD'],
    ['DELETE', '/api/docs', 'GET, HEAD'],
    ['OPTIONS', '/api/openapi.json', 'GET, HEAD'],
  ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
    const app = createApp(testDeps().deps);
    const response = await app(new Request(url(path), { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect((await problemOf(response))['code']).toBe('method_not_allowed');
  });

  it('answers HEAD like GET without a body', async () => {
    const app = createApp(testDeps().deps);
    const response = await app(new Request(url('/api/health'), { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('');
  });

  it('sends nosniff on every response', async () => {
    const app = createApp(testDeps().deps);
    for (const path of ['/api/health', '/nope']) {
      expect((await app(new Request(url(path)))).headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('X-Request-Id', () => {
  it('echoes a sane incoming id', async () => {
    const app = createApp(testDeps().deps);
    const response = await app(new Request(url('/api/health'), { headers: { 'x-request-id': 'trace-123' } }));
    expect(response.headers.get('x-request-id')).toBe('trace-123');
  });

  it('replaces an unsafe or oversized id with a generated UUID v7', async () => {
    const app = createApp({ ...testDeps().deps, newId: undefined as never });
    for (const incoming of ['bad id with spaces', 'x'.repeat(200)]) {
      const response = await app(new Request(url('/api/health'), { headers: { 'x-request-id': incoming } }));
      expect(isUuidV7(response.headers.get('x-request-id') ?? '')).toBe(true);
    }
  });
});

describe('POST /api/scan', () => {
  it('scans, stores the scan without its code, and answers the DESIGN §2 shape', async () => {
    const { deps, recorded } = testDeps();
    const app = createApp(deps);
    const response = await app(scanRequest({ code: 'db.query(q)', language: 'JS', filename: 'src/app.js' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('vary')).toBe('Accept');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['scanId', 'language', 'filename', 'findings', 'summary', 'suppressed', 'truncated', 'partialParse', 'engine', 'durationMs']);
    expect(body).toMatchObject({ language: 'javascript', filename: 'src/app.js', summary: { total: 1, high: 1 }, suppressed: 0, truncated: false });
    expect(recorded.scans[0]?.input).toEqual({ code: 'db.query(q)', language: 'javascript', filename: 'src/app.js' });
    expect(recorded.scans[0]?.options).toEqual({ timeBudgetMs: 1000 });
    const stored = await deps.stores.scans.get(String(body['scanId']), null);
    expect(stored).toMatchObject({ id: body['scanId'], owner: null, language: 'javascript', filename: 'src/app.js', codeBytes: 11, createdAt: '2026-01-02T03:04:05.000Z' });
    expect(stored?.findings).toHaveLength(1);
    expect(stored && 'code' in stored).toBe(false);
  });

  it('keeps the code when SECSCAN_STORE_CODE is on', async () => {
    const { deps } = testDeps({ config: { storeCode: true } });
    const body = (await (await createApp(deps)(scanRequest({ code: 'x = 1', language: 'py' }))).json()) as { scanId: string };
    expect((await deps.stores.scans.get(body.scanId, null))?.code).toBe('x = 1');
  });

  it('infers the language from the filename', async () => {
    const { deps, recorded } = testDeps();
    const response = await createApp(deps)(scanRequest({ code: 'import os', filename: 'tools/run.py' }));
    expect(((await response.json()) as { language: string }).language).toBe('python');
    expect(recorded.scans[0]?.input.language).toBe('python');
  });

  it('lets an explicit language win over the filename', async () => {
    const { deps } = testDeps();
    const response = await createApp(deps)(scanRequest({ code: '', language: 'golang', filename: 'a.py' }));
    expect(((await response.json()) as { language: string }).language).toBe('go');
  });

  it('answers SARIF 2.1.0 when asked for it', async () => {
    const app = createApp(testDeps().deps);
    const response = await app(scanRequest({ code: 'x', language: 'js', filename: 'dir\\my app.js' }, { accept: 'application/sarif+json' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/sarif+json');
    const log = (await response.json()) as {
      version: string;
      runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[]; properties: { scanId: string } }[];
    };
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0]?.results[0]?.locations[0]?.physicalLocation.artifactLocation.uri).toBe('dir/my%20app.js');
    expect(isUuidV7(log.runs[0]?.properties.scanId ?? '')).toBe(true);
  });

  it.each([
    ['no Content-Type', {}],
    ['text/plain', { 'content-type': 'text/plain' }],
    ['form data', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('refuses %s with 415', async (_name, headers) => {
    const app = createApp(testDeps().deps);
    const response = await app(new Request(url('/api/scan'), { method: 'POST', headers, body: '{"code":""}' }));
    expect(response.status).toBe(415);
    expect(response.headers.get('accept-post')).toBe('application/json');
    expect((await problemOf(response))['code']).toBe('unsupported_media_type');
  });

  it.each([
    ['invalid JSON', '{"code": '],
    ['an array', '[1, 2]'],
    ['null', 'null'],
    ['a string', '"code"'],
    ['an empty body', ''],
  ])('refuses %s with 400 invalid_json', async (_name, body) => {
    const response = await createApp(testDeps().deps)(scanRequest(body));
    expect(response.status).toBe(400);
    expect((await problemOf(response))['code']).toBe('invalid_json');
  });

  it('refuses invalid UTF-8 with 400 and never echoes the body', async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x63, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const response = await createApp(testDeps().deps)(new Request(url('/api/scan'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: bytes }));
    expect(response.status).toBe(400);
  });

  it('does not echo the body in a JSON parse error', async () => {
    const response = await createApp(testDeps().deps)(scanRequest('{"code": "SECRET_CANARY_42" oops}'));
    expect(await response.text()).not.toContain('SECRET_CANARY_42');
  });

  it('lists every schema violation with a JSON Pointer', async () => {
    const response = await createApp(testDeps().deps)(scanRequest({ code: 42, language: '', lang: 'js' }));
    expect(response.status).toBe(422);
    const body = await problemOf(response);
    expect(body['code']).toBe('validation_failed');
    expect(body['errors']).toEqual([
      { pointer: '#/code', detail: 'code must be a string' },
      { pointer: '#/language', detail: 'language must not be empty' },
      { pointer: '#/lang', detail: 'unknown field; the fields are code, language, filename' },
    ]);
  });

  it('points at a missing code and an oversized filename', async () => {
    const response = await createApp(testDeps().deps)(scanRequest({ filename: 'a'.repeat(1025) }));
    const body = await problemOf(response);
    expect(body['errors']).toEqual([
      { pointer: '#/code', detail: 'code is required' },
      { pointer: '#/filename', detail: 'filename must be at most 1024 characters' },
    ]);
  });

  it('answers 422 unsupported_language with the supported ids', async () => {
    const app = createApp(testDeps().deps);
    for (const [request, pointer] of [
      [{ code: '', language: 'cobol' }, '#/language'],
      [{ code: '', filename: 'README' }, '#/filename'],
      [{ code: '' }, '#/language'],
    ] as const) {
      const response = await app(scanRequest(request));
      expect(response.status).toBe(422);
      const body = await problemOf(response);
      expect(body).toMatchObject({ code: 'unsupported_language', title: 'Unsupported language', errors: [{ pointer }] });
      expect(body['supportedLanguages']).toContain('javascript');
    }
  });

  it('counts the code limit in UTF-8 bytes, not characters', async () => {
    const app = createApp(testDeps().deps);
    // 400 characters of '€' are 1200 UTF-8 bytes, over the 1024-byte test limit.
    const response = await app(scanRequest({ code: '€'.repeat(400), language: 'js' }));
    expect(response.status).toBe(413);
    const body = await problemOf(response);
    expect(body).toMatchObject({ code: 'payload_too_large', errors: [{ pointer: '#/code' }] });
    expect((await app(scanRequest({ code: '€'.repeat(341), language: 'js' }))).status).toBe(200);
  });

  it('refuses a Content-Length over the body limit with 413', async () => {
    const response = await createApp(testDeps().deps)(scanRequest({ code: 'a'.repeat(5000) }));
    expect(response.status).toBe(413);
    expect((await problemOf(response))['code']).toBe('payload_too_large');
  });

  it('refuses a streamed body over the limit with 413 as it crosses the limit, and discards the rest without keeping the connection open for it', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (++pulled > 200) controller.close();
          else controller.enqueue(new Uint8Array(1024).fill(0x20));
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request(url('/api/scan'), { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    const response = await createApp(testDeps().deps)(request);
    expect(response.status).toBe(413);
    // No Connection: close — the rest of the body is read and discarded (RFC 9112 §9.6), so a client
    // still sending reads this answer instead of a reset (issue #12).
    expect(response.headers.get('connection')).toBeNull();
    for (let i = 0; i < 200 && pulled <= 200; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(pulled).toBe(201);
  });

  it('refuses a body longer than its own Content-Length with 413', async () => {
    // A stand-in request: Request() itself would not let the body and the header disagree, an adapter might.
    let chunks = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (++chunks > 50) controller.close();
        else controller.enqueue(new Uint8Array(64).fill(0x20));
      },
    });
    const request = { method: 'POST', url: url('/api/scan'), headers: new Headers({ 'content-type': 'application/json', 'content-length': '100' }), body };
    const response = await createApp(testDeps().deps)(request as unknown as Request);
    expect(response.status).toBe(413);
    expect((await problemOf(response))['detail']).toBe('The request body is longer than its Content-Length.');
  });

  it('answers 503 when the scan cannot be stored', async () => {
    const failing: ScanStore = {
      ...createMemoryScanStore(),
      save: async () => Promise.reject(new Error('disk full')),
      get: async () => null,
      deleteCreatedBefore: async () => 0,
      ping: async () => {},
    };
    const response = await createApp(testDeps({ scans: failing }).deps)(scanRequest({ code: '', language: 'js' }));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect((await problemOf(response))['code']).toBe('unavailable');
  });

  it('answers 500 without a stack trace when the scanner throws, and logs it with the request id', async () => {
    const { deps, recorded } = testDeps();
    const app = createApp({
      ...deps,
      scanner: {
        rules: [],
        scan: async () => {
          throw new Error('engine exploded at walker.ts:42');
        },
      },
    });
    const response = await app(scanRequest({ code: '', language: 'js' }, { 'x-request-id': 'req-500' }));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('walker.ts');
    expect(text).not.toContain('exploded');
    expect(JSON.parse(text)).toMatchObject({ code: 'internal', requestId: 'req-500' });
    expect(recorded.errors).toHaveLength(1);
    expect(recorded.errors[0]).toMatchObject({ requestId: 'req-500', path: '/api/scan', error: { name: 'Error', message: 'engine exploded at walker.ts:42' } });
  });
});

describe('request log', () => {
  it('records one entry per request, without the query string', async () => {
    const { deps, recorded } = testDeps();
    const app = createApp(deps);
    await app(new Request(url('/api/health?api_key=sk_live_secret'), { headers: { 'x-request-id': 'log-1' } }));
    await app(scanRequest({ code: 'password = "hunter2"', language: 'py' }, { authorization: 'Bearer sk_live_secret' }));
    expect(recorded.requests).toHaveLength(2);
    expect(recorded.requests[0]).toMatchObject({ requestId: 'log-1', method: 'GET', path: '/api/health', status: 400 });
    expect(recorded.requests[1]).toMatchObject({ method: 'POST', path: '/api/scan', status: 401 });
    expect(typeof recorded.requests[0]?.durationMs).toBe('number');
    expect(JSON.stringify(recorded.requests)).not.toMatch(/sk_live_secret|hunter2|api_key/);
  });
});

describe('GET /api/health', () => {
  it('answers ok when the store answers its ping', async () => {
    const response = await createApp(testDeps().deps)(new Request(url('/api/health')));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', timestamp: '2026-01-02T03:04:05.000Z', version: '9.9.9-test', db: 'connected' });
  });

  it('answers 503 degraded when the ping fails', async () => {
    const down: ScanStore = {
      ...createMemoryScanStore(),
      save: async () => {},
      get: async () => null,
      deleteCreatedBefore: async () => 0,
      ping: async () => Promise.reject(new Error('down')),
    };
    const response = await createApp(testDeps({ scans: down }).deps)(new Request(url('/api/health')));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'degraded', db: 'disconnected' });
  });

  it('answers 503 within the deadline when the ping hangs', async () => {
    const hanging: ScanStore = {
      ...createMemoryScanStore(),
      save: async () => {},
      get: async () => null,
      deleteCreatedBefore: async () => 0,
      ping: () => new Promise<void>(() => {}),
    };
    const app = createApp(testDeps({ scans: hanging, config: { healthTimeoutMs: 100 } }).deps);
    const started = performance.now();
    const response = await app(new Request(url('/api/health')));
    const elapsed = performance.now() - started;
    expect(response.status).toBe(503);
    expect(elapsed).toBeGreaterThanOrEqual(90);
    expect(elapsed).toBeLessThan(1000);
  });

  it('answers 503 when the ping throws synchronously', async () => {
    const broken = {
      save: async () => {},
      get: async () => null,
      ping: () => {
        throw new Error('sync');
      },
    } as unknown as ScanStore;
    expect((await createApp(testDeps({ scans: broken }).deps)(new Request(url('/api/health')))).status).toBe(503);
  });
});

describe('CORS', () => {
  const origin = 'https://app.example';

  it('answers a preflight from an allowed origin and varies by Origin', async () => {
    const app = createApp(testDeps({ config: { corsOrigins: [origin] } }).deps);
    const preflight = await app(
      new Request(url('/api/scan'), { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('vary')).toBe('Origin');
    const scan = await app(scanRequest({ code: '', language: 'js' }, { origin }));
    expect(scan.headers.get('access-control-allow-origin')).toBe(origin);
    expect(scan.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    expect(scan.headers.get('vary')).toBe('Origin, Accept');
  });

  it('gives other origins no CORS headers but still varies by Origin', async () => {
    const app = createApp(testDeps({ config: { corsOrigins: [origin] } }).deps);
    const response = await app(new Request(url('/api/health'), { headers: { origin: 'https://evil.example' } }));
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('is off by default: a preflight is just an OPTIONS (405)', async () => {
    const app = createApp(testDeps().deps);
    const response = await app(new Request(url('/api/scan'), { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } }));
    expect(response.status).toBe(405);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('docs', () => {
  it('serves the page with a strict CSP and a content-hashed script URL', async () => {
    const app = createApp(testDeps().deps);
    const response = await app(new Request(url('/api/docs')));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    const html = await response.text();
    expect(html).toMatch(/<script src="\/api\/docs\/scalar\.js\?v=[0-9a-f]{16}"><\/script>/);
    expect(html).toContain('data-url="/api/openapi.json"');
    expect(html).toContain('&quot;withDefaultFonts&quot;:false');
    expect(html).not.toMatch(/<script>[^<]/); // no inline script for the CSP to allow
  });

  it('serves the bundle with long caching and answers a matching If-None-Match with 304', async () => {
    const app = createApp(testDeps().deps);
    const response = await app(new Request(url('/api/docs/scalar.js')));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('/* scalar */');
    const etag = response.headers.get('etag') ?? '';
    const again = await app(new Request(url('/api/docs/scalar.js'), { headers: { 'if-none-match': etag } }));
    expect(again.status).toBe(304);
  });

  it('answers 500 when the bundle cannot be read, and retries on the next request', async () => {
    let calls = 0;
    const { deps, recorded } = testDeps({
      docs: {
        scalarJs: async () => {
          calls++;
          if (calls === 1) throw new Error('ENOENT');
          return new Uint8Array([0x31]);
        },
      },
    });
    const app = createApp(deps);
    expect((await app(new Request(url('/api/docs')))).status).toBe(500);
    expect(recorded.errors[0]?.error.message).toBe('ENOENT');
    expect((await app(new Request(url('/api/docs')))).status).toBe(200);
  });
});
