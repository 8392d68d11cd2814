/**
 * The HTTP conformance suite: the same assertions against secscan on Node, Bun and Deno, each a
 * real process on a real socket. A behaviour that differs between runtimes fails here.
 */
import { readFileSync } from 'node:fs';
import { API_KEY_PREFIX, isUuidV7, LANGUAGES, mintToken, VERSION } from '@secscan/core';
import { createTestDatabase, type TestDatabase } from '@secscan/postgres/testing';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromMinuteEdge, remainingOf, requestFrom } from './support/http-from.ts';
import { hasCompleteResponse, rawConnect } from './support/raw-http.ts';
import { ROOT, RUNTIMES, startServer, type ServerProcess } from './support/servers.ts';

const SAMPLE = readFileSync(`${ROOT}tests/fixtures/scan-30-lines.js`, 'utf8');
const SCALAR_BYTES = readFileSync(`${ROOT}node_modules/@scalar/api-reference/dist/browser/standalone.js`).byteLength;
const SARIF_SCHEMA = JSON.parse(readFileSync(`${ROOT}tests/fixtures/sarif-schema-2.1.0.json`, 'utf8')) as object;

/** Small limits so the size tests stay quick; CORS on for one origin; anonymous limits out of the way (the access suite tests them). */
const ENV = {
  SECSCAN_MAX_CODE_BYTES: '4096',
  SECSCAN_MAX_BODY_BYTES: '16384',
  SECSCAN_CORS_ORIGINS: 'https://app.example',
  SECSCAN_ANON_RPM: '100000',
  SECSCAN_ANON_RPH: '100000',
};

/** The admin token of the access suite's servers. */
const ADMIN_TOKEN = 'conformance-admin-token-6f1c2a9e-4b7d-4e0a-9c3f';

const sarifValidator = (() => {
  const ajv = new Ajv({ strict: false, allErrors: true }); // the OASIS schema is draft-07, Ajv's default dialect
  addFormats.default(ajv);
  return ajv.compile(SARIF_SCHEMA);
})();

type Json = Record<string, unknown>;

