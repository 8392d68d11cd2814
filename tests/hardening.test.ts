/**
 * Issue #12 — "no request can stall scanning, leak a secret or slip past a limit" — against real
 * server processes on Node, Bun and Deno: each defect as the review reproduced it, now answered as
 * it should be. Where a runtime cannot do what the others do (Bun.serve resolves dot segments
 * before the app sees them and offers no connection count; its parser answers a few malformed
 * requests itself), the test asserts the documented limitation, so the day it changes this says so.
 */
import net from 'node:net';
import { createTestDatabase, type TestDatabase } from '@secscan/postgres/testing';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromMinuteEdge, remainingOf } from './support/http-from.ts';
import { hasCompleteResponse, rawConnect } from './support/raw-http.ts';
import { RUNTIMES, startServer, type Runtime, type ServerProcess } from './support/servers.ts';

const ADMIN_TOKEN = 'hardening-admin-token-4c1d9e2b-7a3f-4b6e-8d5c';
const PASSWORD = 'k9x2mq7ZtQ';
type Json = Record<string, unknown>;

/** One raw request on its own connection; resolves with everything the server sent back. */
function rawExchange(port: number, request: string, timeoutMs = 3000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (hasCompleteResponse(text)) socket.destroy();
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(text));
    setTimeout(() => socket.destroy(), timeoutMs);
  });
}

/** The status and problem body of a raw response ('' body when the runtime answered without one). */
function parsed(raw: string): { status: number; body: string; headers: string } {
  const end = raw.indexOf('\r\n\r\n');
  return { status: Number(raw.slice(9, 12)), headers: raw.slice(0, end).toLowerCase(), body: raw.slice(end + 4) };
}

