/**
 * @secscan/core and @secscan/http run unchanged on Node, Bun and Deno, so their own tsconfig.json
 * gives them no runtime's types. This proves the check has teeth: a scratch module that imports the
 * whole package and then reaches for a runtime API, compiled with the package's compiler options,
 * fails on exactly those lines — and on no other (so nothing the package imports brought Node's types in).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/servers.ts';

/** Scratch files live inside the repository (.tmp/, ignored by git) so that module resolution behaves as for the package itself. */
mkdirSync(join(ROOT, '.tmp'), { recursive: true });
const scratch = mkdtempSync(join(ROOT, '.tmp', 'runtime-free-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** Lines of the probe that must fail, and the runtime API each one reaches for. */
const FORBIDDEN = [
  "import { readFileSync } from 'node:fs';",
  'export const env = process.env;',
  "export const bytes = Buffer.from('x');",
  'export const denoEnv = Deno.env;',
  'export const bunEnv = Bun.env;',
];

describe.each(['core', 'http'])('@secscan/%s type-checks without runtime types', (pkg) => {
  it('refuses node:*, process, Buffer, Deno and Bun, and nothing else', () => {
    const dir = join(scratch, pkg);
    rmSync(dir, { recursive: true, force: true });
    const probe = [
      // The whole package comes into the program: a dependency that drags in @types/node would make `process` known.
      `export * as pkg from '../../packages/${pkg}/src/index.ts';`,
      ...FORBIDDEN,
      'export const used = readFileSync;',
      // The web platform the three runtimes share stays available.
      "export const digest = crypto.subtle.digest('SHA-256', new TextEncoder().encode('x'));",
    ];
    writeFileSync(`${dir}.probe.ts`, `${probe.join('\n')}\n`);
    writeFileSync(`${dir}.tsconfig.json`, JSON.stringify({ extends: `../../packages/${pkg}/tsconfig.json`, include: [], files: [`./${pkg}.probe.ts`] }));
    const result = spawnSync(process.execPath, [tsc, '-p', `${dir}.tsconfig.json`, '--noEmit', '--pretty', 'false'], { cwd: ROOT, encoding: 'utf8', timeout: 90_000 });
    const errors = result.stdout.split('\n').filter((line) => line.includes('error TS'));
    const failedLines = [...new Set(errors.map((line) => Number(/\.probe\.ts\((\d+),/.exec(line)?.[1] ?? 0)))].sort((a, b) => a - b);
    // Probe lines 2–6 are the forbidden ones; an error anywhere else (line 0: another file) fails the test.
    expect(failedLines, result.stdout).toEqual([2, 3, 4, 5, 6]);
    expect(result.status).not.toBe(0);
  });
});
