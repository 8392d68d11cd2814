/**
 * Every regular expression we ship, attacked (issue #6). The ReDoS lint (`npm run lint:regex`)
 * proves patterns safe statically; this suite runs them: for each regex the lint finds, adversarial
 * inputs are generated from its source (long runs of what its quantifiers accept, unterminated —
 * tests/support/regex-attacks.ts) and
 *
 * 1. each regex is timed on them directly, in a worker thread that is stopped if a pattern never
 *    returns — a regex outside the scanner's language packs must stay linear; the language packs'
 *    own offenders are listed for their owners (the ReDoS lint lists them too);
 * 2. the scanner scans text full of those inputs — short ones (exponential patterns explode within
 *    a few dozen characters) and 1,500-character ones, in string literals, comments and code of
 *    each language, and 20,000-character ones for the secret detectors that read whole files — in
 *    real Node scan workers: every scan must come back within its time budget (plus slack for a
 *    loaded machine), never stopped by the pool's hard limit;
 * 3. the offenders of 1. get their 20,000-character attacks in their own language: a scan that
 *    overshoots its budget there is a ReDoS the scanner can reach (listed); it must be contained —
 *    stopped at the pool's hard limit, its worker replaced, the next scan answered.
 */
import { Worker } from 'node:worker_threads';
import { LANGUAGES, type LanguageId } from '@secscan/core';
import { ScanRefusedError } from '@secscan/http';
import type { ScanPool } from '@secscan/http/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRegexes, type FoundRegex } from '../scripts/regex-inventory.ts';
import { nodeScanPool } from './support/node-scan-pool.ts';
import { attacksFor } from './support/regex-attacks.ts';
import { ROOT } from './support/servers.ts';

/** A regex is a direct-timing offender when one exec on a 20,000-character attack takes longer. */
const DIRECT_LIMIT_MS = 100;
/** Longest a regex may run before its timer worker is stopped (it counts as backtracking for good). */
const RUNAWAY_MS = 3000;
/** Each scan's time budget, and the slack a loaded two-core machine is given beyond it. */
const BUDGET_MS = 3000;
const SLACK_MS = 3000;
/** Largest document scanned at once. */
const CHUNK_CHARS = 200_000;

let inventory: FoundRegex[] = [];
let pool: ScanPool;
/** The regexes that took over DIRECT_LIMIT_MS in 1., with the attack lengths that showed it. */
let superlinear: FoundRegex[] = [];

beforeAll(async () => {
  inventory = await findRegexes();
  pool = nodeScanPool({ workers: 2, timeoutMs: BUDGET_MS + SLACK_MS }).pool;
  await pool.warmUp();
}, 120_000);

afterAll(() => {
  pool?.close();
});

const relative = (file: string): string => file.slice(ROOT.length);
const inScanner = (regex: FoundRegex): boolean => relative(regex.file).startsWith('packages/core/src/scanner/');

/** The languages whose scans run a regex: its language pack's, or all of them for shared scanner code. */
function languagesOf(regex: FoundRegex): LanguageId[] {
  const path = relative(regex.file);
  const pack = /^packages\/core\/src\/scanner\/(?:rules|lang)\/([a-z]+)\//.exec(path)?.[1];
  if (pack === 'secrets') return [...LANGUAGES];
  if (pack === 'c') return ['c', 'cpp'];
  if (pack && (LANGUAGES as readonly string[]).includes(pack)) return [pack as LanguageId];
  return path.startsWith('packages/core/src/scanner/') ? [...LANGUAGES] : [];
}

/** Times every regex on its attacks in worker threads, restarting the worker after a runaway. */
async function timeAll(regexes: readonly FoundRegex[]): Promise<{ regex: FoundRegex; worstMs: number; worstAt: string }[]> {
  const results: { regex: FoundRegex; worstMs: number; worstAt: string }[] = [];
  let worker: Worker | null = null;
  for (const regex of regexes) {
    const attacks = [...attacksFor(regex.pattern, regex.flags, 50), ...attacksFor(regex.pattern, regex.flags, 20_000)];
    if (attacks.length === 0) continue;
    worker ??= new Worker(new URL('./support/regex-timer-worker.mjs', import.meta.url));
    const current: Worker = worker;
    const outcome = await new Promise<{ worstMs: number; worstAt: string }>((resolve) => {
      const timer = setTimeout(() => {
        void current.terminate();
        worker = null;
        resolve({ worstMs: Number.POSITIVE_INFINITY, worstAt: `still running after ${RUNAWAY_MS} ms` });
      }, RUNAWAY_MS);
      current.once('message', (message: { worstMs: number; worstAt: string }) => {
        clearTimeout(timer);
        resolve(message);
      });
      current.postMessage({ pattern: regex.pattern, flags: regex.flags, attacks });
    });
    results.push({ regex, ...outcome });
  }
  await worker?.terminate();
  return results;
}

/** How a language writes a string literal and a line comment. */
const COMMENT: Record<LanguageId, string> = {
  c: '//',
  cpp: '//',
  csharp: '//',
  generic: '#',
  go: '//',
  java: '//',
  javascript: '//',
  php: '//',
  python: '#',
  ruby: '#',
  typescript: '//',
};

/** Attack text for one language: each attack as a string argument, in a comment and as a line of code. */
function attackLines(language: LanguageId, attacks: readonly string[]): string[] {
  const lines: string[] = [];
  for (const attack of attacks) {
    const flat = attack.replace(/[\r\n\u2028\u2029]/g, ' ');
    lines.push(`x = f(${JSON.stringify(attack)});`, `${COMMENT[language]} ${flat}`, flat);
  }
  return lines;
}

