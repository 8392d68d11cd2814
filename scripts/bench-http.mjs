/**
 * HTTP benchmark of the three servers (part of `npm run bench`; `npm run bench:http` alone). Every
 * figure that a target is set on is a ratio measured in the same run, side by side with a bare
 * server of the same runtime answering a fixed JSON body, so that a noisy machine moves both alike:
 *
 * 1. Throughput: autocannon on loopback, BENCH_CONNECTIONS (32) connections, BENCH_ROUNDS (5)
 *    rounds of BENCH_DURATION (3) seconds. Each round runs the bare server, GET /api/health and
 *    POST /api/scan (30 lines) back to back; the ratios are taken per round and their median
 *    shown, with req/s, autocannon's p50/p99 and the server's CPU time per request (all threads).
 *    Target: health ≥ 70% of bare on each runtime.
 * 2. Latency, one request at a time over one keep-alive connection (sub-millisecond timing):
 *    bare, health, scan; "scan adds" = scan p50 − bare p50. Target: < 2 ms on Node.
 * 3. GET /api/health, one at a time, while four 1 MiB scans run back to back on four other
 *    connections — with the worker pool, and in-process (SECSCAN_SCAN_WORKERS=0) for contrast.
 *    Target: health p99 < 50 ms with the pool.
 * 4. Start-up: process spawn → first answered health, and the first scan right after.
 *
 * Load generator and servers share the machine's cores: read ratios, not absolute numbers.
 */
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { corpusOf, cpuMs, median, percentile, request, RUNTIMES, SCAN_30_LINES, scanBody, sequentialLatencies, startProcess, textOfSize } from './bench/servers.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const contentionSeconds = Number(process.env.BENCH_CONTENTION_SECONDS ?? 8);
const loadAtStart = loadavg()[0].toFixed(1);

const json = { 'content-type': 'application/json' };
const scan30 = { method: 'POST', headers: json, body: scanBody(SCAN_30_LINES, 'javascript', 'app.js') };
const scan1MiB = { method: 'POST', headers: json, body: scanBody(textOfSize(corpusOf('javascript'), 1024 * 1024), 'javascript', 'big.js') };

/** One autocannon run against a server; CPU per request is the server's, all threads. */
async function load(server, path, init = {}) {
  const before = cpuMs(server.child.pid);
  const result = await autocannon({ url: `${server.base}${path}`, connections, duration, ...init });
  const after = cpuMs(server.child.pid);
  const answered = result.requests.total;
  if (result.non2xx > 0) throw new Error(`${path}: ${result.non2xx} answers were not 2xx`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUsPerRequest: before === null || after === null || answered === 0 ? null : ((after - before) * 1000) / answered,
    errors: result.errors,
  };
}

/** Health latencies while four 1 MiB scans run back to back on their own connections. */
async function healthUnderScans(server) {
  let running = true;
  const statuses = new Map();
  const scanners = Array.from({ length: 4 }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (running) {
      const status = await request(`${server.base}/api/scan`, scan1MiB, agent).catch(() => 0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    agent.destroy();
  });
  // Let the four scans get going before measuring.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const latencies = await sequentialLatencies(`${server.base}/api/health`, {}, { count: 1_000_000, durationMs: contentionSeconds * 1000, warmup: 0 });
  running = false;
  await Promise.all(scanners);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1], health: latencies.length, scans: Object.fromEntries(statuses) };
}

const rows = [];
for (const runtime of RUNTIMES) {
  process.stderr.write(`${runtime.name}: start-up…\n`);
  const starts = [];
  const firstScans = [];
  for (let i = 0; i < 3; i++) {
    const server = await startProcess(runtime.app);
    starts.push(server.startupMs);
    const t0 = performance.now();
    await (await fetch(`${server.base}/api/scan`, scan30)).arrayBuffer();
    firstScans.push(performance.now() - t0);
    await server.stop();
  }

  const bare = await startProcess(runtime.bare, { probe: '/' });
  const bridge = runtime.bridge ? await startProcess(runtime.bridge, { probe: '/' }) : null;
  // Wait for the warm-up (every worker's grammars) so that it does not run into the measurements.
  const app = await startProcess(runtime.app, { readyLine: '"warmed up"' });
  process.stderr.write(`${runtime.name}: warming the JIT…\n`);
  await autocannon({ url: `${app.base}/api/scan`, connections, duration: 2, ...scan30 });
  await autocannon({ url: `${app.base}/api/health`, connections, duration: 1 });
  await autocannon({ url: `${bare.base}/`, connections, duration: 1 });
  if (bridge) await autocannon({ url: `${bridge.base}/`, connections, duration: 1 });

  const runs = [];
  for (let round = 1; round <= rounds; round++) {
    process.stderr.write(`${runtime.name}: round ${round}/${rounds}…\n`);
    const b = await load(bare, '/');
    const g = bridge ? await load(bridge, '/') : null;
    const h = await load(app, '/api/health');
    const s = await load(app, '/api/scan', scan30);
    runs.push({
      bare: b,
      bridge: g,
      health: h,
      scan: s,
      healthRatio: h.rps / b.rps,
      scanRatio: s.rps / b.rps,
      bridgeRatio: g ? g.rps / b.rps : null,
      healthToBridge: g ? h.rps / g.rps : null,
    });
  }

  process.stderr.write(`${runtime.name}: latency one request at a time…\n`);
  const latency = {
    bare: await sequentialLatencies(`${bare.base}/`, {}, { count: 2000 }),
    health: await sequentialLatencies(`${app.base}/api/health`, {}, { count: 2000 }),
    scan: await sequentialLatencies(`${app.base}/api/scan`, scan30, { count: 1000 }),
  };

  process.stderr.write(`${runtime.name}: health while four 1 MiB scans run…\n`);
  const underScans = await healthUnderScans(app);
  await app.stop();
  await bare.stop();
  await bridge?.stop();
  const inProcess = await startProcess(runtime.app, { env: { SECSCAN_SCAN_WORKERS: '0' }, readyLine: '"warmed up"' });
  const underScansInProcess = await healthUnderScans(inProcess);
  await inProcess.stop();

  const pick = (key) => {
    const sorted = [...runs].sort((a, b) => a[key].rps - b[key].rps);
    return sorted[Math.floor(sorted.length / 2)][key];
  };
  rows.push({
    runtime: runtime.name,
    startupMs: median(starts),
    firstScanMs: median(firstScans),
    bare: pick('bare'),
    health: pick('health'),
    scan: pick('scan'),
    healthRatio: median(runs.map((r) => r.healthRatio)),
    scanRatio: median(runs.map((r) => r.scanRatio)),
    bridgeRatio: bridge ? median(runs.map((r) => r.bridgeRatio)) : null,
    healthToBridge: bridge ? median(runs.map((r) => r.healthToBridge)) : null,
    latency,
    underScans,
    underScansInProcess,
  });
}

