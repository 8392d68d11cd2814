/**
 * Throughput of the secret detectors (`secrets.*` rules), run the way the engine runs them: every
 * rule's `detect` over the whole text, once per scan. Prints MB/s for realistic code, a 1 MiB single
 * line, 1 MiB of random base64, and hostile inputs built to trip each detector's candidate search.
 *   npx bun scripts/bench-secrets.ts [--rules] [--runs N]
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { secretsRules } from '../packages/core/src/scanner/rules/secrets/index.ts';

const MiB = 1024 * 1024;
const args = process.argv.slice(2);
const perRule = args.includes('--rules');
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;

function filesUnder(dir: string, ext: RegExp, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) filesUnder(full, ext, out);
    else if (ext.test(name)) out.push(full);
  }
  return out;
}

function toSize(seed: string, size: number): string {
  let s = seed;
  while (s.length < size) s += seed;
  return s.slice(0, size);
}

// Realistic code: this repository's own TypeScript sources (no secrets in them), then the same
// with a few leaked secrets sprinkled in (the secret-dense fixtures, ~3% of the text).
const root = new URL('..', import.meta.url).pathname;
const sources = filesUnder(join(root, 'packages'), /\.ts$/)
  .filter((f) => !f.includes('/fixtures/'))
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');
const fixtures = filesUnder(join(root, 'packages/core/fixtures'), /./)
  .filter((f) => /[/\\](?:generic[/\\]|[^/\\]*[/\\][Ss]ecrets)/.test(f))
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');
const code = toSize(sources, MiB);
const mixed = toSize(`${sources.slice(0, 600_000)}\n${fixtures}`, MiB);
const oneLine = code.replace(/\n/g, ' ');
const base64 = randomBytes(Math.ceil((MiB * 3) / 4))
  .toString('base64')
  .slice(0, MiB);
const base64url = randomBytes(Math.ceil((MiB * 3) / 4))
  .toString('base64url')
  .slice(0, MiB);

const inputs: [string, string][] = [
  ['realistic code (repo sources)', code],
  ['code + leaked secrets (fixtures)', mixed],
  ['1 MiB single line', oneLine],
  ['1 MiB random base64', base64],
  ['1 MiB random base64url', base64url],
];
// Hostile inputs: each repeats a detector's candidate prefix or context word as densely as possible.
const hostile: [string, string][] = [
  ['eyJ… repeated', toSize('eyJhbGciOiJIUzI1NiJ9.', MiB)],
  ['AKIA/aws repeated', toSize('aws AKIAABCDEFGHIJKLMNOP secret ', MiB)],
  ['a=a= operators', toSize('a=', MiB)],
  ['token="…" assignments', toSize(`token="${randomBytes(18).toString('base64')}"\n`, MiB)],
  ['-----BEGIN repeated', toSize('-----BEGIN PRIVATE KEY-----', MiB)],
  ['://user:pass@ repeated', toSize('postgres://u:p', MiB)],
  ['Password= repeated', toSize('Server=x;Password=', MiB)],
  ['sig= repeated', toSize('?sv=1&sig=', MiB)],
  ['twilio + hex', toSize(`twilio ${randomBytes(16).toString('hex')} `, MiB)],
  ['quotes without end', `k="${'a:b,'.repeat(MiB / 4)}`],
];

type Detect = (text: string) => unknown[];
const detectors: [string, Detect][] = secretsRules.flatMap((r) => (r.matcher.kind === 'secret' ? [[r.name ?? r.class, r.matcher.detect] as [string, Detect]] : []));

/** Lets the detectors' per-scan memo expire, as it does between two scans. */
const nextScan = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

async function timeAll(text: string): Promise<{ ms: number; hits: number; byRule: Map<string, number> }> {
  let best = Number.POSITIVE_INFINITY;
  let hits = 0;
  const byRule = new Map<string, number>();
  for (let run = 0; run < RUNS; run++) {
    await nextScan();
    const t0 = performance.now();
    hits = 0;
    for (const [id, detect] of detectors) {
      const r0 = performance.now();
      hits += detect(text).length;
      const dt = performance.now() - r0;
      byRule.set(id, Math.min(byRule.get(id) ?? Number.POSITIVE_INFINITY, dt));
    }
    best = Math.min(best, performance.now() - t0);
  }
  return { ms: best, hits, byRule };
}

function line(name: string, bytes: number, ms: number, hits: number): string {
  const mbps = bytes / MiB / (ms / 1000);
  return `${name.padEnd(36)} ${(bytes / MiB).toFixed(2).padStart(5)} MiB ${ms.toFixed(1).padStart(7)} ms ${mbps.toFixed(0).padStart(6)} MB/s ${String(hits).padStart(6)} hits`;
}

const g = globalThis as { Bun?: { version: string }; Deno?: { version: { deno: string } } };
const runtime = g.Bun ? `bun ${g.Bun.version}` : g.Deno ? `deno ${g.Deno.version.deno}` : `node ${process.version}`;
console.log(`${detectors.length} secret rules, best of ${RUNS} runs, ${runtime}\n`);
for (const group of [
  ['inputs', inputs],
  ['hostile inputs', hostile],
] as const) {
  console.log(`— ${group[0]}`);
  for (const [name, text] of group[1]) {
    await timeAll(text); // warm-up
    const { ms, hits, byRule } = await timeAll(text);
    console.log(line(name, text.length, ms, hits));
    if (perRule) {
      const slowest = [...byRule].sort((a, b) => b[1] - a[1]).slice(0, 5);
      console.log(`    slowest: ${slowest.map(([id, t]) => `${id.slice(8)} ${t.toFixed(1)}`).join(', ')}`);
    }
  }
  console.log('');
}
