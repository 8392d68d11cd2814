/**
 * What the benchmarks share: the three runtimes' secscan servers and bare servers as child
 * processes on free loopback ports, their CPU time and memory (Linux /proc), sequential latency
 * probes over one keep-alive connection, and the inputs (a 30-line file, ~1 MiB of real code).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository root, with a trailing slash. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const bin = (name) => `${ROOT}node_modules/.bin/${name}`;
const denoRun = ['run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys'];

/** Each runtime: how to start secscan's server and the bare baseline server. */
export const RUNTIMES = [
  {
    name: 'node',
    app: [process.execPath, ['servers/node/dist/main.js']],
    bare: [process.execPath, ['scripts/bench/bare-node.mjs']],
    // The same fixed body through the node:http ↔ fetch bridge alone (what any fetch-style app on Node pays).
    bridge: [process.execPath, ['scripts/bench/bare-node-bridge.mjs']],
  },
  { name: 'bun', app: [bin('bun'), ['servers/bun/src/main.ts']], bare: [bin('bun'), ['scripts/bench/bare-bun.mjs']] },
  { name: 'deno', app: [bin('deno'), [...denoRun, 'servers/deno/src/main.ts']], bare: [bin('deno'), [...denoRun, 'scripts/bench/bare-deno.mjs']] },
].filter((runtime) => !process.env.BENCH_RUNTIMES || process.env.BENCH_RUNTIMES.split(',').includes(runtime.name));

/** Settings every benchmark server runs with: no rate limit in the way, nothing else changed. */
export const BENCH_ENV = { SECSCAN_ANON_RPM: '1000000', SECSCAN_ANON_RPH: '1000000', NO_COLOR: '1' };

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a server process and resolves once `probe` answers 2xx; stdout is drained (a full pipe would stall its log writes). */
export async function startProcess([command, args], { env = {}, probe = '/api/health', readyLine = null } = {}) {
  const port = await freePort();
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...BENCH_ENV, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    if (readyLine) stdout += chunk;
  });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited: ${stderr}`);
    try {
      const response = await fetch(`${base}${probe}`);
      await response.arrayBuffer();
      if (response.ok && (!readyLine || stdout.includes(readyLine))) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error(`${command} did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    child,
    base,
    startupMs: performance.now() - started,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** CPU time (user + system, ms) a process has used so far, all its threads included; null where /proc is missing. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticksPerSecond = 100; // USER_HZ on Linux
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** Resident memory of a process in MiB; null where /proc is missing. */
export function rssMiB(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(line.split(/\s+/)[1]) / 1024;
  } catch {
    return null;
  }
}

/** A value of a sorted list at percentile `p`. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The median of numbers. */
export const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** One request over `agent`; resolves with its status once the whole answer is in. */
export function request(url, { method = 'GET', headers = {}, body } = {}, agent) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Latencies (ms, sorted) of requests sent one after another over one keep-alive connection, for
 * `durationMs` or `count` requests, whichever ends first: the unloaded cost of a request, at
 * sub-millisecond resolution (autocannon reports whole milliseconds).
 */
export async function sequentialLatencies(url, init = {}, { count = 500, durationMs = 10_000, warmup = 50, statuses } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < warmup; i++) await request(url, init, agent);
    const latencies = [];
    const until = performance.now() + durationMs;
    while (latencies.length < count && performance.now() < until) {
      const started = performance.now();
      const status = await request(url, init, agent);
      latencies.push(performance.now() - started);
      if (statuses) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    return latencies.sort((a, b) => a - b);
  } finally {
    agent.destroy();
  }
}

/** The 30-line JavaScript file of the HTTP benchmarks and the conformance suite. */
export const SCAN_30_LINES = readFileSync(`${ROOT}tests/fixtures/scan-30-lines.js`, 'utf8');

/** A scan request body. */
export const scanBody = (code, language, filename) => JSON.stringify({ code, language, ...(filename ? { filename } : {}) });

/** The fixture files of a language, concatenated (realistic code with findings). */
export function corpusOf(language) {
  const dir = `${ROOT}packages/core/fixtures/${language}`;
  if (!existsSync(dir)) return '';
  // Files only: model fixtures sit in a `models/` folder beside them.
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort()
    .map((file) => readFileSync(`${dir}/${file}`, 'utf8'))
    .join('\n');
}

/** Whole lines of `corpus`, repeated while the text stays within `bytes` UTF-8 bytes. */
export function textOfSize(corpus, bytes) {
  const lines = corpus.split('\n');
  const out = [];
  let length = 0;
  for (let i = 0; ; i++) {
    const line = lines[i % lines.length];
    const size = Buffer.byteLength(line) + 1;
    if (length + size > bytes) break;
    out.push(line);
    length += size;
  }
  return out.join('\n');
}
