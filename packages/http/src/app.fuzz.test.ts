/**
 * Property-based fuzzing of createApp (issue #6): 10,000 random and mutated requests — methods,
 * paths, query strings, headers, bodies (JSON that is valid, mutated, truncated or deeply nested;
 * random bytes; invalid UTF-8; other encodings; chunked streams that break off) — against the app
 * with the real scanner and real in-memory stores. Whatever comes in, the app answers: never a 5xx,
 * never an error escaping `fetch`, every answer with an X-Request-Id, every 4xx an RFC 9457 problem
 * whose status, code and requestId agree. Seeded, so a failure replays (fast-check prints the seed
 * and the shrunk request).
 */
import { API_KEY_PREFIX, createScanner, LANGUAGES, mintToken, SESSION_TOKEN_PREFIX } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from './app.ts';
import { PROBLEMS } from './problem.ts';
import { TEST_ACCESS, TEST_ADMIN_TOKEN, testDeps, type Recorded } from './testing/fixtures.ts';

/** Seed of the runs (FUZZ_SEED overrides it to explore further). */
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_121);

const scanner = createScanner({ loader: grammarLoader, timeBudgetMs: 2000 });
let app: App;
let recorded: Recorded;

beforeAll(async () => {
  await scanner.warmUp();
  const built = testDeps({
    scanner,
    config: {
      // Large enough that a real scan runs, small enough that size limits are hit often.
      maxCodeBytes: 16 * 1024,
      maxBodyBytes: 40 * 1024,
      bodyTimeoutMs: 2000,
      access: { ...TEST_ACCESS, limits: { anonymousPerMinute: 1e6, anonymousPerHour: 1e6, sessionPerMinute: 1e6, freePerMinute: 1e6, proPerMinute: 1e6 } },
    },
  });
  app = createApp(built.deps);
  recorded = built.recorded;
}, 60_000);

// ---- what goes in -------------------------------------------------------------------------------

const KNOWN_PATHS = [
  '/api/scan',
  '/api/health',
  '/api/openapi.json',
  '/api/docs',
  '/api/docs/scalar.js',
  '/api/admin/keys',
  '/api/admin/sessions',
  '/api/scans/0190a000-0000-7000-8000-000000000001',
  '/api/admin/keys/x',
];

const segment = fc.oneof(
  fc.constantFrom('api', 'scan', 'health', 'admin', 'keys', '..', '.', '', '%2e%2e', '%2F', '%00', 'ü', '😀', '{id}', ':id', '*'),
  fc.string({ maxLength: 12 }).map((s) => encodeURIComponent(s)),
  fc.stringMatching(/^[A-Za-z0-9._~-]{1,20}$/),
);

const path = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...KNOWN_PATHS) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...KNOWN_PATHS), fc.constantFrom('/', '//', '/x', '/..', '%20', ';a')).map(([p, s]) => p + s) },
  { weight: 2, arbitrary: fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 12_000 }).map((n) => `/api/${'a'.repeat(n)}`) },
);

const queryValue = fc.oneof(fc.string({ maxLength: 20 }), fc.constant(mintToken(API_KEY_PREFIX)), fc.constant(`ss_${'A'.repeat(50)}`));
const query = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(fc.constantFrom('token', 'api_key', 'KEY', 'page', 'access_token', 'q'), fc.string({ maxLength: 8 })), queryValue), { maxLength: 4 })
      .map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((s) => `?${encodeURIComponent(s)}&&=&%`) },
);

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('GET', 'POST', 'HEAD', 'DELETE', 'PUT', 'PATCH', 'OPTIONS') },
  { weight: 1, arbitrary: fc.constantFrom('get', 'post', 'Post', 'PROPFIND', 'QUERY', 'X'.repeat(40)) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z!#$%&'*+.^_`|~-]{1,16}$/) },
);

const token = fc.oneof(
  fc.constant(mintToken(API_KEY_PREFIX)),
  fc.constant(mintToken(SESSION_TOKEN_PREFIX)),
  fc.constant(TEST_ADMIN_TOKEN),
  fc.constant(`${API_KEY_PREFIX}${'x'.repeat(49)}`),
  fc.stringMatching(/^[A-Za-z0-9._~+/-]{0,80}=*$/),
  fc.string({ maxLength: 30 }),
  fc.constant('a'.repeat(2000)),
);

/** Header values a Headers object accepts: no NUL, CR or LF, trimmed by the platform. */
const headerValue = fc.string({ maxLength: 80 }).map((s) => s.replace(/[\0\r\n]/g, ''));

