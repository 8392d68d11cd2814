/**
 * Several secscan processes behind one load balancer share one PostgreSQL (issue #5): two real
 * server processes (Node and Bun) on one database, requests split between them. Rate limits are
 * exact across processes, keys and scan history are shared, and the periodic sweep cleans up.
 */
import { createTestDatabase, type TestDatabase } from '@secscan/postgres/testing';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromMinuteEdge } from './support/http-from.ts';
import { RUNTIMES, startServer, type ServerProcess } from './support/servers.ts';

const ADMIN_TOKEN = 'postgres-processes-admin-token-7c1e9a2b-5d3f';

type Json = Record<string, unknown>;

describe('two server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let sql: postgres.Sql;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    sql = postgres(database.url, { max: 2, onnotice: () => {} });
    const env = {
      DATABASE_URL: database.url,
      SECSCAN_ADMIN_TOKEN: ADMIN_TOKEN,
      SECSCAN_TRUST_PROXY: '1',
      SECSCAN_SWEEP_INTERVAL_SECONDS: '1',
      // Room for every admitted scan of a burst to wait for a scan worker: this suite counts the limiter's answers, not the queue's.
      SECSCAN_MAX_QUEUED_SCANS: '1000',
    };
    const runtimes = RUNTIMES.filter((r) => r.name === 'node' || r.name === 'bun');
    // One after the other: the second finds the schema migrated by the first.
    for (const runtime of runtimes) servers.push(await startServer(runtime, env));
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    servers = [];
    await sql?.end();
    await database?.drop();
  });

  /** The i-th of `n` requests goes to server i mod 2, as a round-robin load balancer sends them. */
  const at = (i: number): ServerProcess => servers[i % servers.length] as ServerProcess;
  const scan = (server: ServerProcess, client: string, headers: Record<string, string> = {}): Promise<Response> =>
    fetch(`${server.url}/api/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...headers },
      body: JSON.stringify({ code: 'const id = req.query.id;\ndb.query("SELECT * FROM t WHERE id = " + id);', filename: 'app.js' }),
    });
  const admin = async (server: ServerProcess, method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const newKey = async (server: ServerProcess, name: string): Promise<{ id: string; key: string }> =>
    (await (await admin(server, 'POST', '/api/admin/keys', { name, plan: 'free' })).json()) as { id: string; key: string };
  const drain = (responses: Response[]): Promise<unknown> => Promise.all(responses.map((r) => (r.bodyUsed ? undefined : r.body?.cancel())));

  it('migrated the schema once, and both processes answer healthy', async () => {
    const migrations = await sql<{ version: number }[]>`SELECT version FROM secscan_migrations`;
    expect(migrations.map((m) => m.version).sort((a, b) => a - b)).toEqual([1, 2]);
    const applied = servers.map((server) => server.logs().find((l) => l['msg'] === 'database ready')?.['migrationsApplied']);
    expect(applied).toEqual([[1, 2], []]);
    for (const server of servers) expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ status: 'ok', db: 'connected' });
  });

  it('admits exactly 10 of 60 concurrent anonymous requests split between the two', async () => {
    await awayFromMinuteEdge();
    const responses = await Promise.all(Array.from({ length: 60 }, (_, i) => scan(at(i), '203.0.113.50')));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    // Both processes admitted some and refused some: the limit is shared, not per process.
    expect(new Set(responses.map((r, i) => `${i % 2}:${r.status}`)).size).toBe(4);
    const answered = await Promise.all(responses.filter((r) => r.status === 200).map(async (r) => String(((await r.json()) as Json)['scanId'])));
    await drain(responses);
    // The 50 refusals cost the hour window nothing.
    const [row] = await sql<{ counts: number[] }[]>`SELECT counts FROM secscan_rate_limits WHERE subject = 'anon:ip4:203.0.113.50'`;
    expect(row?.counts).toEqual([10, 10]);
    // Every scan answered 200 was already stored when it was answered; the refused ones were not.
    const stored = await sql<{ id: string }[]>`SELECT id FROM secscan_scans WHERE owner IS NULL`;
    expect(stored.map((r) => r.id).sort()).toEqual(answered.sort());
  });

  it('admits exactly 100 of 150 concurrent requests with one free key, split between the two', async () => {
    await awayFromMinuteEdge(20_000);
    const { id, key } = await newKey(at(0), 'burst');
    const responses = await Promise.all(Array.from({ length: 150 }, (_, i) => scan(at(i), `203.0.113.${60 + (i % 50)}`, { authorization: `Bearer ${key}` })));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(100);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(50);
    await drain(responses);
    const [stored] = await sql<{ n: string }[]>`SELECT count(*) AS n FROM secscan_scans WHERE owner = ${`key:${id}`}`;
    expect(Number(stored?.n)).toBe(100);
  });

  it('shares keys and scan history: a scan made on one process is read back on the other, by its owner only', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const owner = await newKey(a, 'owner');
    const other = await newKey(b, 'other');
    const made = await scan(a, '203.0.113.120', { authorization: `Bearer ${owner.key}` });
    expect(made.status).toBe(200);
    const body = (await made.json()) as Json;
    const read = (server: ServerProcess, headers: Record<string, string>) =>
      fetch(`${server.url}/api/scans/${String(body['scanId'])}`, { headers: { 'x-forwarded-for': '203.0.113.121', ...headers } });
    const back = await read(b, { authorization: `Bearer ${owner.key}` });
    expect(back.status).toBe(200);
    const stored = (await back.json()) as Json;
    expect(stored).toEqual({ ...body, createdAt: expect.stringMatching(/Z$/) });
    expect((body['findings'] as Json[]).map((f) => f['ruleId'])).toContain('javascript.sql-injection');
    expect((await read(a, { authorization: `Bearer ${other.key}` })).status).toBe(404);
    expect((await read(b, {})).status).toBe(404);
    // Revoked on one process, refused by the other on its very next request.
    expect((await admin(b, 'DELETE', `/api/admin/keys/${owner.id}`)).status).toBe(204);
    expect((await scan(a, '203.0.113.120', { authorization: `Bearer ${owner.key}` })).status).toBe(401);
    // The database holds the scan and its owner, and no token.
    const [row] = await sql<{ owner: string; code: string | null }[]>`SELECT owner, code FROM secscan_scans WHERE id = ${String(body['scanId'])}`;
    expect(row).toEqual({ owner: `key:${owner.id}`, code: null });
    const everything = await sql<{ row: string }[]>`
      SELECT t::text AS row FROM secscan_api_keys t UNION ALL SELECT t::text FROM secscan_sessions t
      UNION ALL SELECT t::text FROM secscan_scans t UNION ALL SELECT t::text FROM secscan_rate_limits t`;
    for (const secret of [owner.key, other.key, ADMIN_TOKEN]) expect(everything.some((r) => r.row.includes(secret))).toBe(false);
  });

  it('sweeps periodically: scans past retention, expired sessions and finished rate-limit windows go; the rest stays', async () => {
    const old = '0190a000-0000-7000-8000-0000000000f1';
    const recent = '0190a000-0000-7000-8000-0000000000f2';
    const result = JSON.stringify({
      findings: [],
      summary: { total: 0, critical: 0, high: 0, medium: 0, low: 0, info: 0 },
      suppressed: 0,
      truncated: false,
      partialParse: false,
      engine: { version: 'x', rules: 0 },
      durationMs: 1,
    });
    await sql`
      INSERT INTO secscan_scans (id, owner, created_at, language, code_bytes, finding_count, result)
      VALUES (${old}, 'key:x', now() - interval '31 days', 'javascript', 1, 0, ${result}::text::json),
             (${recent}, 'key:x', now() - interval '29 days', 'javascript', 1, 0, ${result}::text::json)`;
    await sql`
      INSERT INTO secscan_sessions (id, subject, token_sha256, created_at, expires_at)
      VALUES ('0190a000-0000-7000-8000-0000000000f3', 'gone', ${'f3'.repeat(32)}, now() - interval '2 days', now() - interval '1 day')`;
    await sql`
      INSERT INTO secscan_rate_limits (subject, window_names, window_seconds, window_starts, counts, allowed, updated_at, expires_at)
      VALUES ('anon:ip4:192.0.2.99', '{anon-minute}', '{60}', '{0}', '{3}', true, now() - interval '2 hours', now() - interval '1 hour')`;
    const gone = async (): Promise<boolean> => {
      const [counts] = await sql<{ scans: string; sessions: string; limits: string }[]>`
        SELECT (SELECT count(*) FROM secscan_scans WHERE id = ${old}) AS scans,
               (SELECT count(*) FROM secscan_sessions WHERE subject = 'gone') AS sessions,
               (SELECT count(*) FROM secscan_rate_limits WHERE subject = 'anon:ip4:192.0.2.99') AS limits`;
      return counts?.scans === '0' && counts.sessions === '0' && counts.limits === '0';
    };
    const deadline = Date.now() + 10_000;
    while (!(await gone()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await gone()).toBe(true);
    expect((await sql`SELECT 1 FROM secscan_scans WHERE id = ${recent}`).count).toBe(1);
    expect((await sql`SELECT 1 FROM secscan_rate_limits WHERE subject = 'anon:ip4:203.0.113.50'`).count).toBe(1);
    const swept = servers.flatMap((server) => server.logs().filter((l) => l['msg'] === 'swept'));
    expect(swept.some((l) => Number(l['scans']) === 1)).toBe(true);
  });
});
