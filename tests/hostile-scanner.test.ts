/**
 * The scanner on garbage, beyond what scan.test.ts covers (random UTF-16, NULs, invalid UTF-8, a
 * 1 MiB line, nested brackets, a 50,000-term sum): other 50,000-deep shapes (member chains, unary
 * chains, right-associative assignments, nested ternaries, string concatenation), raw random bytes,
 * line-ending oddities, and the `generic` language — each language, in real Node scan workers so a
 * runaway cannot hang the run. Every scan answers (never throws, never stopped by the pool's hard
 * limit) within its time budget plus slack for a loaded machine.
 */
import { createScanner, LANGUAGES, type LanguageId } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { ScanRefusedError } from '@secscan/http';
import type { ScanPool } from '@secscan/http/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeScanPool } from './support/node-scan-pool.ts';

const BUDGET_MS = 3000;
const SLACK_MS = 3000;
const DEEP = 50_000;

let pool: ScanPool;

beforeAll(async () => {
  pool = nodeScanPool({ workers: 2, timeoutMs: BUDGET_MS + SLACK_MS }).pool;
  await pool.warmUp();
}, 120_000);

afterAll(() => {
  pool?.close();
});

/** Deterministic pseudo-random bytes. */
function bytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed >>> 0;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const INPUTS: [string, () => string][] = [
  ['random bytes read as Latin-1', () => new TextDecoder('latin1').decode(bytes(64 * 1024, 1))],
  ['random bytes read as UTF-8 (replacement characters)', () => new TextDecoder().decode(bytes(64 * 1024, 2))],
  [`a ${DEEP}-long member chain`, () => `x = a${'.b'.repeat(DEEP)};`],
  [`a ${DEEP}-long unary chain`, () => `x = ${'-'.repeat(DEEP)}1;`],
  [`${DEEP} chained assignments`, () => `${'a = '.repeat(DEEP)}1;`],
  [`${DEEP} concatenated strings`, () => `q = ${'"a" + '.repeat(DEEP)}"b";`],
  [`${DEEP / 10} nested ternaries`, () => `x = ${'a ? b : '.repeat(DEEP / 10)}c;`],
  [`${DEEP} calls in a row`, () => `f${'(a)'.repeat(DEEP)};`],
  ['1 MiB of carriage returns', () => '\r'.repeat(1 << 20)],
  ['1 MiB of one identifier', () => 'a'.repeat(1 << 20)],
  ['half a MiB of comment and string openers', () => '/*#--<!--"\'`'.repeat(45_000)],
];

async function scanTimed(code: string, language: LanguageId): Promise<{ ms: number; outcome: string }> {
  const started = performance.now();
  const outcome = await pool.scan({ code, language }, { timeBudgetMs: BUDGET_MS }).then(
    (result) => (Array.isArray(result.findings) && result.summary.total === result.findings.length ? 'answered' : 'malformed result'),
    (error: unknown) => (error instanceof ScanRefusedError ? `refused: ${error.reason}` : `threw: ${String(error)}`),
  );
  return { ms: Math.round(performance.now() - started), outcome };
}

describe('the scanner on garbage, in each language', () => {
  it.each(INPUTS)(
    '%s',
    async (_name, make) => {
      const code = make();
      // Two at a time, one per worker: the time measured is the scan's, not a wait in the queue.
      const outcomes: { language: LanguageId; ms: number; outcome: string }[] = [];
      for (let i = 0; i < LANGUAGES.length; i += 2) {
        const pair = LANGUAGES.slice(i, i + 2);
        outcomes.push(...(await Promise.all(pair.map(async (language) => ({ language, ...(await scanTimed(code, language)) })))));
      }
      const bad = outcomes.filter((o) => o.outcome !== 'answered' || o.ms > BUDGET_MS + SLACK_MS);
      expect(bad).toEqual([]);
    },
    300_000,
  );
});

describe('language and file names that are object members', () => {
  // Core looks aliases and file names up in plain objects (scanner/languages.ts); an inherited member
  // such as "__proto__" or "constructor" must never resolve (app.fuzz.test.ts once found it did).
  it('scan() answers a canonical language for "__proto__", "constructor" and a file named "__proto__"', async () => {
    const scanner = createScanner({ loader: grammarLoader });
    for (const input of [{ language: '__proto__' }, { language: 'constructor' }, { filename: '__proto__' }, { filename: 'x.toString' }]) {
      const result = await scanner.scan({ code: 'const key = "AKIA" + "IOSFODNN7EXAMPLE";', ...input });
      expect(LANGUAGES as readonly unknown[]).toContain(result.language);
    }
  });
});