/** Lines cut into documents of at most CHUNK_CHARS characters. */
function documents(lines: readonly string[]): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const line of lines) {
    if (size + line.length > CHUNK_CHARS && current.length > 0) {
      out.push(current.join('\n'));
      current = [];
      size = 0;
    }
    current.push(line);
    size += line.length + 1;
  }
  if (current.length > 0) out.push(current.join('\n'));
  return out;
}

/** Scans each document in a worker; every scan must answer within budget + slack. */
async function expectScansWithinBudget(language: LanguageId, docs: readonly string[]): Promise<void> {
  const outcomes = await Promise.all(
    docs.map(async (code, index) => {
      const started = performance.now();
      try {
        const result = await pool.scan({ code, language }, { timeBudgetMs: BUDGET_MS });
        return { index, chars: code.length, ms: Math.round(performance.now() - started), ok: Array.isArray(result.findings), refused: null as string | null };
      } catch (error) {
        const reason = error instanceof ScanRefusedError ? error.reason : String(error);
        return { index, chars: code.length, ms: Math.round(performance.now() - started), ok: false, refused: reason };
      }
    }),
  );
  const bad = outcomes.filter((o) => !o.ok || o.refused !== null || o.ms > BUDGET_MS + SLACK_MS);
  expect(bad, `${language}: scans that did not answer within ${BUDGET_MS} + ${SLACK_MS} ms`).toEqual([]);
}

describe('every regular expression we ship, on adversarial input', () => {
  it('finds the regexes the ReDoS lint checks', () => {
    expect(inventory.length).toBeGreaterThan(100);
    expect(inventory.some((r) => relative(r.file).startsWith('packages/core/src/scanner/rules/secrets/'))).toBe(true);
  });

  it('runs every regex outside the language packs in linear time on its attacks (language packs: listed for their owners)', async () => {
    const timed = await timeAll(inventory);
    // Patterns without a quantifier cannot backtrack badly, and get no attacks.
    expect(timed.length).toBeGreaterThan(200);
    const slow = timed.filter((t) => t.worstMs > DIRECT_LIMIT_MS);
    const describe = (t: (typeof slow)[number]): string =>
      `${relative(t.regex.file)}:${t.regex.line} /${t.regex.pattern}/${t.regex.flags} — ${Number.isFinite(t.worstMs) ? `${Math.round(t.worstMs)} ms` : 'runaway'} on ${t.worstAt}`;
    superlinear = slow.map((t) => t.regex);
    const packs = slow.filter((t) => inScanner(t.regex));
    if (packs.length > 0) {
      console.warn(
        `${packs.length} scanner regexes take over ${DIRECT_LIMIT_MS} ms on a 20,000-character attack (the scans below must still keep their budget):\n${packs.map(describe).join('\n')}`,
      );
    }
    expect(slow.filter((t) => !inScanner(t.regex)).map(describe)).toEqual([]);
  }, 600_000);

  it.each(LANGUAGES.filter((l) => l !== 'generic').map((l) => [l]))(
    'scans %s text full of short attacks within the time budget',
    async (language) => {
      const regexes = inventory.filter((r) => languagesOf(r).includes(language));
      const lines = regexes.flatMap((r) => attackLines(language, [...attacksFor(r.pattern, r.flags, 40, 4), ...attacksFor(r.pattern, r.flags, 1500, 1)]));
      expect(lines.length).toBeGreaterThan(0);
      await expectScansWithinBudget(language, documents(lines));
    },
    300_000,
  );

  it('scans long attacks on the whole-file detectors (secrets, suppression) within the time budget', async () => {
    const whole = inventory.filter((r) => /^packages\/core\/src\/scanner\/(?:rules\/secrets\/|secrets\/|suppression)/.test(relative(r.file)));
    expect(whole.length).toBeGreaterThan(10);
    const lines = whole.flatMap((r) => attacksFor(r.pattern, r.flags, 20_000, 2));
    await expectScansWithinBudget('generic', documents(lines));
    await expectScansWithinBudget('javascript', documents(lines.slice(0, 20)));
  }, 300_000);

  it('contains the superlinear ones at full length: within budget, or stopped at the hard limit and replaced', async () => {
    const overshoots: string[] = [];
    for (const regex of superlinear.filter(inScanner)) {
      for (const language of languagesOf(regex)
        .filter((l) => l !== 'generic')
        .slice(0, 2)) {
        const code = attackLines(language, attacksFor(regex.pattern, regex.flags, 20_000, 3)).join('\n');
        const started = performance.now();
        const outcome = await pool.scan({ code, language }, { timeBudgetMs: BUDGET_MS }).then(
          () => 'answered',
          (error: unknown) => (error instanceof ScanRefusedError ? error.reason : String(error)),
        );
        const ms = Math.round(performance.now() - started);
        expect(['answered', 'timeout'], `${relative(regex.file)}:${regex.line} in ${language}: ${outcome}`).toContain(outcome);
        if (outcome !== 'answered' || ms > BUDGET_MS + SLACK_MS)
          overshoots.push(`${relative(regex.file)}:${regex.line} /${regex.pattern}/ in ${language}: ${outcome} after ${ms} ms`);
        // Whatever happened, the pool answers the next scan.
        const next = await pool.scan({ code: 'x = 1', language });
        expect(next.truncated).toBe(false);
      }
    }
    if (overshoots.length > 0) console.warn(`ReDoS reachable through the scanner (contained by the worker pool; for the language owners):\n${overshoots.join('\n')}`);
  }, 600_000);
});