const headers = fc.record(
  {
    'content-type': fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'application/json;charset=UTF-16',
        'APPLICATION/JSON',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset="utf-8"',
        'application/problem+json',
        '',
      ),
      headerValue,
    ),
    accept: fc.oneof(fc.constantFrom('application/json', 'application/sarif+json', 'application/sarif+json;q=0.5, application/json', '*/*', 'text/html'), headerValue),
    authorization: fc.oneof(
      token.map((t) => `Bearer ${t}`),
      fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer  x y', 'Digest a=b'),
      headerValue,
    ),
    cookie: fc.oneof(
      token.map((t) => `secscan_session=${t}`),
      headerValue,
    ),
    origin: fc.oneof(fc.constantFrom('https://app.example', 'null', 'https://evil.example'), headerValue),
    'sec-fetch-site': fc.constantFrom('cross-site', 'same-origin', 'none'),
    'x-request-id': fc.oneof(fc.stringMatching(/^[A-Za-z0-9._:/+=@-]{1,140}$/), headerValue),
    'x-forwarded-for': fc.oneof(fc.constantFrom('203.0.113.7', '2001:db8::1, 10.0.0.1', 'garbage, , ,'), headerValue),
    'if-none-match': headerValue,
  },
  { requiredKeys: [] },
);

const language = fc.oneof(fc.constantFrom(...LANGUAGES, 'js', 'TS', 'py', 'c++', 'C#', 'cobol', '', '__proto__', 'constructor', 'toString'), fc.string({ maxLength: 12 }));
const code = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 400 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 400 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'const id = req.query.id;\ndb.query("SELECT * FROM t WHERE id = " + id);',
      'import os\nos.system(input())',
      '(((((((((((',
      'a'.repeat(20_000),
      '\u0000'.repeat(100),
      '"\\u0000" /* */ `${`${`',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 2000 }).map((n) => '('.repeat(n) + ')'.repeat(n)) },
);

const scanObject = fc.record(
  {
    code: fc.oneof({ weight: 8, arbitrary: code }, { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) }),
    language: fc.oneof({ weight: 6, arbitrary: language }, { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) }),
    filename: fc.oneof(fc.constantFrom('app.js', 'a/b\\c.PY', 'x.tsx', 'noext', '.env', '../../etc/passwd', '__proto__', 'x.constructor'), fc.string({ maxLength: 1100 })),
    lang: fc.string({ maxLength: 5 }),
    extra: fc.anything({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);

/** A scan request as a client would mostly send it: code, and perhaps language and filename. */
const plausibleScan = fc.record({ code, language, filename: fc.constantFrom('app.js', 'x.py', 'main.go', 'noext') }, { requiredKeys: ['code'] });

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** A body and how it travels: whole, or as a stream of chunks that may break off with an error. */
type BodySpec = { bytes: Uint8Array; chunks: number; breaks: boolean };

const bodyBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 6, arbitrary: plausibleScan.map((o) => utf8(JSON.stringify(o))) },
  { weight: 4, arbitrary: scanObject.map((o) => utf8(JSON.stringify(o))) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => utf8(JSON.stringify(v))) },
  { weight: 1, arbitrary: scanObject.chain((o) => fc.integer({ min: 0, max: 60 }).map((cut) => utf8(JSON.stringify(o).slice(0, cut)))) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
  // Invalid UTF-8 inside an otherwise valid JSON string.
  {
    weight: 1,
    arbitrary: fc.uint8Array({ minLength: 1, maxLength: 20 }).map((junk) => new Uint8Array([...utf8('{"code":"'), ...junk.map((b) => b | 0x80), ...utf8('","language":"js"}')])),
  },
  // Byte-order marks and UTF-16.
  { weight: 1, arbitrary: scanObject.map((o) => new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(JSON.stringify(o))])) },
  { weight: 1, arbitrary: scanObject.map((o) => new Uint8Array(new Uint16Array([...JSON.stringify(o)].map((c) => c.charCodeAt(0))).buffer)) },
  // Deep nesting, and a body over the limit.
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 50_000 }).map((n) => utf8(`${'['.repeat(n)}${']'.repeat(n)}`)) },
  { weight: 1, arbitrary: fc.integer({ min: 40 * 1024, max: 120 * 1024 }).map((n) => utf8(JSON.stringify({ code: 'x'.repeat(n), language: 'js' }))) },
);

const body: fc.Arbitrary<BodySpec | null> = fc.option(fc.record({ bytes: bodyBytes, chunks: fc.integer({ min: 0, max: 5 }), breaks: fc.boolean() }), { nil: null, freq: 4 });

/** A request as the fuzzer describes it (printable when a property fails). */
interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: BodySpec | null;
}

const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc.record({ method, path, query, headers, body });