const fmt = (n) => (n === null || Number.isNaN(n) ? '–' : Math.round(n).toLocaleString('en-US'));
const ms = (n) => (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n).toString());
const pct = (x) => `${Math.round(x * 100)}%`;
const mark = (ok) => (ok ? '✓' : '✗');
const cpu = (r) => (r.cpuUsPerRequest === null ? '–' : fmt(r.cpuUsPerRequest));

console.log(
  `\n## HTTP — ${connections} connections, median of ${rounds} rounds of ${duration} s, loopback, ${process.platform} ${process.arch}, ${availableParallelism()} cores, load average ${loadAtStart} at start, ${loadavg()[0].toFixed(1)} at end\n`,
);
console.log(
  '| runtime | bare server req/s (p50/p99 ms) | GET /api/health req/s (p50/p99 ms) | health / bare (target ≥ 70%) | POST /api/scan, 30 lines, req/s (p50/p99 ms) | scan / bare | server CPU µs per request: bare · health · scan |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.runtime} | ${fmt(r.bare.rps)} (${r.bare.p50}/${r.bare.p99}) | ${fmt(r.health.rps)} (${r.health.p50}/${r.health.p99}) | ${pct(r.healthRatio)} ${mark(r.healthRatio >= 0.7)} | ${fmt(r.scan.rps)} (${r.scan.p50}/${r.scan.p99}) | ${pct(r.scanRatio)} | ${cpu(r.bare)} · ${cpu(r.health)} · ${cpu(r.scan)} |`,
  );
}

const bridged = rows.filter((r) => r.bridgeRatio !== null);
if (bridged.length > 0) {
  console.log("\n### Where Node's share goes: the node:http ↔ fetch bridge alone (@hono/node-server, fixed body)\n");
  console.log('| runtime | bridge / bare | health / bridge (our stack on top of the bridge) |');
  console.log('|---|---:|---:|');
  for (const r of bridged) console.log(`| ${r.runtime} | ${pct(r.bridgeRatio)} | ${pct(r.healthToBridge)} |`);
}

console.log('\n### One request at a time (keep-alive, ms)\n');
console.log('| runtime | bare p50 / p99 | health p50 / p99 | scan 30 lines p50 / p99 | scan adds (p50, target < 2 ms on Node) |');
console.log('|---|---:|---:|---:|---:|');
for (const r of rows) {
  const { bare, health, scan } = r.latency;
  const adds = percentile(scan, 50) - percentile(bare, 50);
  console.log(
    `| ${r.runtime} | ${ms(percentile(bare, 50))} / ${ms(percentile(bare, 99))} | ${ms(percentile(health, 50))} / ${ms(percentile(health, 99))} | ${ms(percentile(scan, 50))} / ${ms(percentile(scan, 99))} | ${ms(adds)}${r.runtime === 'node' ? ` ${mark(adds < 2)}` : ''} |`,
  );
}

console.log(`\n### GET /api/health while four 1 MiB scans run (${contentionSeconds} s, ms)\n`);
console.log('| runtime | scans in | health p50 / p99 / max (target p99 < 50 ms) | health answered | 1 MiB scans answered (by status) |');
console.log('|---|---|---:|---:|---|');
for (const r of rows) {
  for (const [mode, u] of [
    ['worker pool', r.underScans],
    ['in-process (SECSCAN_SCAN_WORKERS=0)', r.underScansInProcess],
  ]) {
    const scans = Object.entries(u.scans)
      .map(([status, n]) => `${n}× ${status}`)
      .join(', ');
    console.log(`| ${r.runtime} | ${mode} | ${ms(u.p50)} / ${ms(u.p99)} / ${ms(u.max)}${mode === 'worker pool' ? ` ${mark(u.p99 < 50)}` : ''} | ${fmt(u.health)} | ${scans} |`);
  }
}

console.log('\n### Start-up (median of 3)\n');
console.log('| runtime | spawn → first answer (ms) | first scan right after (ms) |');
console.log('|---|---:|---:|');
for (const r of rows) console.log(`| ${r.runtime} | ${fmt(r.startupMs)} | ${fmt(r.firstScanMs)} |`);
