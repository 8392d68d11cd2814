/**
 * HTTP benchmark of the three servers (npm run bench:http; builds first). Prints a table:
 * - start-up: process spawn → first answered GET /api/health (median of BENCH_STARTS runs), and the
 *   first scan's latency right after start (grammar warm-up is under way then);
 * - throughput: autocannon on loopback, BENCH_CONNECTIONS connections (32), BENCH_ROUNDS rounds (3) of
 *   BENCH_DURATION seconds (5) each, of POST /api/scan with a 30-line JavaScript file, of GET /api/health,
 *   and of the same runtime's bare server answering a fixed JSON body; medians are shown. The ratios to
 *   the bare server are what we track.
 * Load generator and server share the machine's cores: compare ratios, not absolute numbers.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const duration = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const starts = Number(process.env.BENCH_STARTS ?? 5);
const only = process.env.BENCH_RUNTIMES?.split(',');

const loadAtStart = loadavg()[0].toFixed(1);

const bin = (name) => `${root}node_modules/.bin/${name}`;
const denoRun = ['run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys'];
const RUNTIMES = [
  { name: 'node', app: [process.execPath, ['servers/node/dist/main.js']], bare: [process.execPath, ['scripts/bench/bare-node.mjs']] },
  { name: 'bun', app: [bin('bun'), ['servers/bun/src/main.ts']], bare: [bin('bun'), ['scripts/bench/bare-bun.mjs']] },
  { name: 'deno', app: [bin('deno'), [...denoRun, 'servers/deno/src/main.ts']], bare: [bin('deno'), [...denoRun, 'scripts/bench/bare-deno.mjs']] },
].filter((r) => !only || only.includes(r.name));

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

/** Spawns a server; stdout is drained (a full pipe would stall the server's log writes). */
function spawnServer([command, args], port) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.resume();
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.exited = new Promise((resolve) => child.once('exit', resolve));
  child.stderrText = () => stderr;
  return child;
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await child.exited;
  clearTimeout(timer);
}

/** Polls until the server answers; returns ms since `since`. */
async function firstAnswer(url, since, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${child.stderrText()}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median time from spawn to the first answered request, and the latency of the first scan right after. */
async function startup(runtime) {
  const times = [];
  const firstScans = [];
  for (let i = 0; i < starts; i++) {
    const port = await freePort();
    const since = performance.now();
    const child = spawnServer(runtime.app, port);
    times.push(await firstAnswer(`http://127.0.0.1:${port}/api/health`, since, child));
    const scanStarted = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: scanBody });
    await response.arrayBuffer();
    firstScans.push(performance.now() - scanStarted);
    await stop(child);
  }
  return { startupMs: median(times), firstScanMs: median(firstScans) };
}

/** Starts a server and resolves once it answers `probe`. */
async function started(spec, probe) {
  const port = await freePort();
  const child = spawnServer(spec, port);
  await firstAnswer(`http://127.0.0.1:${port}${probe}`, performance.now(), child);
  return { child, base: `http://127.0.0.1:${port}` };
}

/** One autocannon run; a connection the server closes counts as an autocannon error and is reported, not fatal
 * (Deno 2.8.3–2.9.5 closes the connection after every request body over ~500 B, denoland/deno#36657). */
async function measure(url, options) {
  const result = await autocannon({ url, connections, duration, ...options });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p99: result.latency.p99, closed: result.errors };
}

const scanRequest = { method: 'POST', headers: { 'content-type': 'application/json' }, body: scanBody };

/** Median of the rounds, by req/s. */
const medianRun = (runs) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];

const rows = [];
for (const runtime of RUNTIMES) {
  process.stderr.write(`${runtime.name}: start-up…\n`);
  const { startupMs, firstScanMs } = await startup(runtime);
  const bareServer = await started(runtime.bare, '/');
  const appServer = await started(runtime.app, '/api/health');
  // Warm the JIT and the grammars before measuring.
  await autocannon({ url: `${appServer.base}/api/scan`, connections, duration: 2, ...scanRequest });
  await autocannon({ url: `${bareServer.base}/`, connections, duration: 2 });
  const runs = { bare: [], health: [], scan: [] };
  // Rounds alternate the three loads so that a burst of other work on the machine hits all of them alike.
  for (let round = 1; round <= rounds; round++) {
    process.stderr.write(`${runtime.name}: round ${round}/${rounds}…\n`);
    runs.bare.push(await measure(`${bareServer.base}/`, {}));
    runs.health.push(await measure(`${appServer.base}/api/health`, {}));
    runs.scan.push(await measure(`${appServer.base}/api/scan`, scanRequest));
  }
  await stop(bareServer.child);
  await stop(appServer.child);
  rows.push({ runtime: runtime.name, startupMs, firstScanMs, bare: medianRun(runs.bare), health: medianRun(runs.health), scan: medianRun(runs.scan) });
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const pct = (a, b) => `${Math.round((a / b) * 100)}%`;
const loadAverage = `${loadAtStart} at start, ${loadavg()[0].toFixed(1)} at end`;
console.log(`\nsecscan HTTP benchmark — ${connections} connections, median of ${rounds} rounds of ${duration} s, loopback, ${process.platform} ${process.arch}, ${availableParallelism()} cores, load average ${loadAverage} (other work on the machine skews absolute numbers)\n`);
console.log('| runtime | start → first answer (ms) | first scan after start (ms) | bare server req/s (p99 ms) | GET /api/health req/s (p99 ms) | health / bare | POST /api/scan 30 lines req/s (p99 ms) | scan / bare | connections closed by server during scan run |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.runtime} | ${fmt(r.startupMs)} | ${fmt(r.firstScanMs)} | ${fmt(r.bare.rps)} (${r.bare.p99}) | ${fmt(r.health.rps)} (${r.health.p99}) | ${pct(r.health.rps, r.bare.rps)} | ${fmt(r.scan.rps)} (${r.scan.p99}) | ${pct(r.scan.rps, r.bare.rps)} | ${fmt(r.scan.closed)} |`,
  );
}
