/**
 * `npm run bench` (builds first): every benchmark, one after another, each printing its tables —
 * HTTP on the three runtimes next to their bare servers (bench-http.mjs), the scanner per language
 * next to parse-only (bench-scanner.ts, on Bun), and memory over 20,000 scans (bench-memory.mjs).
 * BENCH_ONLY=http,scanner,memory picks some; each script's own BENCH_* variables apply. Takes
 * about a quarter of an hour on two cores. Benchmarks are never tests: they report, CI does not
 * fail on them.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.env.BENCH_ONLY?.split(',');
const bun = `${root}node_modules/.bin/bun`;

const suites = [
  { name: 'http', command: process.execPath, args: ['scripts/bench-http.mjs'] },
  { name: 'scanner', command: bun, args: ['scripts/bench-scanner.ts'] },
  { name: 'memory', command: process.execPath, args: ['scripts/bench-memory.mjs'] },
].filter((suite) => !only || only.includes(suite.name));

let failed = false;
for (const suite of suites) {
  process.stderr.write(`\n==> bench: ${suite.name}\n`);
  const result = spawnSync(suite.command, suite.args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`bench ${suite.name} failed (exit ${result.status ?? result.signal})\n`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
