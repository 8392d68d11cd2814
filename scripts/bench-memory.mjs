/**
 * Memory benchmark (part of `npm run bench`; `npm run bench:memory` alone): resident memory of each
 * runtime's server — main thread and scan workers, one process — after 1,000 and after 20,000 scans
 * (BENCH_MEMORY_SCANS), sent BENCH_MEMORY_CONCURRENCY (8) at a time. The inputs are 30-line windows
 * of every language's fixture files in turn, so every grammar and rule pack runs. The in-memory
 * store keeps 1,000 scans (SECSCAN_MAX_STORED_SCANS), so it is full by the first reading. Target:
 * RSS grows less than 10% from 1,000 to 20,000 scans. Growth there mixes warm-up (JIT code for
 * every rule's paths, each worker's WebAssembly memory reaching its high-water mark, heap sizing)
 * with leaks; the run goes on to twice as many scans (BENCH_MEMORY_EXTRA, default = the total) and
 * reports the growth over that second half too: a leak keeps growing there, warm-up does not.
 */
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { corpusOf, request, rssMiB, RUNTIMES, scanBody, startProcess } from './bench/servers.mjs';

const total = Number(process.env.BENCH_MEMORY_SCANS ?? 20_000);
const first = Math.min(1000, total);
const extra = Number(process.env.BENCH_MEMORY_EXTRA ?? total);
const all = total + extra;
const concurrency = Number(process.env.BENCH_MEMORY_CONCURRENCY ?? 8);
const LANGUAGES = ['c', 'cpp', 'csharp', 'go', 'java', 'javascript', 'php', 'python', 'ruby', 'typescript'];

/** 30-line windows of every language's fixtures, interleaved by language. */
function inputs() {
  const byLanguage = LANGUAGES.map((language) => {
    const lines = corpusOf(language).split('\n');
    const windows = [];
    for (let at = 0; at + 30 <= lines.length; at += 30) windows.push(scanBody(lines.slice(at, at + 30).join('\n'), language));
    return windows;
  }).filter((windows) => windows.length > 0);
  const out = [];
  for (let i = 0; out.length < 500; i++) for (const windows of byLanguage) out.push(windows[i % windows.length]);
  return out;
}

const bodies = inputs();
const rows = [];
for (const runtime of RUNTIMES) {
  const server = await startProcess(runtime.app, { env: { SECSCAN_MAX_STORED_SCANS: '1000' }, readyLine: '"warmed up"' });
  const pid = server.child.pid;
  const atStart = rssMiB(pid);
  let sent = 0;
  let done = 0;
  let failed = 0;
  let atFirst = null;
  let atTotal = null;
  const started = performance.now();
  process.stderr.write(`${runtime.name}: ${all} scans…\n`);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (sent < all) {
        const body = bodies[sent++ % bodies.length];
        const status = await request(`${server.base}/api/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }, agent).catch(() => 0);
        if (status !== 200) failed++;
        done++;
        if (done === first) atFirst = rssMiB(pid);
        if (done === total) atTotal = rssMiB(pid);
        if (done % 5000 === 0) process.stderr.write(`${runtime.name}: ${done}\n`);
      }
      agent.destroy();
    }),
  );
  const atEnd = rssMiB(pid);
  const seconds = (performance.now() - started) / 1000;
  await server.stop();
  rows.push({ runtime: runtime.name, atStart, atFirst, atTotal, atEnd, failed, rate: all / seconds });
}

const mib = (n) => (n === null ? '–' : n.toFixed(0));
console.log(
  `\n## Memory — ${all.toLocaleString('en-US')} scans of 30 lines (10 languages), ${concurrency} at a time, ${availableParallelism()} cores, load average ${loadavg()[0].toFixed(1)}\n`,
);
const n = (x) => x.toLocaleString('en-US');
const pctOf = (from, to) => (from && to ? `${(((to - from) / from) * 100).toFixed(1)}%` : '–');
console.log(
  `| runtime | RSS warmed up (MiB) | after ${n(first)} scans | after ${n(total)} | after ${n(all)} | growth ${n(first)} → ${n(total)} (target < 10%) | growth ${n(total)} → ${n(all)} (a leak keeps growing) | scans/s | failed |`,
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const growth = r.atFirst && r.atTotal ? (r.atTotal - r.atFirst) / r.atFirst : null;
  console.log(
    `| ${r.runtime} | ${mib(r.atStart)} | ${mib(r.atFirst)} | ${mib(r.atTotal)} | ${mib(r.atEnd)} | ${growth === null ? '–' : `${(growth * 100).toFixed(1)}% ${growth < 0.1 ? '✓' : '✗'}`} | ${pctOf(r.atTotal, r.atEnd)} | ${Math.round(r.rate)} | ${r.failed} |`,
  );
}
