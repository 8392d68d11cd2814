/**
 * Scores the scanner on the third-party development set (`../shared/corpora`, unpacked outside git)
 * with the reference scorer (`score.py`, python3). One command:
 *
 *   npm run accuracy -- --devset /tmp/devset [--scorer ../shared/corpora/score.py] [--corpus semgrep-rules]
 *                       [--lang python] [--per-family] [--out <dir>, default a fresh temp dir] [--min-confidence medium]
 *
 * It scans every file the labels name (a gosec label names a folder: each file in it is scanned), writes
 * `findings.jsonl` (one row per CWE of each finding, as the scorer wants) and `scanned.txt` to `--out`,
 * then runs the scorer per corpus, per language and (with --per-family) per CWE family. Nothing of the
 * corpus is copied into the repository.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { createScanner, type Confidence } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';

interface Label {
  corpus: string;
  lang: string;
  file: string;
  line: number;
  label: 'vuln' | 'safe';
  cwe: string[];
  gran: 'line' | 'file';
  todo?: boolean;
}

function option(name: string): string | null {
  const i = process.argv.indexOf(name);
  return i > 0 ? (process.argv[i + 1] ?? null) : null;
}
function options(name: string): string[] {
  const out: string[] = [];
  process.argv.forEach((a, i) => {
    if (a === name && process.argv[i + 1]) out.push(process.argv[i + 1] as string);
  });
  return out;
}

const root = new URL('..', import.meta.url).pathname;
const devsetArg = option('--devset');
if (!devsetArg) {
  console.error('usage: npm run accuracy -- --devset <unpacked devset folder> [--scorer score.py] [--corpus c] [--lang l] [--per-family] [--out dir]');
  process.exit(2);
}
const devset = join(process.cwd(), devsetArg);
const scorer = option('--scorer') ?? join(root, '../shared/corpora/score.py');
const out = option('--out') ?? join(tmpdir(), `secscan-devset-${process.pid}`);
const corpora = options('--corpus');
const langs = options('--lang');
const perFamily = process.argv.includes('--per-family');
const quiet = process.argv.includes('--quiet');
const minConfidence = (option('--min-confidence') ?? 'low') as Confidence;
if (!existsSync(join(devset, 'labels.jsonl'))) {
  console.error(`no labels.jsonl in ${devset}`);
  process.exit(2);
}
if (!existsSync(scorer)) {
  console.error(`reference scorer not found at ${scorer} (pass --scorer)`);
  process.exit(2);
}

const labels: Label[] = readFileSync(join(devset, 'labels.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Label)
  .filter((l) => (corpora.length === 0 || corpora.includes(l.corpus)) && (langs.length === 0 || langs.includes(l.lang)));

/** Scanner language of a label's language (`secrets` is scanned as generic). */
const scanLanguage = (lang: string): string => (lang === 'secrets' ? 'generic' : lang);

const files = new Map<string, string>();
for (const l of labels) {
  const full = join(devset, l.file);
  if (!existsSync(full)) continue;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full)) {
      const f = join(full, name);
      if (statSync(f).isFile()) files.set(relative(devset, f), scanLanguage(l.lang));
    }
  } else files.set(l.file, scanLanguage(l.lang));
}

const scanner = createScanner({ loader: grammarLoader, timeBudgetMs: 60_000 });
const rows: string[] = [];
let scanned = 0;
let truncated = 0;
const started = performance.now();
for (const [file, language] of [...files.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
  const code = readFileSync(join(devset, file), 'utf8');
  const result = await scanner.scan({ code, language, filename: file }, { minConfidence });
  scanned++;
  if (result.truncated) truncated++;
  for (const f of result.findings) {
    for (const cwe of f.cwe) rows.push(JSON.stringify({ file, line: f.location.startLine, cwe, rule: f.ruleId, confidence: f.confidence }));
  }
}
const seconds = (performance.now() - started) / 1000;
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'findings.jsonl'), `${rows.join('\n')}\n`);
writeFileSync(join(out, 'scanned.txt'), `${[...files.keys()].join('\n')}\n`);
writeFileSync(join(out, 'labels.jsonl'), `${labels.map((l) => JSON.stringify(l)).join('\n')}\n`);
console.log(`scanned ${scanned} files in ${seconds.toFixed(1)} s (${truncated} truncated); findings in ${out}`);

function score(title: string, extra: string[]): void {
  const args = [scorer, '--labels', join(out, 'labels.jsonl'), '--findings', join(out, 'findings.jsonl'), '--scanned', join(out, 'scanned.txt'), ...extra];
  const run = spawnSync('python3', args, { encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(run.stderr);
    process.exit(1);
  }
  const lines = run.stdout.trimEnd().split('\n');
  console.log(`\n## ${title}`);
  console.log(quiet ? lines.slice(0, 2).join('\n') : lines.join('\n'));
}

const present = (key: 'corpus' | 'lang', within: Label[]): string[] => [...new Set(within.map((l) => l[key]))].sort();
for (const corpus of present('corpus', labels)) {
  const inCorpus = labels.filter((l) => l.corpus === corpus);
  score(corpus, ['--corpus', corpus, ...(perFamily ? ['--per-family'] : [])]);
  const ls = present('lang', inCorpus);
  if (ls.length > 1) for (const lang of ls) score(`${corpus} / ${lang}`, ['--corpus', corpus, '--lang', lang]);
}
