/**
 * PostgreSQL going away and coming back (issue #5), against a real server this test owns (its own
 * embedded PostgreSQL, so stopping it disturbs no other suite) and real secscan processes on
 * Node, Bun and Deno. Two kinds of outage:
 * - the server stops (connections close, new ones are refused);
 * - the network stops carrying bytes (a TCP proxy in between holds them: nothing answers, nothing
 *   closes), where only the client's own deadlines help.
 * Either way: health answers 503 degraded within its deadline, scans answer 503 with Retry-After
 * (fail closed), no process dies, and when the database is back everything recovers on its own.
 */
import { createTestDatabase, startEmbeddedPostgres, withDatabase, type EmbeddedPostgres } from '@secscan/postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIMES, startServer, type ServerProcess } from './support/servers.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

const ADMIN_TOKEN = 'postgres-outage-admin-token-3f9b7c1d-2e4a-4b6c';
const HEALTH_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 1000;
const STATEMENT_TIMEOUT_MS = 1000;
/** Slack for a loaded 2-core machine running three servers: the assertions are "no hang", not timings. */
const SLACK_MS = 1500;

type Json = Record<string, unknown>;

describe('PostgreSQL outages, on Node, Bun and Deno at once', () => {
  let pg: EmbeddedPostgres;
  let proxy: TcpProxy;
  const servers: ServerProcess[] = [];
  let key = '';
  /** A scan each server stored before the outages, by server. */
  const before = new Map<ServerProcess, string>();

  beforeAll(async () => {
    pg = await startEmbeddedPostgres();
    const database = await createTestDatabase(pg.url);
    proxy = await startTcpProxy(pg.port);
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    const env = {
      DATABASE_URL: withDatabase(viaProxy.toString(), database.name),
      SECSCAN_ADMIN_TOKEN: ADMIN_TOKEN,
      SECSCAN_TRUST_PROXY: '1',
      SECSCAN_HEALTH_TIMEOUT_MS: String(HEALTH_TIMEOUT_MS),
      SECSCAN_DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      SECSCAN_DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    };
    for (const runtime of RUNTIMES) servers.push(await startServer(runtime, env));
    const created = await fetch(`${servers[0]?.url}/api/admin/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'outage', plan: 'pro' }),
    });
    key = String(((await created.json()) as Json)['key']);
    for (const server of servers) {
      const response = await scan(server, { authorization: `Bearer ${key}` });
      expect(response.status).toBe(200);
      before.set(server, String(((await response.json()) as Json)['scanId']));
    }
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await proxy?.close();
    await pg?.destroy();
  });

  const scan = (server: ServerProcess, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(`${server.url}/api/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77', ...headers },
      body: JSON.stringify({ code: 'eval(input)', language: 'js' }),
    });
  const history = (server: ServerProcess): Promise<Response> => fetch(`${server.url}/api/scans/${before.get(server)}`, { headers: { authorization: `Bearer ${key}` } });
  const timed = async (request: () => Promise<Response>): Promise<{ response: Response; ms: number }> => {
    const started = performance.now();
    const response = await request();
    return { response, ms: performance.now() - started };
  };

  /** What every server must answer while the database is unreachable, whichever way. */
  async function expectFailingClosed(server: ServerProcess, scanDeadlineMs: number): Promise<void> {
    const health = await timed(() => fetch(`${server.url}/api/health`));
    expect({ runtime: server.runtime, status: health.response.status }).toEqual({ runtime: server.runtime, status: 503 });
    expect(await health.response.json()).toMatchObject({ status: 'degraded', db: 'disconnected' });
    expect(health.response.headers.get('retry-after')).toBe('5');
    expect(health.ms).toBeLessThan(HEALTH_TIMEOUT_MS + SLACK_MS);
    for (const request of [() => scan(server), () => scan(server, { authorization: `Bearer ${key}` }), () => history(server)]) {
      const { response, ms } = await timed(request);
      expect({ runtime: server.runtime, status: response.status, retryAfter: response.headers.get('retry-after') }).toEqual({
        runtime: server.runtime,
        status: 503,
        retryAfter: '5',
      });
      expect(await response.json()).toMatchObject({ code: 'unavailable', status: 503 });
      expect(ms).toBeLessThan(scanDeadlineMs + SLACK_MS);
    }
  }

  /** Waits until every server's health says connected again, then checks that they all work. */
  async function expectRecovered(): Promise<void> {
    for (const server of servers) {
      const deadline = Date.now() + 20_000;
      let status = 0;
      while (Date.now() < deadline) {
        status = (await fetch(`${server.url}/api/health`)).status;
        if (status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect({ runtime: server.runtime, status }).toEqual({ runtime: server.runtime, status: 200 });
      expect((await scan(server, { authorization: `Bearer ${key}` })).status).toBe(200);
      expect((await scan(server)).status).toBe(200);
      // What was stored before the outage is still there.
      expect((await history(server)).status).toBe(200);
    }
  }

  function expectAlive(): void {
    for (const server of servers) {
      expect({ runtime: server.runtime, exit: server.child.exitCode, signal: server.child.signalCode }).toEqual({ runtime: server.runtime, exit: null, signal: null });
      expect(server.logs().filter((line) => line['level'] === 'error')).toEqual([]);
      expect(server.stderr()).toBe('');
    }
  }

  it('fails closed while PostgreSQL is stopped, and recovers without a restart when it is back', async () => {
    await pg.stop();
    try {
      await Promise.all(servers.map((server) => expectFailingClosed(server, CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS)));
      expectAlive();
    } finally {
      await pg.start();
    }
    await expectRecovered();
    expectAlive();
  });

  it('fails closed within its deadlines when PostgreSQL stops answering (a network partition), and recovers', async () => {
    proxy.freeze();
    try {
      await Promise.all(servers.map((server) => expectFailingClosed(server, CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS)));
      expectAlive();
    } finally {
      proxy.thaw();
    }
    await expectRecovered();
    expectAlive();
  });
});
