/**
 * End to end: `secscan` as a real process on Bun and Deno (running the TypeScript sources) and on
 * Node (running a bundle of cli.ts built here the way scripts/build.mjs builds the Node server),
 * against a temp project with known vulnerabilities: output formats and exit codes.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { VERSION } from '@secscan/core';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSarif, CLEAN_JS, CLI_SOURCE, ROOT, runProcess, runScript, SCRIPT_RUNTIMES, tempDir, VULNERABLE_PROJECT, writeTree, type ProcessResult } from './testing/project.ts';

let project: string;
const nodeBundleDir = join(ROOT, '.tmp', `cli-node-${process.pid}`);

beforeAll(async () => {
  project = await tempDir('cli-e2e');
  await writeTree(project, { ...VULNERABLE_PROJECT, '.git/HEAD': 'ref: refs/heads/main\n', 'clean/app.js': CLEAN_JS });
  // Workspace packages inlined from their sources, npm packages left to node_modules (as servers/node is built).
  await mkdir(nodeBundleDir, { recursive: true });
  await build({
    entry: { cli: CLI_SOURCE },
    outDir: nodeBundleDir,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    dts: false,
    silent: true,
    config: false,
    tsconfig: join(ROOT, 'tsconfig.json'),
    noExternal: [/^@secscan\//],
    external: [/^(?!@secscan\/)[^./]/],
    esbuildOptions(options) {
      options.conditions = ['source'];
    },
  });
}, 120_000);

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(nodeBundleDir, { recursive: true, force: true });
});

const RUNTIMES = [
  ...SCRIPT_RUNTIMES.map((r) => ({ name: r.name, run: (args: string[]) => runScript(r, CLI_SOURCE, args, project) })),
  { name: 'node', run: (args: string[]) => runProcess(process.execPath, [join(nodeBundleDir, 'cli.js'), ...args], { cwd: project }) },
];

describe.each(RUNTIMES)('secscan on $name', ({ name, run }) => {
  it('prints its version and refuses a bad option with exit code 2', async () => {
    expect(await run(['--version'])).toEqual({ code: 0, stdout: `secscan ${VERSION}\n`, stderr: '' });
    const bad = await run(['scan', '.', '--format', 'xml']);
    expect(bad).toEqual({ code: 2, stdout: '', stderr: "secscan: invalid value for --format: 'xml' (expected text, json or sarif)\nRun 'secscan scan --help' for usage.\n" });
  });

  it('reports the known vulnerabilities as text and exits 1', async () => {
    const result = await run(['scan', '.']);
    expect(result.code, result.stderr).toBe(1);
    const heads = result.stdout.split('\n').filter((line) => /^\S+:\d+:\d+ /.test(line));
    expect(heads.map((line) => line.split(' ').slice(0, 3).join(' '))).toEqual([
      'src/routes/users.js:9:3 critical javascript.sql-injection',
      'tools/ping.py:9:5 critical python.command-injection',
    ]);
    expect(result.stdout).toContain('  9 |     os.system("ping -c 1 " + request.args["host"])\n');
    expect(result.stderr).toBe('note: assets/blob.js: skipped, binary file (a NUL byte in its first 8 KB)\n');
  });

  it('writes JSON to stdout', async () => {
    const result: ProcessResult = await run(['scan', 'src', 'tools', '--format', 'json', '--quiet']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    const body = JSON.parse(result.stdout) as { summary: Record<string, number>; files: { path: string; findings: { ruleId: string }[] }[] };
    expect(body.summary).toEqual({ total: 2, critical: 2, high: 0, medium: 0, low: 0, info: 0 });
    expect(body.files.flatMap((f) => f.findings.map((x) => `${f.path} ${x.ruleId}`))).toEqual([
      'src/routes/users.js javascript.sql-injection',
      'tools/ping.py python.command-injection',
    ]);
  });

  it('writes a SARIF 2.1.0 log to --output with repository-relative URIs', async () => {
    const output = `reports/${name}.sarif`;
    const result = await run(['scan', '.', '--format', 'sarif', '--output', output]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Report written to ${output}.`);
    expect(checkSarif(await readFile(join(project, output), 'utf8'))).toEqual(['src/routes/users.js:9:3 javascript.sql-injection', 'tools/ping.py:9:5 python.command-injection']);
  });

  it('exits 0 with --fail-on none and on clean code', async () => {
    expect((await run(['scan', '.', '--fail-on', 'none', '--quiet'])).code).toBe(0);
    expect(await run(['scan', 'clean'])).toEqual({ code: 0, stdout: 'No findings in 1 file scanned.\n', stderr: '' });
  });
});
