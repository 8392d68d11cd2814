/**
 * Scans off the request loop (issue #6), on real servers on Node, Bun and Deno:
 * - while four 1 MiB scans run, GET /api/health keeps answering at once (in-process scanning
 *   would block it for seconds);
 * - a scan past SECSCAN_SCAN_TIMEOUT_MS is answered 422 scan_timeout, its worker is terminated and
 *   replaced, and the server goes on scanning;
 * - past SECSCAN_MAX_CONCURRENT_SCANS + SECSCAN_MAX_QUEUED_SCANS a scan is refused at once with 503
 *   and Retry-After;
 * and, with Node worker threads directly, a worker that crashes mid-scan is replaced.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanRefusedError } from '@secscan/http';
import { describe, expect, it } from 'vitest';
import { nodeScanPool } from './support/node-scan-pool.ts';
import { RUNTIMES, startServer, type ServerProcess } from './support/servers.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };
/** About 1 MiB of JavaScript (at most 1 MiB of UTF-8), the largest code a default server takes. */
const MIB_OF_JS = (() => {
  const line = 'app.get("/u", (req, res) => { const id = req.query.id; db.query("SELECT * FROM t WHERE id = " + id); res.send(id); });\n';
  return line.repeat(Math.floor((1 << 20) / line.length));
})();

/** POSTs a scan over its own connection (fetch would share and queue connections). */
function postScan(server: ServerProcess, body: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}/api/scan`, { method: 'POST', headers: JSON_HEADERS, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Health latencies (ms, sorted) for `durationMs`, one request at a time. */
async function healthLatencies(server: ServerProcess, durationMs: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const out: number[] = [];
  const until = performance.now() + durationMs;
  try {
    while (performance.now() < until) {
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        http
          .get(`${server.url}/api/health`, { agent }, (response) => {
            response.resume();
            response.on('end', () => resolve());
          })
          .on('error', reject);
      });
      out.push(performance.now() - started);
    }
  } finally {
    agent.destroy();
  }
  return out.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

describe.each(RUNTIMES)('the scan pool on $name', (runtime) => {
  it('keeps GET /api/health answering while four 1 MiB scans run', async () => {
    const server = await startServer(runtime, { SECSCAN_ANON_RPM: '100000', SECSCAN_ANON_RPH: '100000' });
    try {
      await server.warm();
      const body = JSON.stringify({ code: MIB_OF_JS, language: 'javascript' });
      const scans = Array.from({ length: 4 }, () => postScan(server, body));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const latencies = await healthLatencies(server, 3000);
      const answers = await Promise.all(scans);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      // The benchmark measures the 50 ms target on a quiet machine; here a loaded CI machine gets slack.
      expect({ p50: percentile(latencies, 50) < 20, p99: percentile(latencies, 99) < 100 }).toEqual({ p50: true, p99: true });
      expect(latencies.length).toBeGreaterThan(50);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('answers a scan past the hard timeout with 422 scan_timeout, replaces the worker and scans on', async () => {
    // The time budget (1 ms) cannot stop the work done before the first check on 48 MiB of code
    // (handing it to the worker, measuring its nesting), which outlasts the hard timeout (100 ms).
    const server = await startServer(runtime, {
      SECSCAN_SCAN_WORKERS: '1',
      SECSCAN_SCAN_TIME_BUDGET_MS: '1',
      SECSCAN_SCAN_TIMEOUT_MS: '100',
      SECSCAN_MAX_CODE_BYTES: String(64 << 20),
      SECSCAN_ANON_RPM: '100000',
      SECSCAN_ANON_RPH: '100000',
    });
    try {
      await server.warm();
      const huge = await postScan(server, JSON.stringify({ code: 'a = b(c);\n'.repeat(48 << 17), language: 'javascript' }));
      expect(huge.status).toBe(422);
      expect(huge.headers['retry-after']).toBeUndefined();
      expect(JSON.parse(huge.text)).toMatchObject({ code: 'scan_timeout', status: 422, title: 'Scan timed out' });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      await server.waitForLog((line) => line['msg'] === 'scan worker ready');
      expect(server.logs().find((line) => line['msg'] === 'scan stopped at the hard timeout; worker replaced')).toMatchObject({ level: 'warn', worker: 0 });
      const small = await postScan(server, JSON.stringify({ code: 'eval(input)', language: 'javascript' }));
      expect(small.status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('refuses a scan past the concurrency and queue bounds with 503 and Retry-After, at once', async () => {
    const server = await startServer(runtime, { SECSCAN_SCAN_WORKERS: '1', SECSCAN_MAX_QUEUED_SCANS: '1', SECSCAN_ANON_RPM: '100000', SECSCAN_ANON_RPH: '100000' });
    try {
      await server.warm();
      const big = JSON.stringify({ code: MIB_OF_JS, language: 'javascript' });
      const running = postScan(server, big);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const queued = postScan(server, big);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const started = performance.now();
      const refused = await postScan(server, JSON.stringify({ code: 'x', language: 'python' }));
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(JSON.parse(refused.text)).toMatchObject({ code: 'unavailable', status: 503 });
      expect(performance.now() - started).toBeLessThan(2000);
      expect((await running).status).toBe(200);
      expect((await queued).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe('scan workers that crash (Node worker threads)', () => {
  it('fails the scan of a worker that dies, replaces it, and answers the next scan', async () => {
    // A stand-in worker: scans "crash" by dying mid-scan, answers anything else.
    const dir = mkdtempSync(join(tmpdir(), 'secscan-worker-'));
    const script = join(dir, 'crashing-worker.mjs');
    writeFileSync(
      script,
      `import { parentPort } from 'node:worker_threads';
parentPort.postMessage({ type: 'ready' });
parentPort.on('message', (job) => {
  if (job.type !== 'scan') return; // the pool's init message (models)
  if (job.input.code === 'crash') setTimeout(() => { throw new Error('RuntimeError: unreachable'); });
  else parentPort.postMessage({ type: 'result', id: job.id, recycle: false, result: { language: 'javascript', findings: [], summary: { total: 0 }, truncated: false } });
});
`,
    );
    const { pool, events } = nodeScanPool({ workers: 1, timeoutMs: 5000, script });
    try {
      await pool.warmUp();
      const crashed = await pool.scan({ code: 'crash', language: 'javascript' }).catch((error: unknown) => error);
      expect(crashed).toBeInstanceOf(ScanRefusedError);
      expect((crashed as ScanRefusedError).reason).toBe('failed');
      expect(events[0]).toMatchObject({ kind: 'crashed', worker: 0 });
      expect(events[0]?.detail).toContain('unreachable');
      const next = await pool.scan({ code: 'fine', language: 'javascript' });
      expect(next.truncated).toBe(false);
      expect(events.map((e) => e.kind)).toContain('replaced');
    } finally {
      pool.close();
    }
  }, 60_000);
});
