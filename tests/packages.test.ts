/**
 * The packages as users get them: `npm pack` of every publishable package, installed from those
 * tarballs alone into an empty folder outside the repository (registry dependencies from the npm
 * cache that `npm ci` filled), then used on Node, Bun and Deno as the README says — the library
 * imported (Deno through `npm:` specifiers), the `secscan` command run, the declarations type-checked
 * by a consumer's TypeScript and by `deno check`. Also: no install scripts, no Scalar packages, and
 * the CLI's installed size under its budget.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/servers.ts';

/** The packages we publish (the servers, examples and tests are private). */
const PUBLISHED = ['packages/core', 'packages/grammars', 'packages/http', 'packages/dashboard', 'packages/cli', 'packages/postgres'];
/** Installed size budget of the CLI with everything it depends on. */
const CLI_BUDGET_BYTES = 40 * 1024 * 1024;

const BUN = join(ROOT, 'node_modules', '.bin', 'bun');
const DENO = join(ROOT, 'node_modules', '.bin', 'deno');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const work = mkdtempSync(join(tmpdir(), 'secscan-packages-'));
const app = join(work, 'app');
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The environment of a user's shell: nothing of this npm run or of vitest leaks into the child. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('VITEST') || key === 'NODE_OPTIONS' || key === 'INIT_CWD' || (key.startsWith('npm_') && key !== 'npm_config_cache')) continue;
    env[key] = value;
  }
  return { ...env, NO_COLOR: '1', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: readonly string[], cwd = app): Run {
  const result = spawnSync(command, args, { cwd, env: userEnv(), encoding: 'utf8', timeout: 120_000 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Bytes of a directory tree (symbolic links not followed). */
function sizeOf(path: string): number {
  const info = statSync(path, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.size;
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0);
}

/** The installed packages, by name, with their package.json. */
function installedPackages(): Map<string, { dir: string; manifest: { dependencies?: Record<string, string>; scripts?: Record<string, string> } }> {
  const out = new Map<string, { dir: string; manifest: { dependencies?: Record<string, string>; scripts?: Record<string, string> } }>();
  const visit = (modules: string): void => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const names = entry.startsWith('@') ? readdirSync(join(modules, entry)).map((scoped) => `${entry}/${scoped}`) : [entry];
      for (const name of names) {
        const dir = join(modules, name);
        out.set(name, { dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) });
        visit(join(dir, 'node_modules'));
      }
    }
  };
  visit(join(app, 'node_modules'));
  return out;
}

/** A vulnerable Express handler: the scan must report SQL injection in it. */
const VULNERABLE_JS =
  "const express = require('express');\nconst app = express();\napp.get('/u', (req, res) => {\n  db.query('SELECT * FROM users WHERE id = ' + req.query.id, (e, rows) => res.json(rows));\n});\n";

/** The README's "embed it" example, as a user writes it (`npm:` specifiers on Deno). */
function embedScript(specifier: (name: string) => string): string {
  return `import { createScanner } from '${specifier('@secscan/core')}';
import { grammarLoader } from '${specifier('@secscan/grammars')}';

const scanner = createScanner({ loader: grammarLoader });
const result = await scanner.scan({ code: ${JSON.stringify(VULNERABLE_JS)}, filename: 'routes.js' });
console.log(JSON.stringify(result.findings.map((finding) => finding.ruleId)));
`;
}

/** What every other package exports, imported the way a user would, with a look at the shipped assets. */
const OTHERS_SCRIPT = `import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp } from '@secscan/http';
import { dashboardAssetsUrl, scalarBundleUrl } from '@secscan/http/server';
import { openPostgresStores } from '@secscan/postgres';
import { runCli } from '@secscan/cli';
const scalar = readFileSync(fileURLToPath(scalarBundleUrl())).byteLength;
const dashboard = JSON.parse(readFileSync(fileURLToPath(new URL('manifest.json', dashboardAssetsUrl())), 'utf8')).files.length;
console.log(JSON.stringify({ createApp: typeof createApp, openPostgresStores: typeof openPostgresStores, runCli: typeof runCli, scalar, dashboard }));
`;