describe.each(RUNTIMES)('issue #12 on $name', (runtime) => {
  let server: ServerProcess;
  const url = (path: string): string => `${server.url}${path}`;
  const scan = (body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(url('/api/scan'), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const admin = async (path: string, body: unknown): Promise<Response> =>
    fetch(url(path), {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    // The default scan budget (5 s) and hard timeout (10 s), as the review had them.
    server = await startServer(runtime, { SECSCAN_ADMIN_TOKEN: ADMIN_TOKEN, SECSCAN_ANON_RPM: '100000', SECSCAN_ANON_RPH: '100000' });
    await server.warm();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('answers 8,000 sinks on one 144 KB line within the scan budget, capped — never at the hard timeout (items 1, 3)', async () => {
    // Reporting them took 10–17 s: past the 5 s budget, the hard timeout (10 s) stopped the worker: 422.
    const code = 'eval(req.query.a);'.repeat(8000);
    const started = performance.now();
    const responses = [await scan({ code, language: 'javascript' })];
    const elapsed = performance.now() - started;
    for (const response of responses) {
      expect(response.status).toBe(200);
      const body = (await response.json()) as Json & { findings: unknown[]; omitted?: { total: number } };
      expect(body['truncated']).toBe(true);
      expect(body.findings.length).toBeLessThanOrEqual(100);
      const reported = body.findings.length + (body.omitted?.total ?? 0);
      // Either every sink was reported or counted, or (on a loaded machine) the budget ran out first and says so.
      if (/time budget/.test(String(body['truncatedReason']))) expect(reported).toBeLessThanOrEqual(8000);
      else expect(reported).toBe(8000);
    }
    // Within its 5 s budget (plus transfer on a shared machine), before the 10 s hard timeout.
    expect(elapsed).toBeLessThan(10_000);
    expect(server.logs().some((line) => String(line['msg']).includes('hard timeout'))).toBe(false);
  });

  it('bounds the answer to thousands of sinks, JSON and SARIF (item 3)', async () => {
    for (const [accept, lines] of [
      ['application/json', 5_000],
      ['application/sarif+json', 2_000],
    ] as const) {
      const response = await scan({ code: 'eval(req.query.a);\n'.repeat(lines), language: 'javascript', filename: 'big.js' }, { accept });
      expect(response.status).toBe(200);
      const text = await response.text();
      // Megabytes before the caps (46 MB for 1 MB of them); now at most 100 findings of the one rule.
      expect(text.length).toBeLessThan(400_000);
      if (accept === 'application/json') expect((JSON.parse(text) as Json)['truncated']).toBe(true);
      else expect(text).toContain('toolExecutionNotifications');
    }
  });

  it('masks a hard-coded password in the answer, SARIF, stored history and the finding id (items 4, 5)', async () => {
    const { key } = (await (await admin('/api/admin/keys', { name: 'mask', plan: 'free' })).json()) as { key: string };
    const code = `const db = mysql.createConnection({ host: "db", user: "app", password: "${PASSWORD}" });\nconst dbPassword = "${PASSWORD}";\n`;
    const made = await scan({ code, language: 'javascript', filename: 'db.js' }, { authorization: `Bearer ${key}` });
    const body = (await made.json()) as Json & { findings: { snippet: string; cwe: string[] }[] };
    expect(body.findings.filter((f) => f.cwe.includes('CWE-798')).length).toBeGreaterThan(0);
    const texts = [JSON.stringify(body)];
    texts.push(await (await scan({ code, language: 'javascript' }, { accept: 'application/sarif+json' })).text());
    for (const accept of ['application/json', 'application/sarif+json']) {
      texts.push(await (await fetch(url(`/api/scans/${String(body['scanId'])}`), { headers: { authorization: `Bearer ${key}`, accept } })).text());
    }
    for (const text of texts) expect(text).not.toContain(PASSWORD.slice(2));
  });

  it('answers dot segments with 400 before routing, where the runtime shows the path as sent (item 12)', async () => {
    for (const path of ['/public/%2E%2E/api/health', '/api/x/../health', '/api/%2e/health']) {
      const answer = parsed(await rawExchange(server.port, `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
      if (runtime.name === 'bun') {
        // Bun resolves them before the app sees the request and keeps no raw target: the resolved path is routed.
        expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      } else {
        expect({ path, status: answer.status }).toEqual({ path, status: 400 });
        expect(answer.body).toContain('urn:secscan:problem:bad_request');
        expect(answer.headers).toContain('x-request-id:');
      }
    }
  });

  it('answers malformed edges with the same problem body everywhere it can (item 15)', async () => {
    for (const request of ['OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n', 'GET /api/health HTTP/1.1\r\n\r\n', 'GET /api/health HTTP/1.1\r\nHost: a b\r\n\r\n']) {
      const answer = parsed(await rawExchange(server.port, request));
      expect({ request, status: answer.status }).toEqual({ request, status: 400 });
      // Bun's own parser refuses these before any handler runs, with a bare 400.
      if (runtime.name !== 'bun') expect({ request, body: answer.body }).toEqual({ request, body: expect.stringContaining('"code":"bad_request"') });
    }
    const gzip = await scan('{"code":""}', { 'content-encoding': 'gzip' });
    expect([gzip.status, gzip.headers.get('accept-encoding')]).toEqual([415, 'identity']);
    await gzip.body?.cancel();
    const twice = await scan('{"code":"a","code":"b","language":"js"}');
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as Json)['errors']).toEqual([{ pointer: '#/code', detail: 'duplicate member name' }]);
  });

  it('lets a client that sends 6 MiB read its 413 instead of a broken connection (item 14)', async () => {
    const body = JSON.stringify({ code: 'x'.repeat(6 * 1024 * 1024), language: 'js' });
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      try {
        const response = await fetch(url('/api/scan'), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        outcomes.push(String(response.status));
        await response.text();
      } catch (error) {
        outcomes.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
      }
    }
    expect(outcomes).toEqual(Array(6).fill('413'));
  });

  it('never logs or echoes a token sent in the path or as X-Request-Id (item 10)', async () => {
    const token = `sk_live_${'Ab1'.repeat(16)}xyzXYZ`;
    const echoed = await fetch(url('/api/health'), { headers: { 'x-request-id': token } });
    expect(echoed.headers.get('x-request-id')).not.toBe(token);
    await (await fetch(url(`/api/scans/${token}`))).body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.stdout.join('\n')).not.toContain(token.slice(8, 30));
    expect(server.logs().some((line) => line['path'] === '/api/scans/[redacted]')).toBe(true);
  });

  it('refuses lone surrogates in a filename and a session subject, so SARIF never fails on one (items 7, 11)', async () => {
    const sarif = await scan('{"code":"","language":"js","filename":"a\\ud800.js"}', { accept: 'application/sarif+json' });
    expect(sarif.status).toBe(422);
    await sarif.body?.cancel();
    const session = await admin('/api/admin/sessions', '{"subject":"alice\\udc00"}');
    expect(session.status).toBe(422);
    await session.body?.cancel();
  });
});

describe.each(RUNTIMES)('file descriptors on $name (item 2)', (runtime) => {
  /**
   * Starts the server under `ulimit -n 256`, as the review did, and waits for its scan worker: a
   * worker that starts while the process has no descriptor left cannot load its modules, and Bun
   * 1.4.5 exits and Deno 2.9.5 panics then (README) — the connection cap is what keeps that away.
   */
  const startLimited = async (env: Record<string, string>): Promise<ServerProcess> => {
    const limited: Runtime = { name: runtime.name, command: '/bin/sh', args: ['-c', `ulimit -n 256; exec "$0" "$@"`, runtime.command, ...runtime.args] };
    const server = await startServer(limited, { SECSCAN_SCAN_WORKERS: '1', ...env });
    await server.warm();
    return server;
  };

  /** Floods the server with `n` connections that send part of a request head; checks it serves a connection opened before, then recovers. */
  async function flood(server: ServerProcess, n: number): Promise<{ closedByServer: number }> {
    const kept = await rawConnect(server.port);
    await kept.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect((await kept.until(hasCompleteResponse)).statuses).toEqual([200]);
    let closedByServer = 0;
    const sockets = Array.from({ length: n }, () => {
      const socket = net.connect(server.port, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n'));
      socket.on('error', () => {});
      socket.on('close', () => closedByServer++);
      return socket;
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    try {
      // Alive, and still serving the connection it had.
      expect(server.child.exitCode, server.stderr()).toBeNull();
      await kept.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      const during = await kept.until((text) => text.lastIndexOf('HTTP/1.1 ') > 0 && hasCompleteResponse(text.slice(text.lastIndexOf('HTTP/1.1 '))), 5000);
      expect(during.statuses).toEqual([200, 200]);
    } finally {
      kept.close();
      for (const socket of sockets) socket.destroy();
    }
    // Recovered: new connections are served again.
    let recovered = 0;
    for (let i = 0; i < 40 && recovered === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      recovered = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(1000) }).then(
        (r) => r.status,
        () => 0,
      );
    }
    expect(recovered).toBe(200);
    expect(server.child.exitCode).toBeNull();
    return { closedByServer };
  }

  it('refuses connections beyond SECSCAN_MAX_CONNECTIONS and keeps serving (Bun.serve cannot count them)', async () => {
    const server = await startLimited({ SECSCAN_MAX_CONNECTIONS: '100' });
    try {
      const { closedByServer } = await flood(server, 300);
      const refusals = server.logs().filter((line) => line['msg'] === 'connection refused: SECSCAN_MAX_CONNECTIONS reached');
      if (runtime.name === 'bun') {
        expect(server.logs().find((line) => line['msg'] === 'listening')?.['maxConnections']).toBeNull();
        expect(refusals).toEqual([]);
      } else {
        expect(closedByServer).toBeGreaterThanOrEqual(150);
        expect(refusals.length).toBeGreaterThan(0);
      }
    } finally {
      await server.stop(5000);
    }
  });

  it('survives running out of file descriptors, and recovers', async () => {
    // A cap above the process's limit: the flood reaches EMFILE at accept (Deno exited on it).
    const server = await startLimited({ SECSCAN_MAX_CONNECTIONS: '5000' });
    try {
      // The start-up check reads /proc/self/limits, which Deno's permissions keep from a server without --allow-all.
      expect(server.logs().some((line) => line['msg'] === 'SECSCAN_MAX_CONNECTIONS is above the open-file limit')).toBe(runtime.name !== 'deno');
      await flood(server, 400);
    } finally {
      await server.stop(5000);
    }
  });
});

describe.each(RUNTIMES)('callers on $name (items 9, 13)', (runtime) => {
  let database: TestDatabase;
  let sql: postgres.Sql;

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = postgres(database.url, { max: 1, onnotice: () => {} });
  });

  afterAll(async () => {
    await sql?.end();
    await database?.drop();
  });

  it('never counts a request whose client went away before its address was read under a shared "unknown" (item 9)', async () => {
    const server = await startServer(runtime, { DATABASE_URL: database.url, SECSCAN_ANON_RPM: '100000', SECSCAN_ANON_RPH: '100000' });
    try {
      const body = '{"code":"x = 1","language":"py"}';
      const request = `POST /api/scan HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
      // Send a whole request and reset the connection at once (RST, not FIN), 200 times.
      await Promise.all(
        Array.from(
          { length: 200 },
          () =>
            new Promise<void>((resolve) => {
              const socket = net.connect(server.port, '127.0.0.1', () => socket.write(request, () => socket.resetAndDestroy()));
              socket.on('error', () => {});
              socket.on('close', () => resolve());
            }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      const subjects = (await sql<{ subject: string }[]>`SELECT subject FROM secscan_rate_limits`).map((row) => row.subject);
      expect(subjects).not.toContain('anon:unknown');
    } finally {
      await server.stop();
    }
  });

  it('gives a scan refused at capacity its quota back (item 13)', async () => {
    // One worker and no queue: scans that arrive while one runs are refused with 503 at once.
    const server = await startServer(runtime, { SECSCAN_ADMIN_TOKEN: ADMIN_TOKEN, SECSCAN_SCAN_WORKERS: '1', SECSCAN_MAX_QUEUED_SCANS: '0' });
    try {
      await server.warm();
      await awayFromMinuteEdge(15_000);
      const created = await fetch(`${server.url}/api/admin/keys`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'busy', plan: 'enterprise', requestsPerMinute: 5 }),
      });
      const { key } = (await created.json()) as { key: string };
      const send = (code: string) =>
        fetch(`${server.url}/api/scan`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ code, language: 'js' }),
        });
      const burst = await Promise.all(Array.from({ length: 4 }, () => send('eval(req.query.a);\n'.repeat(2000))));
      const served = burst.filter((r) => r.status === 200).length;
      expect(burst.filter((r) => r.status === 503).length).toBe(4 - served);
      expect(served).toBeLessThan(4);
      await Promise.all(burst.map((r) => r.body?.cancel()));
      // Only the scans that ran (and this one) used the key's 5 per minute.
      const after = await send('');
      expect(after.status).toBe(200);
      expect(remainingOf(after.headers.get('ratelimit'), 'enterprise-minute')).toBe(5 - served - 1);
    } finally {
      await server.stop();
    }
  });
});
