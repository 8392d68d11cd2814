/**
 * The API client example: against a fake fetch it waits exactly as Retry-After says (plus jitter)
 * and gives up when it should; against a real server with a tiny limit (SECSCAN_FREE_RPM=3) it
 * runs as a script on Bun and Deno, then meets a 429, waits, and succeeds.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess, tempDir, VULNERABLE_JS } from '@secscan/cli/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untilSecondOfMinute } from '../../tests/support/http-from.ts';
import { ROOT, RUNTIMES, startServer, type ServerProcess } from '../../tests/support/servers.ts';
import { retryAfterSeconds, ScanFailed, scanWithRetry } from './scan-with-retry.ts';

const SCRIPT = fileURLToPath(new URL('./scan-with-retry.ts', import.meta.url));
const ADMIN_TOKEN = 'example-admin-token-4e1a9c7d-03b5-4f62-8d2e';

/** A fetch that answers from a list, recording the requests. */
function scripted(answers: [number, Record<string, string>][]) {
  const requests: Request[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    const [status, headers] = answers[Math.min(requests.length - 1, answers.length - 1)] ?? [500, {}];
    const body = status === 200 ? { scanId: 'id', findings: [] } : { code: status === 429 ? 'rate_limited' : 'x', detail: 'nope' };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  }) as typeof fetch;
  return { requests, fetchImpl };
}

describe('scanWithRetry (fake server)', () => {
  it('waits Retry-After plus jitter, sends the key in the header, prints the RateLimit headers', async () => {
    const waits: number[] = [];
    const lines: string[] = [];
    const { requests, fetchImpl } = scripted([
      [429, { 'retry-after': '7', ratelimit: '"free-minute";r=0;t=7', 'ratelimit-policy': '"free-minute";q=2;w=60' }],
      [200, { ratelimit: '"free-minute";r=1;t=60', 'ratelimit-policy': '"free-minute";q=2;w=60' }],
    ]);
    const result = await scanWithRetry(
      { code: 'x' },
      { baseUrl: 'http://server.test', apiKey: 'sk_live_example', fetch: fetchImpl, sleep: async (ms) => void waits.push(ms), random: () => 0.5, log: (l) => lines.push(l) },
    );
    expect(result['scanId']).toBe('id');
    expect(waits).toEqual([7500]);
    expect(requests.map((r) => [r.url, r.headers.get('authorization')])).toEqual([
      ['http://server.test/api/scan', 'Bearer sk_live_example'],
      ['http://server.test/api/scan', 'Bearer sk_live_example'],
    ]);
    expect(lines).toEqual([
      'HTTP 429  RateLimit-Policy: "free-minute";q=2;w=60  RateLimit: "free-minute";r=0;t=7',
      'waiting 7.5 s before retry 1 of 3',
      'HTTP 200  RateLimit-Policy: "free-minute";q=2;w=60  RateLimit: "free-minute";r=1;t=60',
    ]);
  });

  it('gives up after its retries, on a too-long wait, and at once on other errors', async () => {
    const quiet = { baseUrl: 'http://server.test', sleep: async () => {}, log: () => {} };
    const always429 = scripted([[429, { 'retry-after': '1' }]]);
    await expect(scanWithRetry({ code: '' }, { ...quiet, maxRetries: 2, fetch: always429.fetchImpl })).rejects.toThrow('scan failed with 429 after 3 attempts');
    expect(always429.requests).toHaveLength(3);
    const long = scripted([[429, { 'retry-after': '3600' }]]);
    await expect(scanWithRetry({ code: '' }, { ...quiet, fetch: long.fetchImpl })).rejects.toThrow('more than 120 s');
    const unauthorized = scripted([[401, {}]]);
    const error = await scanWithRetry({ code: '' }, { ...quiet, fetch: unauthorized.fetchImpl }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScanFailed);
    expect(unauthorized.requests).toHaveLength(1);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterSeconds('42')).toBe(42);
    expect(retryAfterSeconds('Fri, 02 Jan 2026 10:00:30 GMT', Date.UTC(2026, 0, 2, 10, 0, 0))).toBe(30);
    expect(retryAfterSeconds('soon')).toBeNull();
    expect(retryAfterSeconds(null)).toBeNull();
  });
});

describe('scan-with-retry.ts against a real server (SECSCAN_FREE_RPM=3)', () => {
  let server: ServerProcess;
  let key: string;
  let file: string;

  beforeAll(async () => {
    const bun = RUNTIMES.find((r) => r.name === 'bun');
    if (!bun) throw new Error('bun is missing from tests/support/servers.ts');
    server = await startServer(bun, { SECSCAN_ADMIN_TOKEN: ADMIN_TOKEN, SECSCAN_FREE_RPM: '3' });
    const created = await fetch(`${server.url}/api/admin/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'example', plan: 'free' }),
    });
    key = ((await created.json()) as { key: string }).key;
    file = join(await tempDir('secscan-api-client-'), 'app.js');
    await writeFile(file, VULNERABLE_JS);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('runs as a script on Bun and Deno, then waits out a 429 and succeeds', { timeout: 150_000 }, async () => {
    const env = { SECSCAN_URL: server.url, SECSCAN_API_KEY: key };
    const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
    const onBun = await runProcess(bin('bun'), [SCRIPT, file], { cwd: ROOT, env });
    const onDeno = await runProcess(bin('deno'), ['run', '--conditions=source', '--allow-net', '--allow-env', '--allow-read', SCRIPT, file], { cwd: ROOT, env });
    for (const run of [onBun, onDeno]) {
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('app.js:9 javascript.sql-injection');
      expect(run.stderr).toMatch(/^HTTP 200 {2}RateLimit-Policy: "free-minute";q=3;w=60 {2}RateLimit: "free-minute";r=\d;t=\d+\n$/);
    }
    // Near the end of a minute (so the wait is short), use up what is left of the window.
    await untilSecondOfMinute(50, 56);
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${server.url}/api/scan`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: '{"code":"","language":"js"}',
      });
      await response.body?.cancel();
      if (response.status === 429) break;
    }

    const lines: string[] = [];
    const started = Date.now();
    const result = await scanWithRetry({ code: VULNERABLE_JS, filename: 'app.js' }, { baseUrl: server.url, apiKey: key, log: (l) => lines.push(l) });
    const waited = (Date.now() - started) / 1000;
    expect(lines[0]).toMatch(/^HTTP 429 {2}RateLimit-Policy: "free-minute";q=3;w=60 {2}RateLimit: "free-minute";r=0;t=(\d+)$/);
    const t = Number(/t=(\d+)$/.exec(lines[0] ?? '')?.[1]);
    expect(lines[1]).toMatch(/^waiting \d+\.\d s before retry 1 of 3$/);
    expect(lines.at(-1)).toMatch(/^HTTP 200 /);
    expect(waited).toBeGreaterThanOrEqual(t - 1);
    expect(waited).toBeLessThan(t + 5);
    expect(JSON.stringify(result['findings'])).toContain('javascript.sql-injection');
  });
});