/** A TypeScript consumer: fails to compile unless the published declarations describe the API. */
const CONSUMER_TS = `import { createScanner, type Finding, type ScanResult } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { createApp, type App } from '@secscan/http';
import { runCli, type CliIo } from '@secscan/cli';
const scanner = createScanner({ loader: grammarLoader });
export const result: Promise<ScanResult> = scanner.scan({ code: '', language: 'javascript' });
export const ruleIds = (findings: readonly Finding[]): string[] => findings.map((f) => f.ruleId);
export const make: typeof createApp = createApp;
export type Exported = App | CliIo;
export const cli: (argv: readonly string[], io: CliIo) => Promise<number> = runCli;
// @ts-expect-error a scan result is not a number: unused (an error) if the declarations said \`any\`.
export const notANumber: number = await result;
`;

describe('the packed packages, installed outside the repository', () => {
  const tarballs: string[] = [];

  beforeAll(() => {
    // npm test builds first; the tarballs are made from that build.
    const packed = JSON.parse(
      execFileSync(NPM, ['pack', '--json', '--pack-destination', work, ...PUBLISHED.flatMap((dir) => ['--workspace', dir])], { cwd: ROOT, env: userEnv(), encoding: 'utf8' }),
    ) as { filename: string }[];
    tarballs.push(...packed.map((p) => join(work, p.filename)));
    mkdirSync(join(app, 'src'), { recursive: true });
    writeFileSync(join(app, 'src', 'routes.js'), VULNERABLE_JS);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify(
        {
          name: 'secscan-user',
          private: true,
          type: 'module',
          dependencies: Object.fromEntries(tarballs.map((file, i) => [`@secscan/${PUBLISHED[i]?.split('/')[1]}`, `file:${file}`])),
        },
        null,
        2,
      ),
    );
    // Registry dependencies come from the cache `npm ci` filled: no network unless the cache lacks one.
    const install = run(NPM, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel', 'warn']);
    if (install.status !== 0) throw new Error(`npm install failed:\n${install.stdout}\n${install.stderr}`);
    // npm 11 names packages whose install scripts it did not run; there must be none.
    expect(install.stderr).not.toMatch(/install script/i);
  }, 240_000);

  it('packs every published package, each with what it needs and nothing of the build-time dependencies', () => {
    expect(tarballs).toHaveLength(PUBLISHED.length);
    const installed = installedPackages();
    expect([...installed.keys()].filter((name) => name.startsWith('@scalar/') || name.startsWith('tree-sitter-'))).toEqual([]);
    for (const [name, { manifest }] of installed) {
      for (const script of ['preinstall', 'install', 'postinstall']) expect(manifest.scripts?.[script], `${name} ${script}`).toBeUndefined();
    }
    const grammars = installed.get('@secscan/grammars')?.dir ?? '';
    expect(readdirSync(join(grammars, 'wasm')).filter((f) => f.endsWith('.LICENSE'))).toHaveLength(10);
    const http = installed.get('@secscan/http')?.dir ?? '';
    expect(existsSync(join(http, 'THIRD_PARTY_NOTICES.md'))).toBe(true);
    // No tests or test helpers in the tarballs.
    const shipped = [...installed.values()].filter(({ dir }) => dir.includes('@secscan')).flatMap(({ dir }) => readdirSync(dir, { recursive: true }).map(String));
    expect(shipped.filter((file) => file.endsWith('.test.ts'))).toEqual([]);
  });

  it('keeps the CLI with everything it depends on under 40 MB', () => {
    const installed = installedPackages();
    const closure = new Set<string>();
    const add = (name: string): void => {
      if (closure.has(name)) return;
      closure.add(name);
      for (const dependency of Object.keys(installed.get(name)?.manifest.dependencies ?? {})) add(dependency);
    };
    add('@secscan/cli');
    // What the CLI needs; other core dependencies may come and go, the size budget below holds them to account.
    expect([...closure]).toEqual(expect.arrayContaining(['@secscan/cli', '@secscan/core', '@secscan/grammars', 'web-tree-sitter', 'vscode-languageserver']));
    const bytes = [...closure].reduce((sum, name) => sum + sizeOf(installed.get(name)?.dir ?? ''), 0);
    console.log(`installed CLI: ${(bytes / 1024 / 1024).toFixed(1)} MiB (${[...closure].join(', ')})`);
    expect(bytes).toBeLessThan(CLI_BUDGET_BYTES);
  });

  it('embeds the library and imports every package on Node', () => {
    writeFileSync(
      join(app, 'embed.mjs'),
      embedScript((name) => name),
    );
    const embed = run(process.execPath, ['embed.mjs']);
    expect(embed.stderr).toBe('');
    expect(JSON.parse(embed.stdout)).toContain('javascript.sql-injection');
    writeFileSync(join(app, 'others.mjs'), OTHERS_SCRIPT);
    const others = run(process.execPath, ['others.mjs']);
    expect(others.stderr).toBe('');
    expect(JSON.parse(others.stdout)).toMatchObject({ createApp: 'function', openPostgresStores: 'function', runCli: 'function' });
    expect(JSON.parse(others.stdout)).toMatchObject({ scalar: expect.any(Number), dashboard: expect.any(Number) });
    expect(JSON.parse(others.stdout).scalar).toBeGreaterThan(1_000_000);
    expect(JSON.parse(others.stdout).dashboard).toBeGreaterThan(1);
  });

  it('runs npx secscan scan on Node', () => {
    const scan = run(NPM, ['exec', '--offline', '--', 'secscan', 'scan', 'src', '--format', 'json']);
    expect(scan.status, scan.stderr).toBe(1);
    expect(scan.stdout).toContain('javascript.sql-injection');
  });

  it('embeds the library and runs the CLI on Bun', () => {
    writeFileSync(
      join(app, 'embed.ts'),
      embedScript((name) => name),
    );
    const embed = run(BUN, ['embed.ts']);
    expect(JSON.parse(embed.stdout), embed.stderr).toContain('javascript.sql-injection');
    const others = run(BUN, ['others.mjs']);
    expect(JSON.parse(others.stdout), others.stderr).toMatchObject({ createApp: 'function', openPostgresStores: 'function', runCli: 'function' });
    const scan = run(BUN, ['node_modules/@secscan/cli/bin/secscan.js', 'scan', 'src', '--format', 'json']);
    expect(scan.status, scan.stderr).toBe(1);
    expect(scan.stdout).toContain('javascript.sql-injection');
  });

  it('embeds the library through npm: specifiers, type-checks it and runs the CLI on Deno', () => {
    writeFileSync(
      join(app, 'embed.deno.ts'),
      embedScript((name) => `npm:${name}`),
    );
    const permissions = ['--allow-read', '--allow-env', '--allow-sys'];
    const embed = run(DENO, ['run', ...permissions, 'embed.deno.ts']);
    expect(JSON.parse(embed.stdout || 'null'), embed.stderr).toContain('javascript.sql-injection');
    const others = run(DENO, ['run', ...permissions, 'others.mjs']);
    expect(JSON.parse(others.stdout || 'null'), others.stderr).toMatchObject({ createApp: 'function', openPostgresStores: 'function', runCli: 'function' });
    const scan = run(DENO, ['run', ...permissions, 'npm:@secscan/cli', 'scan', 'src', '--format', 'json']);
    expect(scan.status, scan.stderr).toBe(1);
    expect(scan.stdout).toContain('javascript.sql-injection');
    // Deno type-checks against the published declarations (the `types` export condition).
    const check = run(DENO, ['check', 'embed.deno.ts']);
    expect(check.status, check.stderr).toBe(0);
  });

  it('gives TypeScript users declarations that describe the API', () => {
    writeFileSync(join(app, 'consumer.ts'), CONSUMER_TS);
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2023', strict: true, noEmit: true, skipLibCheck: true, types: [] },
        files: ['consumer.ts'],
      }),
    );
    const check = run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.']);
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