describe.each(RUNTIMES)('secscan on $name', (runtime) => {
  let server: ServerProcess;
  const url = (path: string): string => `${server.url}${path}`;
  const scan = (body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(url('/api/scan'), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const problemOf = async (response: Response): Promise<Json> => {
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = (await response.json()) as Json;
    expect(body['type']).toBe(`urn:secscan:problem:${String(body['code'])}`);
    expect(body['status']).toBe(response.status);
    expect(body['requestId']).toBe(response.headers.get('x-request-id'));
    return body;
  };

  beforeAll(async () => {
    server = await startServer(runtime, ENV);
  });

  afterAll(async () => {
    await server?.stop();
  });

  describe('GET /api/health', () => {
    it('answers ok with the service version', async () => {
      const before = Date.now();
      const response = await fetch(url('/api/health'));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      const body = (await response.json()) as Json;
      expect(body).toEqual({ status: 'ok', timestamp: expect.any(String), version: VERSION, db: 'connected' });
      const at = Date.parse(String(body['timestamp']));
      expect(String(body['timestamp'])).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('answers HEAD with the headers and no body', async () => {
      const response = await fetch(url('/api/health'), { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.text()).toBe('');
    });
  });

  describe('GET /api/openapi.json', () => {
    it('serves the OpenAPI 3.1 document of exactly our routes', async () => {
      const response = await fetch(url('/api/openapi.json'));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      const doc = (await response.json()) as { openapi: string; info: Json; paths: Record<string, Json> };
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.info['version']).toBe(VERSION);
      expect(
        Object.entries(doc.paths)
          .flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`))
          .sort(),
      ).toEqual(
        [
          'post /api/scan',
          'get /api/scans/{scanId}',
          'get /api/health',
          'get /api/openapi.json',
          'get /api/docs',
          'get /api/docs/scalar.js',
          // The admin API (the admin token, or an admin user's session) and the dashboard's own API.
          ...[
            'post /api/admin/keys',
            'get /api/admin/keys',
            'delete /api/admin/keys/{id}',
            'patch /api/admin/keys/{id}',
            'post /api/admin/sessions',
            'delete /api/admin/sessions/{id}',
          ],
          ...['get /api/admin/users', 'patch /api/admin/users/{id}', 'post /api/admin/invitations', 'get /api/admin/invitations', 'delete /api/admin/invitations/{id}'],
          ...['get /api/admin/settings', 'patch /api/admin/settings', 'get /api/auth/config', 'post /api/auth/sign-up', 'post /api/auth/sign-in', 'post /api/auth/invitation'],
          ...['get /api/auth/session', 'post /api/auth/sign-out', 'post /api/auth/sign-out-everywhere', 'post /api/me/password', 'get /api/me/keys', 'post /api/me/keys'],
          ...['delete /api/me/keys/{id}', 'get /api/me/usage', 'get /api/me/scans', 'get /api/me/scans/{scanId}'],
        ].sort(),
      );
      expect(String(doc.info['description'])).toContain('`code` of at most 4 KiB');
    });
  });

  describe('GET /api/docs', () => {
    it('serves the page with a strict CSP and the bundle from this server, cached by content', async () => {
      const page = await fetch(url('/api/docs'));
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const csp = page.headers.get('content-security-policy') ?? '';
      for (const directive of ["default-src 'none'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
      const html = await page.text();
      const src = /<script src="([^"]+)"><\/script>/.exec(html)?.[1] ?? '';
      expect(src).toMatch(/^\/api\/docs\/scalar\.js\?v=[0-9a-f]{16}$/);

      const script = await fetch(url(src));
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await script.arrayBuffer()).byteLength).toBe(SCALAR_BYTES);
      const etag = script.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
      const again = await fetch(url(src), { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    });
  });

  describe('POST /api/scan', () => {
    it('scans a 30-line file and answers the documented shape', async () => {
      const response = await scan({ code: SAMPLE, language: 'javascript', filename: 'src/app.js' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as Json & { findings: Json[]; summary: Record<string, number> };
      expect(isUuidV7(String(body['scanId']))).toBe(true);
      expect(body).toMatchObject({ language: 'javascript', filename: 'src/app.js', truncated: false, suppressed: 0, engine: { version: VERSION } });
      expect(body.findings.map((f) => f['ruleId'])).toContain('javascript.sql-injection');
      const sqli = body.findings.find((f) => f['ruleId'] === 'javascript.sql-injection');
      expect(sqli).toMatchObject({ cwe: ['CWE-89'], location: { startLine: 12 } });
      expect(body.summary['total']).toBe(body.findings.length);
      expect(typeof body['durationMs']).toBe('number');
    });

    it('accepts language aliases in any case', async () => {
      for (const [alias, id] of [
        ['JS', 'javascript'],
        ['node', 'javascript'],
        ['py', 'python'],
        ['Python3', 'python'],
        ['golang', 'go'],
        ['c++', 'cpp'],
        ['C#', 'csharp'],
        ['rb', 'ruby'],
        ['tsx', 'typescript'],
      ] as const) {
        const response = await scan({ code: 'x = 1', language: alias });
        expect({ alias, status: response.status, language: ((await response.json()) as Json)['language'] }).toEqual({ alias, status: 200, language: id });
      }
    });

    it('infers the language from the filename', async () => {
      for (const [filename, id] of [
        ['app/main.py', 'python'],
        ['src\\Program.cs', 'csharp'],
        ['web/index.PHP', 'php'],
        ['.env', 'generic'],
      ] as const) {
        const response = await scan({ code: '', filename });
        expect({ filename, language: ((await response.json()) as Json)['language'] }).toEqual({ filename, language: id });
      }
    });

    it('answers a valid SARIF 2.1.0 log when asked with Accept', async () => {
      const response = await scan({ code: SAMPLE, language: 'js', filename: 'src/my app.js' }, { accept: 'application/sarif+json' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/sarif+json');
      const log = (await response.json()) as { version: string; runs: { results: Json[]; properties: Json }[] };
      const valid = sarifValidator(log);
      expect(sarifValidator.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
      expect(log.version).toBe('2.1.0');
      expect(log.runs[0]?.results.map((r) => r['ruleId'])).toContain('javascript.sql-injection');
      expect(isUuidV7(String(log.runs[0]?.properties['scanId']))).toBe(true);
    });
  });

  describe('errors', () => {
    it('answers an unknown path with 404', async () => {
      const response = await fetch(url('/api/nope'));
      expect(response.status).toBe(404);
      expect((await problemOf(response))['code']).toBe('not_found');
    });

    it.each([
      ['GET', '/api/scan', 'POST'],
      ['DELETE', '/api/scan', 'POST'],
      ['POST', '/api/health', 'GET, HEAD'],
      ['PUT', '/api/openapi.json', 'GET, HEAD'],
      ['PATCH', '/api/docs', 'GET, HEAD'],
    ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
      const response = await fetch(url(path), { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect((await problemOf(response))['code']).toBe('method_not_allowed');
    });

    it.each([
      ['text/plain', { 'content-type': 'text/plain' }],
      ['form data', { 'content-type': 'application/x-www-form-urlencoded' }],
    ])('refuses %s with 415', async (_name, headers) => {
      const response = await fetch(url('/api/scan'), { method: 'POST', headers, body: '{"code":""}' });
      expect(response.status).toBe(415);
      expect((await problemOf(response))['code']).toBe('unsupported_media_type');
    });

    it('refuses a body without Content-Type with 415', async () => {
      const response = await fetch(url('/api/scan'), { method: 'POST', body: new TextEncoder().encode('{"code":""}') });
      expect(response.status).toBe(415);
    });

    it.each([
      ['invalid JSON', '{"code": "unterminated'],
      ['a JSON array', '[{"code": ""}]'],
      ['JSON null', 'null'],
      ['a JSON string', '"db.query(x)"'],
    ])('refuses %s with 400 invalid_json', async (_name, body) => {
      const response = await scan(body);
      expect(response.status).toBe(400);
      const problem = await problemOf(response);
      expect(problem).toMatchObject({ code: 'invalid_json', title: 'Request body is not a JSON object' });
    });

    it('lists schema violations with JSON Pointers (422)', async () => {
      const response = await scan({ code: 7, language: '', filename: 'x'.repeat(1025), lang: 'js' });
      expect(response.status).toBe(422);
      const problem = await problemOf(response);
      expect(problem).toMatchObject({ code: 'validation_failed', title: 'Validation failed' });
      expect(problem['errors']).toEqual([
        { pointer: '#/code', detail: 'code must be a string' },
        { pointer: '#/language', detail: 'language must not be empty' },
        { pointer: '#/filename', detail: 'filename must be at most 1024 characters' },
        { pointer: '#/lang', detail: 'unknown field; the fields are code, language, filename' },
      ]);
      const missing = await problemOf(await scan({ language: 'js' }));
      expect(missing['errors']).toEqual([{ pointer: '#/code', detail: 'code is required' }]);
    });

    it('answers 422 unsupported_language with the supported ids', async () => {
      for (const [body, pointer] of [
        [{ code: '', language: 'cobol' }, '#/language'],
        [{ code: '', filename: 'notes.unknown' }, '#/filename'],
        [{ code: '' }, '#/language'],
      ] as const) {
        const response = await scan(body);
        expect(response.status).toBe(422);
        const problem = await problemOf(response);
        expect(problem).toMatchObject({ code: 'unsupported_language', title: 'Unsupported language', errors: [{ pointer }] });
        expect(problem['supportedLanguages']).toEqual([...LANGUAGES]);
      }
    });

    it('refuses a Content-Length over the body limit with 413', async () => {
      const response = await scan({ code: 'a'.repeat(20_000) });
      expect(response.status).toBe(413);
      expect((await problemOf(response))['code']).toBe('payload_too_large');
    });

    it('refuses code over SECSCAN_MAX_CODE_BYTES counted in UTF-8 bytes (413)', async () => {
      // 1400 '€' are 1400 characters but 4200 UTF-8 bytes: over the 4096-byte limit.
      const response = await scan({ code: '€'.repeat(1400), language: 'js' });
      expect(response.status).toBe(413);
      expect((await problemOf(response))['errors']).toEqual([{ pointer: '#/code', detail: 'at most 4096 UTF-8 bytes' }]);
      expect((await scan({ code: '€'.repeat(1365), language: 'js' })).status).toBe(200);
    });

    it('refuses a chunked body without Content-Length with 413 while it streams in', async () => {
      const connection = await rawConnect(server.port);
      await connection.write(`POST /api/scan HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
      // Chunks of 1000 bytes against a 16 KB limit, the terminating chunk never sent; stop writing once
      // answered (writing into a connection the server has closed would reset it, losing the answer).
      let exchange = await connection.until(hasCompleteResponse, 0);
      for (let i = 0; i < 100 && !exchange.closed && !hasCompleteResponse(exchange.text); i++) {
        await connection.write(`3e8\r\n${'a'.repeat(1000)}\r\n`);
        exchange = await connection.until(hasCompleteResponse, 20);
      }
      exchange = await connection.until(hasCompleteResponse);
      connection.close();
      expect(exchange.statuses[0]).toBe(413);
      expect(exchange.text).toContain('urn:secscan:problem:payload_too_large');
    });

    it('ends a body at its Content-Length: bytes beyond it never reach the scan (HTTP/1.1 framing)', async () => {
      const connection = await rawConnect(server.port);
      // A declared 24-byte body followed by 60 KB more: the server reads 24 bytes (RFC 9112 §6.3),
      // and what follows is not a request. No runtime hands the excess to the app.
      await connection.write(`POST /api/scan HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 24\r\n\r\n{"code":"","language":1}`);
      const first = await connection.until(hasCompleteResponse);
      expect(first.statuses[0]).toBe(422);
      await connection.write('x'.repeat(60_000));
      // How a runtime's parser rejects the junk differs (400 and close, or waiting for a request line
      // that never ends); what must hold everywhere: it is never answered as a request.
      const after = await connection.until((text) => text.lastIndexOf('HTTP/1.1 ') > 0, 1000);
      connection.close();
      expect(after.statuses.slice(1).every((status) => status >= 400)).toBe(true);
      expect((await fetch(url('/api/health'))).status).toBe(200);
    });
  });

  describe('connections', () => {
    it('keeps a connection alive across a scan and the next request', async (ctx) => {
      const runtimeVersion = String(server.logs().find((entry) => entry['msg'] === 'listening')?.['runtime']);
      // Deno 2.8.3 to 2.9.5 answer `Connection: close` after any request body over ~500 B, even fully read
      // (denoland/deno#36657, fixed upstream by denoland/deno#36690); we pin 2.9.5 (STACK.md).
      if (/^deno 2\.(8\.([3-9]|\d\d)|9\.[0-5])$/.test(runtimeVersion)) ctx.skip(`${runtimeVersion} drops keep-alive after request bodies (denoland/deno#36657)`);
      const body = JSON.stringify({ code: SAMPLE, language: 'javascript' });
      const connection = await rawConnect(server.port);
      await connection.write(`POST /api/scan HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      const first = await connection.until(hasCompleteResponse);
      expect(first.statuses).toEqual([200]);
      expect(first.text.toLowerCase()).not.toContain('connection: close');
      await connection.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      const second = await connection.until((text) => text.lastIndexOf('HTTP/1.1 ') > 0 && hasCompleteResponse(text.slice(text.lastIndexOf('HTTP/1.1 '))));
      connection.close();
      expect(second.statuses).toEqual([200, 200]);
    });
  });

  describe('X-Request-Id', () => {
    it('echoes a sane incoming id on success and on error', async () => {
      for (const path of ['/api/health', '/api/nope']) {
        const response = await fetch(url(path), { headers: { 'x-request-id': 'client-trace-42' } });
        expect(response.headers.get('x-request-id')).toBe('client-trace-42');
      }
    });

    it('generates a UUID v7 when the incoming id is absent or unsafe', async () => {
      for (const headers of [{}, { 'x-request-id': 'has spaces' }, { 'x-request-id': 'x'.repeat(129) }] as Record<string, string>[]) {
        const response = await fetch(url('/api/health'), { headers });
        expect(isUuidV7(response.headers.get('x-request-id') ?? '')).toBe(true);
      }
    });
  });

  describe('CORS (SECSCAN_CORS_ORIGINS=https://app.example)', () => {
    it('answers a preflight from the allowed origin and varies every answer by Origin', async () => {
      const preflight = await fetch(url('/api/scan'), {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example');
      expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
      const response = await scan({ code: '', language: 'js' }, { origin: 'https://app.example' });
      expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
      expect(response.headers.get('vary')).toBe('Origin, Accept');
      const other = await fetch(url('/api/health'), { headers: { origin: 'https://other.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      expect(other.headers.get('vary')).toBe('Origin');
    });
  });

  describe('client address (SECSCAN_TRUST_PROXY unset)', () => {
    it('counts by the socket’s address and ignores X-Forwarded-For', async () => {
      await awayFromMinuteEdge();
      const body = JSON.stringify({ code: '', language: 'js' });
      const send = (local: string, forwardedFor: string) =>
        requestFrom(local, url('/api/scan'), { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, body });
      const first = await send('127.0.0.5', '198.51.100.1');
      const second = await send('127.0.0.5', '198.51.100.2');
      const other = await send('127.0.0.6', '198.51.100.1');
      expect([first.status, second.status, other.status]).toEqual([200, 200, 200]);
      const r = (response: { headers: Record<string, unknown> }) => remainingOf(String(response.headers['ratelimit']), 'anon-minute');
      expect(r(second)).toBe((r(first) ?? 0) - 1);
      expect(r(other)).toBe(99_999);
    });
  });

  describe('log', () => {
    it('writes one JSON line per request, without code, credentials or query strings', async () => {
      const ids = [1, 2, 3].map((n) => `log-check-${runtime.name}-${n}`);
      const code = { code: 'const key = "CODE_CANARY_7f3a"; db.query("SELECT " + req.query.id);', language: 'js' };
      for (const id of ids) await scan(code, { 'x-request-id': id });
      // Wrong credentials are refused (401), and logged without them.
      await scan(code, { 'x-request-id': `${ids[0]}-t`, authorization: 'Bearer sk_live_TOKEN_CANARY_9b2c' });
      await scan(code, { 'x-request-id': `${ids[0]}-c`, cookie: 'secscan_session=COOKIE_CANARY_1d4e' });
      await fetch(url('/api/health?api_key=QUERY_CANARY_5e6f'), { headers: { 'x-request-id': `${ids[0]}-q` } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const logs = server.logs(); // throws if any line is not JSON
      for (const id of ids) {
        const lines = logs.filter((entry) => entry['requestId'] === id);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toEqual({
          time: expect.stringMatching(/Z$/),
          level: 'info',
          msg: 'request',
          requestId: id,
          method: 'POST',
          path: '/api/scan',
          status: 200,
          durationMs: expect.any(Number),
          caller: 'anonymous',
        });
      }
      expect(logs.find((entry) => entry['requestId'] === `${ids[0]}-t`)).toMatchObject({ path: '/api/scan', status: 401 });
      expect(logs.find((entry) => entry['requestId'] === `${ids[0]}-c`)).toMatchObject({ path: '/api/scan', status: 401 });
      expect(logs.find((entry) => entry['requestId'] === `${ids[0]}-q`)).toMatchObject({ path: '/api/health', status: 400 });
      const everything = server.stdout.join('\n') + server.stderr();
      for (const canary of ['CODE_CANARY', 'TOKEN_CANARY', 'COOKIE_CANARY', 'QUERY_CANARY', 'api_key']) expect(everything).not.toContain(canary);
    });
  });
});

describe.each(RUNTIMES)('access control on $name', (runtime) => {
  let server: ServerProcess;
  const url = (path: string): string => `${server.url}${path}`;
  const scanBody = JSON.stringify({ code: '', language: 'js' });
  /** A scan as the client at `forwardedFor` (the server trusts one proxy), with extra headers. */
  const scanAs = (forwardedFor: string, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(url('/api/scan'), { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, ...headers }, body: scanBody });
  const admin = (method: string, path: string, body?: unknown, token: string | null = ADMIN_TOKEN): Promise<Response> =>
    fetch(url(path), {
      method,
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    // DESIGN §4's default limits; one trusted proxy, so each test can be its own client through X-Forwarded-For.
    // A queue for every request of the 120-request burst: this suite counts rate-limit answers, not scan-pool refusals.
    server = await startServer(runtime, {
      SECSCAN_ADMIN_TOKEN: ADMIN_TOKEN,
      SECSCAN_TRUST_PROXY: '1',
      SECSCAN_CORS_ORIGINS: 'https://app.example',
      SECSCAN_MAX_QUEUED_SCANS: '256',
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('admits exactly 10 of 30 concurrent anonymous requests, with the RateLimit headers', async () => {
    await awayFromMinuteEdge();
    const responses = await Promise.all(Array.from({ length: 30 }, () => scanAs('203.0.113.10')));
    const ok = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 429);
    expect([ok.length, refused.length]).toEqual([10, 20]);
    expect(ok[0]?.headers.get('ratelimit-policy')).toBe('"anon-minute";q=10;w=60, "anon-hour";q=100;w=3600');
    expect(ok.map((r) => remainingOf(r.headers.get('ratelimit'), 'anon-minute')).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const tooMany = refused[0] as Response;
    expect(tooMany.headers.get('content-type')).toBe('application/problem+json');
    expect(tooMany.headers.get('ratelimit')).toMatch(/^"anon-minute";r=0;t=(\d+), "anon-hour";r=90;t=\d+$/);
    const retryAfter = Number(tooMany.headers.get('retry-after'));
    expect(retryAfter).toBe(Number(/t=(\d+)/.exec(tooMany.headers.get('ratelimit') ?? '')?.[1]));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await tooMany.json()).toMatchObject({ code: 'rate_limited', status: 429, 'violated-policies': ['anon-minute'] });
    await Promise.all(responses.map((r) => (r.bodyUsed ? undefined : r.body?.cancel())));
  });

  it('tells clients apart by the socket’s address when no proxy header is sent', async () => {
    await awayFromMinuteEdge();
    const send = (local: string) => requestFrom(local, url('/api/scan'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: scanBody });
    const a1 = await send('127.0.0.2');
    const b1 = await send('127.0.0.3');
    const a2 = await send('127.0.0.2');
    const remaining = [a1, b1, a2].map((r) => remainingOf(String(r.headers['ratelimit']), 'anon-minute'));
    expect(remaining).toEqual([9, 9, 8]);
  });

  it('groups IPv6 clients by /56 and IPv4-mapped addresses with IPv4, through X-Forwarded-For', async () => {
    await awayFromMinuteEdge();
    const r = async (address: string) => remainingOf((await scanAs(address)).headers.get('ratelimit'), 'anon-minute');
    expect(await r('2001:db8:10:aa01::1')).toBe(9);
    expect(await r('2001:db8:10:aaff::2')).toBe(8);
    expect(await r('2001:db8:10:ab00::1')).toBe(9);
    expect(await r('198.51.100.20')).toBe(9);
    expect(await r('::ffff:198.51.100.20')).toBe(8);
    expect(await r('not-an-address')).toBe(remainingOf((await scanAs('still-not-one')).headers.get('ratelimit'), 'anon-minute')! + 1); // both fall back to the socket
  });

  it('runs an API key’s whole life: created once, used, listed, revoked at once', async () => {
    await awayFromMinuteEdge();
    const created = await admin('POST', '/api/admin/keys', { name: `conformance ${runtime.name}`, plan: 'free' });
    expect(created.status).toBe(201);
    const { id, key } = (await created.json()) as { id: string; key: string };
    expect(key).toMatch(/^sk_live_[0-9A-Za-z]{49}$/);
    const used = await scanAs('203.0.113.11', { authorization: `Bearer ${key}` });
    expect(used.status).toBe(200);
    expect(used.headers.get('ratelimit-policy')).toBe('"free-minute";q=100;w=60');
    expect(remainingOf(used.headers.get('ratelimit'), 'free-minute')).toBe(99);
    const listed = (await (await admin('GET', '/api/admin/keys')).json()) as { keys: Record<string, unknown>[] };
    const entry = listed.keys.find((k) => k['id'] === id);
    expect(entry).toMatchObject({ plan: 'free', requestsPerMinute: 100, revokedAt: null, lastUsedAt: expect.stringMatching(/Z$/) });
    expect(JSON.stringify(listed)).not.toContain(key);
    expect((await admin('DELETE', `/api/admin/keys/${id}`)).status).toBe(204);
    const revoked = await scanAs('203.0.113.11', { authorization: `Bearer ${key}` });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toBe('Bearer realm="secscan", error="invalid_token"');
    expect((await revoked.json()) as Record<string, unknown>).toMatchObject({
      code: 'unauthorized',
      detail: 'The token is not valid: it is mistyped, unknown, revoked or expired, or its account is disabled.',
    });
  });

  it('admits exactly 100 of 120 concurrent requests with a free key', async () => {
    await awayFromMinuteEdge(20_000);
    const { key } = (await (await admin('POST', '/api/admin/keys', { name: 'burst', plan: 'free' })).json()) as { key: string };
    const responses = await Promise.all(Array.from({ length: 120 }, () => scanAs('203.0.113.12', { authorization: `Bearer ${key}` })));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(100);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(20);
    await Promise.all(responses.map((r) => (r.bodyUsed ? undefined : r.body?.cancel())));
  });

  it('answers wrong credentials with 401 and the RFC 6750 challenge, never as anonymous', async () => {
    for (const authorization of [`Bearer ${mintToken(API_KEY_PREFIX)}`, 'Bearer sk_live_typo', 'Bearer ']) {
      const response = await scanAs('203.0.113.13', { authorization });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="secscan", error="invalid_token"');
      expect(response.headers.get('ratelimit')).toBeNull();
      await response.body?.cancel();
    }
    const basic = await scanAs('203.0.113.13', { authorization: 'Basic dXNlcjpwYXNz' });
    expect(basic.headers.get('www-authenticate')).toBe('Bearer realm="secscan"');
    await basic.body?.cancel();
  });

  it('accepts a session in the header or the cookie, the cookie only from our own or listed origins', async () => {
    const { token } = (await (await admin('POST', '/api/admin/sessions', { subject: `browser-${runtime.name}` })).json()) as { token: string };
    expect((await scanAs('203.0.113.14', { authorization: `Bearer ${token}` })).headers.get('ratelimit-policy')).toBe('"session-minute";q=100;w=60');
    const { csrfToken } = (await (await fetch(url('/api/auth/session'), { headers: { authorization: `Bearer ${token}` } })).json()) as { csrfToken: string };
    const cookie = { cookie: `secscan_session=${token}`, 'x-csrf-token': csrfToken };
    expect((await scanAs('203.0.113.14', { ...cookie, origin: 'https://app.example', 'sec-fetch-site': 'same-site' })).status).toBe(200);
    // A state-changing request by cookie needs the CSRF token of its session.
    const withoutToken = await scanAs('203.0.113.14', { cookie: `secscan_session=${token}`, origin: 'https://app.example' });
    expect(withoutToken.status).toBe(403);
    await withoutToken.body?.cancel();
    const crossSite = await scanAs('203.0.113.14', { ...cookie, 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as Record<string, unknown>)['code']).toBe('forbidden');
    expect((await scanAs('203.0.113.14', { ...cookie, origin: 'https://evil.example' })).status).toBe(403);
  });

  it('guards the admin API: 401 without the admin token, 403 with a key, 422 for a bad id', async () => {
    const none = await admin('GET', '/api/admin/keys', undefined, null);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="secscan-admin"');
    const { key } = (await (await admin('POST', '/api/admin/keys', { name: 'not admin', plan: 'pro' })).json()) as { key: string };
    expect((await admin('GET', '/api/admin/keys', undefined, key)).status).toBe(403);
    expect((await admin('DELETE', '/api/admin/keys/nope')).status).toBe(422);
    expect((await admin('DELETE', '/api/admin/sessions/0190a000-0000-7000-8000-00000000ffff')).status).toBe(404);
    const enterprise = await admin('POST', '/api/admin/keys', { name: 'x', plan: 'enterprise' });
    expect(enterprise.status).toBe(422);
    await enterprise.body?.cancel();
  });

  it('refuses credentials in the query string with 400', async () => {
    for (const path of ['/api/scan?api_key=abc', `/api/health?token=abc`, `/api/docs?x=${mintToken(API_KEY_PREFIX)}`]) {
      const response = await fetch(url(path), { method: path.startsWith('/api/scan') ? 'POST' : 'GET' });
      expect(response.status).toBe(400);
      expect(((await response.json()) as Record<string, unknown>)['code']).toBe('credentials_in_query');
    }
  });

  it('exposes the RateLimit headers to an allowed origin', async () => {
    const response = await scanAs('203.0.113.15', { origin: 'https://app.example' });
    expect(response.headers.get('access-control-expose-headers')).toBe('X-Request-Id, Retry-After, RateLimit, RateLimit-Policy, WWW-Authenticate');
    await response.body?.cancel();
  });
});

describe.each(RUNTIMES)('SECSCAN_ANONYMOUS=false on $name', (runtime) => {
  it('requires credentials to scan, keeps health, OpenAPI and docs public, and lets no token into the admin API without SECSCAN_ADMIN_TOKEN', async () => {
    const server = await startServer(runtime, { SECSCAN_ANONYMOUS: 'false' });
    try {
      const response = await fetch(`${server.url}/api/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"code":""}' });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="secscan"');
      expect(((await response.json()) as Record<string, unknown>)['code']).toBe('unauthorized');
      for (const path of ['/api/health', '/api/openapi.json', '/api/docs']) expect((await fetch(`${server.url}${path}`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/admin/keys`)).status).toBe(401);
      expect((await fetch(`${server.url}/api/admin/keys`, { headers: { authorization: 'Bearer not-the-admin-token-but-long-enough-0123456789' } })).status).toBe(401);
    } finally {
      await server.stop();
    }
  });
});

describe.each(RUNTIMES)('graceful shutdown on $name', (runtime) => {
  it('on SIGTERM stops accepting, finishes the request in flight, then exits 0', async () => {
    const server = await startServer(runtime);
    try {
      const body = JSON.stringify({ code: SAMPLE, language: 'javascript', filename: 'app.js' });
      const half = Math.floor(body.length / 2);
      const connection = await rawConnect(server.port);
      // Headers and half the body: the request is in flight, its handler waiting for the rest.
      await connection.write(
        `POST /api/scan HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));

      // No new connections once stopping.
      const refused = await fetch(`${server.url}/api/health`).then(
        () => false,
        () => true,
      );
      expect(refused).toBe(true);

      await connection.write(body.slice(half));
      const exchange = await connection.until(hasCompleteResponse);
      expect(exchange.statuses[0]).toBe(200);
      expect(exchange.text).toContain('javascript.sql-injection');

      // The client keeps its connection open: the server must not wait for it to go idle-timeout.
      const exit = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('still running 3 s later'), 3000))]);
      connection.close();
      expect(exit).toEqual({ code: 0, signal: null });
      const messages = server.logs().map((entry) => entry['msg']);
      expect(messages).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
      expect(messages.indexOf('stopped')).toBeGreaterThan(messages.indexOf('request'));
    } finally {
      await server.stop(2000);
    }
  });
});

describe.each(RUNTIMES)('configuration on $name', (runtime) => {
  it('refuses a bad value at start with a clear message and exit code 1', async () => {
    await expect(startServer(runtime, { SECSCAN_MAX_CODE_BYTES: 'lots' }, 30_000)).rejects.toThrow(
      /exited \(1\) before listening[\s\S]*SECSCAN_MAX_CODE_BYTES: expected a whole number from 1 to 67108864 \(bytes\), got "lots"/,
    );
  });
});

describe.each(RUNTIMES)('PostgreSQL storage on $name', (runtime) => {
  let database: TestDatabase;
  let sql: postgres.Sql;
  let server: ServerProcess;
  const env = (): Record<string, string> => ({ DATABASE_URL: database.url, SECSCAN_ADMIN_TOKEN: ADMIN_TOKEN, SECSCAN_TRUST_PROXY: '1', SECSCAN_STORE_CODE: 'true' });
  const url = (path: string): string => `${server.url}${path}`;
  const scanAs = (client: string, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(url('/api/scan'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...headers },
      body: JSON.stringify({ code: SAMPLE, language: 'javascript', filename: 'src/app.js' }),
    });
  const stored = (scanId: string, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(url(`/api/scans/${scanId}`), { headers: { 'x-forwarded-for': '203.0.113.200', ...headers } });
  const issue = async (path: string, body: unknown): Promise<Json> =>
    (await (
      await fetch(url(path), { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    ).json()) as Json;

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = postgres(database.url, { max: 1, onnotice: () => {} });
    server = await startServer(runtime, env());
  });

  afterAll(async () => {
    await server?.stop();
    await sql?.end();
    await database?.drop();
  });

  it('migrates an empty database at start and reports it connected', async () => {
    expect(server.logs().find((l) => l['msg'] === 'database ready')).toMatchObject({ schemaVersion: 2, migrationsApplied: [1, 2] });
    expect(await (await fetch(url('/api/health'))).json()).toMatchObject({ status: 'ok', db: 'connected' });
  });

  it('stores every scan with its caller, and shows it back only to that caller', async () => {
    const keyA = String((await issue('/api/admin/keys', { name: 'a', plan: 'free' }))['key']);
    const keyB = String((await issue('/api/admin/keys', { name: 'b', plan: 'pro' }))['key']);
    const alice = [
      String((await issue('/api/admin/sessions', { subject: `alice-${runtime.name}` }))['token']),
      String((await issue('/api/admin/sessions', { subject: `alice-${runtime.name}` }))['token']),
    ];
    const made = await scanAs('203.0.113.201', { authorization: `Bearer ${keyA}` });
    expect(made.status).toBe(200);
    const body = (await made.json()) as Json;
    const scanId = String(body['scanId']);
    const back = await stored(scanId, { authorization: `Bearer ${keyA}` });
    expect(back.status).toBe(200);
    expect(back.headers.get('ratelimit-policy')).toBe('"free-minute";q=100;w=60');
    expect(await back.json()).toEqual({ ...body, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    for (const headers of [{ authorization: `Bearer ${keyB}` }, { authorization: `Bearer ${alice[0]}` }, {}]) {
      const response = await stored(scanId, headers);
      expect(response.status).toBe(404);
      expect(((await response.json()) as Json)['code']).toBe('not_found');
    }
    const bySession = String(((await (await scanAs('203.0.113.202', { authorization: `Bearer ${alice[0]}` })).json()) as Json)['scanId']);
    expect((await stored(bySession, { authorization: `Bearer ${alice[1]}` })).status).toBe(200);
    expect((await stored('not-a-uuid', { authorization: `Bearer ${keyA}` })).status).toBe(422);
    // The row: its owner, the code (SECSCAN_STORE_CODE=true), the findings; only hashes of the credentials anywhere.
    const [row] = await sql<{ owner: string; code: string; finding_count: number }[]>`SELECT owner, code, finding_count FROM secscan_scans WHERE id = ${scanId}`;
    expect(row).toMatchObject({ owner: expect.stringMatching(/^key:/), code: SAMPLE, finding_count: (body['findings'] as unknown[]).length });
    const dump = (await sql<{ row: string }[]>`SELECT t::text AS row FROM secscan_api_keys t UNION ALL SELECT t::text FROM secscan_sessions t`).map((r) => r.row).join('\n');
    for (const token of [keyA, keyB, ...alice, ADMIN_TOKEN]) expect(dump).not.toContain(token);
  });

  it('admits exactly 10 of 30 concurrent anonymous requests, counted in PostgreSQL', async () => {
    await awayFromMinuteEdge();
    const responses = await Promise.all(Array.from({ length: 30 }, () => scanAs('203.0.113.210')));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(10);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(20);
    await Promise.all(responses.map((r) => r.body?.cancel()));
    const [row] = await sql<{ counts: number[] }[]>`SELECT counts FROM secscan_rate_limits WHERE subject = 'anon:ip4:203.0.113.210'`;
    expect(row?.counts).toEqual([10, 10]);
  });

  it('keeps keys, history and counters across a restart', async () => {
    const key = String((await issue('/api/admin/keys', { name: 'survivor', plan: 'free' }))['key']);
    const scanId = String(((await (await scanAs('203.0.113.220', { authorization: `Bearer ${key}` })).json()) as Json)['scanId']);
    await server.stop();
    server = await startServer(runtime, env());
    expect(server.logs().find((l) => l['msg'] === 'database ready')).toMatchObject({ schemaVersion: 2, migrationsApplied: [] });
    const back = await stored(scanId, { authorization: `Bearer ${key}` });
    expect(back.status).toBe(200);
    // Two requests of the key's minute were spent before the restart (the scan, this read is the third).
    expect(remainingOf(back.headers.get('ratelimit'), 'free-minute')).toBeLessThanOrEqual(98);
  });
});
