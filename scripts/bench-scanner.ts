/**
 * `npm run bench:scanner` (and part of `npm run bench`) — scanner speed per language, measured
 * against the floor we cannot go under: parsing the same input with the same grammar, in the same
 * run, so the ratio holds on a busy machine.
 *
 * For each language with fixtures it builds inputs of ~1 KB, ~30 KB and ~1 MB from the language's
 * realistic fixture files (repeated), then reports after warm-up:
 *   - cold: the first scan of the language in this process (grammar load + first parse);
 *   - full scan: p50 / p99 latency and throughput (MB/s);
 *   - parse only: the same input parsed by web-tree-sitter alone;
 *   - ratio = full-scan throughput / parse-only throughput (target ≥ 50%).
 * Runs on whichever runtime runs it: `node --import tsx`, `bun`, or `deno run -A`.
 *   BENCH_SCANNER_RUNS scales the number of runs (default 1: 100 at 1 KB, 20 at 30 KB, 3 at 1 MB).
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import { createScanner, PROFILES, LANGUAGES, type LanguageId } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';

const root = new URL('..', import.meta.url).pathname;
const fixtures = join(root, 'packages/core/fixtures');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const quick = process.argv.includes('--quick');
const SIZES: [string, number][] = [
  ['1KB', 1024],
  ['30KB', 30 * 1024],
  ['1MB', 1024 * 1024],
];

function corpusFor(language: LanguageId): string {
  const dir = join(fixtures, language);
  if (!existsSync(dir)) return '';
  // Files only (model fixtures sit in a `models/` folder and are left out, so the corpus stays comparable).
  return readdirSync(dir, { withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => f.name)
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

/** Repeats whole lines of the corpus until the text reaches `size` characters (cut at a line end). */
function inputOf(corpus: string, size: number): string {
  const lines = corpus.split('\n');
  const out: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const line = lines[i % lines.length] as string;
    out.push(line);
    length += line.length + 1;
  }
  return out.join('\n');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

function runs(size: number): number {
  if (quick) return size >= 1 << 20 ? 1 : 10;
  const scale = Number(process.env['BENCH_SCANNER_RUNS'] ?? 1);
  return Math.max(1, Math.round(scale * (size >= 1 << 20 ? 3 : size >= 30 * 1024 ? 20 : 100)));
}

async function time(fn: () => Promise<unknown> | unknown, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

const scanner = createScanner({ loader: grammarLoader, timeBudgetMs: 120_000 });
await Parser.init({ wasmBinary: await grammarLoader.runtime() });
const runtime = typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined' ? 'bun' : typeof (globalThis as { Deno?: unknown }).Deno !== 'undefined' ? 'deno' : 'node';
console.log(`\n## Scanner on ${runtime} — full scan vs parse-only of the same input, same grammar (${new Date().toISOString()})\n`);
console.log('| language | size | cold (ms) | scan p50 (ms) | scan p99 (ms) | scan MB/s | parse MB/s | scan / parse (target ≥ 50%) | findings |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');

for (const language of LANGUAGES) {
  if (only.length > 0 && !only.includes(language)) continue;
  const profile = PROFILES[language];
  const corpus = corpusFor(language);
  if (!profile || corpus.length === 0) continue;
  let cold: number | null = null;
  for (const [label, size] of SIZES) {
    const code = inputOf(corpus, size);
    const grammarName = profile.adapter.grammar(code, undefined);
    if (cold === null) {
      const t0 = performance.now();
      await scanner.scan({ code: inputOf(corpus, 1024), language });
      cold = performance.now() - t0;
    }
    const language_ = await Language.load(await grammarLoader.grammar(grammarName));
    const parser = new Parser();
    parser.setLanguage(language_);
    const n = runs(size);
    // Warm-up, then measure.
    for (let i = 0; i < Math.min(5, n); i++) await scanner.scan({ code, language });
    let findings = 0;
    const scanTimes = await time(async () => {
      const r = await scanner.scan({ code, language });
      findings = r.findings.length;
    }, n);
    for (let i = 0; i < Math.min(5, n); i++) parser.parse(code)?.delete();
    const parseTimes = await time(() => parser.parse(code)?.delete(), n);
    parser.delete();
    const mb = code.length / (1024 * 1024);
    const scanMbs = mb / (percentile(scanTimes, 50) / 1000);
    const parseMbs = mb / (percentile(parseTimes, 50) / 1000);
    const ratio = scanMbs / parseMbs;
    console.log(
      `| ${language} | ${label} | ${label === '1KB' ? cold.toFixed(1) : ''} | ${percentile(scanTimes, 50).toFixed(2)} | ${percentile(scanTimes, 99).toFixed(2)} | ${scanMbs.toFixed(2)} | ${parseMbs.toFixed(2)} | ${Math.round(ratio * 100)}% ${ratio >= 0.5 ? '✓' : '✗'} | ${findings} |`,
    );
  }
}