/** The body as a stream delivering `chunks` pieces, which errors instead of ending when `breaks`. */
function streamOf({ bytes, chunks, breaks }: BodySpec): ReadableStream<Uint8Array> {
  const size = Math.max(1, Math.ceil(bytes.length / Math.max(1, chunks)));
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        if (breaks) controller.error(new Error('connection reset by peer'));
        else controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

/** The Request for a fuzz request, or null when the platform itself refuses to build it (a client-side error). */
function toRequest(spec: FuzzRequest): Request | null {
  const hasBody = spec.body !== null && spec.method.toUpperCase() !== 'GET' && spec.method.toUpperCase() !== 'HEAD';
  try {
    const headersInit = new Headers();
    for (const [name, value] of Object.entries(spec.headers)) headersInit.set(name, value);
    const init: RequestInit & { duplex?: 'half' } = { method: spec.method, headers: headersInit };
    if (hasBody && spec.body) {
      if (spec.body.chunks === 0) init.body = spec.body.bytes as Uint8Array<ArrayBuffer>;
      else {
        init.body = streamOf(spec.body);
        init.duplex = 'half';
      }
    }
    return new Request(`http://localhost${spec.path}${spec.query}`, init);
  } catch {
    return null;
  }
}

/** How often each status was answered (the fuzzer must reach the deep paths too, not only 404s). */
const seen = new Map<string, number>();

/** Checks everything that must hold of the answer to any request. */
async function checkAnswer(spec: FuzzRequest): Promise<void> {
  const request = toRequest(spec);
  if (request === null) return;
  const response = await app.fetch(request);
  const key =
    response.status >= 400 && spec.method !== 'HEAD' ? `${response.status} ${String(((await response.clone().json()) as { code?: unknown }).code)}` : String(response.status);
  seen.set(key, (seen.get(key) ?? 0) + 1);
  const requestId = response.headers.get('x-request-id');
  expect(requestId).toMatch(/^[A-Za-z0-9._:/+=@-]{1,128}$/);
  expect(response.status).toBeGreaterThanOrEqual(200);
  expect(response.status).toBeLessThan(500);
  const text = await response.text();
  if (spec.method === 'HEAD') expect(text).toBe('');
  if (response.status >= 400 && spec.method !== 'HEAD') {
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = JSON.parse(text) as Record<string, unknown>;
    const code = String(problem['code']);
    expect(PROBLEMS).toHaveProperty(code);
    expect(problem).toMatchObject({ type: `urn:secscan:problem:${code}`, status: response.status, title: PROBLEMS[code as keyof typeof PROBLEMS].title, requestId });
    expect(typeof problem['detail']).toBe('string');
    // No stack trace or internals ever reach a client.
    expect(text).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/);
  }
}

describe('createApp under fuzzing', () => {
  it('answers 6,000 random requests (any method, path, query, headers, body) without a 5xx', async () => {
    await fc.assert(fc.asyncProperty(fuzzRequest, checkAnswer), { numRuns: 6000, seed: SEED, endOnFailure: true });
    expect(recorded.errors).toEqual([]);
  }, 120_000);

  it('answers 3,000 scan requests with mutated bodies and headers without a 5xx', async () => {
    const scanRequest = fc.record({
      method: fc.constant('POST'),
      path: fc.constantFrom('/api/scan', '/api/scan/'),
      query: fc.constant(''),
      // Mostly without credentials, so that most requests get past authentication to the body.
      headers: fc.tuple(headers, fc.integer({ min: 0, max: 9 })).map(([h, dice]) => {
        const { authorization, cookie, ...rest } = h;
        const kept = dice === 0 ? { ...(authorization === undefined ? {} : { authorization }), ...(cookie === undefined ? {} : { cookie }) } : {};
        return { ...rest, ...kept, 'content-type': dice < 8 ? 'application/json' : (h['content-type'] ?? 'text/plain') };
      }),
      body: fc.record({ bytes: bodyBytes, chunks: fc.integer({ min: 0, max: 3 }), breaks: fc.boolean() }),
    });
    await fc.assert(fc.asyncProperty(scanRequest, checkAnswer), { numRuns: 3000, seed: SEED + 1, endOnFailure: true });
    expect(recorded.errors).toEqual([]);
    if (process.env['FUZZ_STATS']) console.log(Object.fromEntries(seen));
    // Every layer was reached: routing, auth, media type, size, JSON, schema, language, the scanner.
    const answered = [...seen.keys()];
    for (const expected of [
      '200',
      '400 invalid_json',
      '400 credentials_in_query',
      '401 unauthorized',
      '403 forbidden',
      '404 not_found',
      '405 method_not_allowed',
      '413 payload_too_large',
      '415 unsupported_media_type',
      '422 validation_failed',
      '422 unsupported_language',
    ]) {
      expect(answered, JSON.stringify(Object.fromEntries(seen))).toContain(expected);
    }
  }, 120_000);

  it('answers 1,000 well-formed scans of random code with 200 and a consistent summary', async () => {
    const wellFormed = fc.record({ code, language: fc.constantFrom(...LANGUAGES, 'js', 'py'), filename: fc.constantFrom('a.js', 'b.py', 'c.go') });
    await fc.assert(
      fc.asyncProperty(wellFormed, async (input) => {
        const response = await app.fetch(
          new Request('http://localhost/api/scan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) }),
        );
        if (response.status === 413) return; // a code over the limit
        expect(response.status).toBe(200);
        const result = (await response.json()) as { findings: unknown[]; summary: { total: number } };
        expect(result.summary.total).toBe(result.findings.length);
      }),
      { numRuns: 1000, seed: SEED + 2, endOnFailure: true },
    );
    expect(recorded.errors).toEqual([]);
  }, 120_000);
});
