import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { VERSION } from '@secscan/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from './command.ts';
import { runCli } from './run.ts';
import { checkSarif, CONFIG_WITH_TOKEN, tempDir, VULNERABLE_JS, VULNERABLE_PROJECT, VULNERABLE_PY, writeTree } from './testing/project.ts';

let project: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with collecting writers. */
async function cli(argv: string[], options: { cwd?: string; tty?: boolean; env?: Record<string, string>; stderrTTY?: boolean; now?: () => number } = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: options.cwd ?? project,
    env: options.env ?? {},
    stdoutIsTTY: options.tty ?? false,
    stderrIsTTY: options.stderrTTY ?? false,
    ...(options.now ? { now: options.now } : {}),
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

beforeAll(async () => {
  project = await tempDir('cli-run');
  await writeTree(project, { ...VULNERABLE_PROJECT, '.git/HEAD': 'ref: refs/heads/main\n', 'config/billing.yml': CONFIG_WITH_TOKEN, 'docs/big.js': 'x'.repeat(3000) });
});

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('secscan (dispatch)', () => {
  it('prints help and the version', async () => {
    const help = await cli(['--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toContain('Usage: secscan <command> [options]');
    expect(help.stdout).toMatch(/^ {2}scan +Scan files and directories/m);
    expect(await cli(['-h'])).toEqual(help);
    expect(await cli(['--version'])).toEqual({ code: 0, stdout: `secscan ${VERSION}\n`, stderr: '' });
    expect(await cli(['-V'])).toEqual({ code: 0, stdout: `secscan ${VERSION}\n`, stderr: '' });
  });

  it('prints a command help with --help and with help <command>', async () => {
    const scanHelp = await cli(['scan', '--help']);
    expect(scanHelp.code).toBe(0);
    expect(scanHelp.stdout).toContain('Usage: secscan scan <files or directories…> [options]');
    for (const option of ['--format', '--fail-on', '--output', '--min-confidence', '--exclude', '--max-file-size', '--rules', '--models', '--quiet']) {
      expect(scanHelp.stdout).toContain(option);
    }
    expect(await cli(['help', 'scan'])).toEqual(scanHelp);
  });

  it.each([
    [[], 'Usage: secscan <command> [options]'],
    [['scna', '.'], "secscan: unknown command 'scna' (did you mean scan?)\nRun 'secscan --help' for usage.\n"],
    [['src/'], "secscan: unknown command 'src/' (to scan it: secscan scan src/)\nRun 'secscan --help' for usage.\n"],
    [['--format', 'json'], 'secscan: unknown option --format (options go after the command: secscan scan <paths…> [options])'],
    [['help', 'deploy'], "secscan: unknown command 'deploy'"],
    [['scan'], "secscan: no files or directories to scan (try `secscan scan .`)\nRun 'secscan scan --help' for usage.\n"],
    [['scan', '.', '--colour'], 'secscan: unknown option --colour'],
    [['scan', '.', '--format', 'xml'], "secscan: invalid value for --format: 'xml' (expected text, json or sarif)"],
    [['scan', '.', '--fail-on', 'severe'], "invalid value for --fail-on: 'severe'"],
    [['scan', 'src', 'nope/'], 'secscan: path not found: nope/'],
  ])('%j is a usage error: exit 2, a message on stderr, nothing on stdout', async (argv, message) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
  });
});

describe('secscan scan', () => {
  it('draws a progress line on a terminal’s stderr for a long scan, and erases it before the summary', async () => {
    let clock = 0;
    const slow = () => (clock += 1000); // every file seems to take a second
    const run = await cli(['scan', '.', '--format', 'json'], { stderrTTY: true, now: slow });
    expect(run.stderr.split('\r')[1]).toMatch(/^secscan: 0\/\d+ files {2}\S+/);
    expect(run.stderr.startsWith('\rsecscan: 0/') && run.stderr.includes('\u001b[K')).toBe(true);
    const erased = run.stderr.lastIndexOf('\r\u001b[K');
    expect(erased).toBeGreaterThan(0);
    expect(run.stderr.slice(erased + 4)).not.toContain('\r'); // notes and summary come after the line is gone
    expect(JSON.parse(run.stdout)).toBeTruthy(); // the report itself is untouched
    // Not on a pipe, and not with --quiet.
    expect((await cli(['scan', '.', '--format', 'json'], { stderrTTY: false, now: slow })).stderr).not.toContain('\r');
    expect((await cli(['scan', '.', '--quiet'], { stderrTTY: true, now: slow })).stderr).not.toContain('\r');
  });

  it('reports findings as text and exits 1 on findings at or above high', async () => {
    const run = await cli(['scan', '.']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'src/routes/users.js:9:3 critical javascript.sql-injection Untrusted data from req.query.id is built into the SQL text passed to db.query\n' +
        '  9 |   db.query("SELECT * FROM users WHERE id = " + id, (err, rows) => {\n',
    );
    expect(run.stdout).toContain('tools/ping.py:9:5 critical python.command-injection');
    expect(run.stdout).toContain('config/billing.yml:3:');
    // .gitignore'd, node_modules and binary files are not reported
    expect(run.stdout).not.toContain('generated/');
    expect(run.stdout).not.toContain('node_modules');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('3 findings (2 critical, 1 high) in 3 of 5 files scanned, 1 file skipped. 3 at or above --fail-on high.');
    expect(run.stderr).toBe('note: assets/blob.js: skipped, binary file (a NUL byte in its first 8 KB)\n');
  });

  it.each([
    [['--fail-on', 'critical'], 1],
    [['--fail-on', 'none'], 0],
    [['--fail-on', 'info'], 1],
  ])('exit code with %j: %i', async (options, code) => {
    expect((await cli(['scan', '.', ...options])).code).toBe(code);
  });

  it('exits 0 on a clean tree, and on findings below the threshold', async () => {
    expect(await cli(['scan', 'src/routes/safe.js'])).toEqual({ code: 0, stdout: 'No findings in 1 file scanned.\n', stderr: '' });
    const belowThreshold = await cli(['scan', 'config', '--fail-on', 'critical']);
    expect(belowThreshold.code).toBe(0);
    expect(belowThreshold.stdout).toContain('secrets.hardcoded-secret');
  });

  it('filters by confidence and by rule id', async () => {
    const confident = await cli(['scan', '.', '--min-confidence', 'high', '--format', 'json']);
    const body = JSON.parse(confident.stdout) as { summary: { total: number }; files: { path: string; findings: { ruleId: string }[] }[] };
    expect(body.summary.total).toBe(2); // the medium-confidence JWT is gone
    const only = await cli(['scan', '.', '--rules', 'python.command-injection', '--format', 'json']);
    const onlyBody = JSON.parse(only.stdout) as typeof body;
    expect(onlyBody.files.map((f) => f.path)).toEqual(['tools/ping.py']); // files of other languages are not even parsed
    expect(onlyBody.files[0]?.findings.map((f) => f.ruleId)).toEqual(['python.command-injection']);
  });

  it('writes JSON with findings per file and totals; notes and the summary go to stderr', async () => {
    const run = await cli(['scan', 'src', 'tools', 'assets', '--format', 'json']);
    expect(run.code).toBe(1);
    const body = JSON.parse(run.stdout) as Record<string, unknown> & { files: { path: string; findings: { ruleId: string; location: unknown }[] }[] };
    expect(body).toMatchObject({
      summary: { total: 2, critical: 2 },
      filesScanned: 3,
      filesSkipped: 1,
      failOn: 'high',
      failing: 2,
      skipped: [{ path: 'assets/blob.js', reason: 'binary' }],
    });
    expect(body.files.map((f) => [f.path, f.findings.map((x) => x.ruleId)])).toEqual([
      ['src/routes/safe.js', []],
      ['src/routes/users.js', ['javascript.sql-injection']],
      ['tools/ping.py', ['python.command-injection']],
    ]);
    expect(body.files[1]?.findings[0]?.location).toEqual({ startLine: 9, startColumn: 3, endLine: 9, endColumn: 50 });
    expect(run.stderr).toBe(
      'note: assets/blob.js: skipped, binary file (a NUL byte in its first 8 KB)\n2 findings (2 critical) in 2 of 3 files scanned, 1 file skipped. 2 at or above --fail-on high.\n',
    );
  });

  it('writes one SARIF 2.1.0 log with repository-relative URIs, also when run from a subdirectory', async () => {
    const run = await cli(['scan', '.', '--format', 'sarif', '--output', 'out/secscan.sarif'], { cwd: join(project, 'src') });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Report written to out/secscan.sarif.');
    const sarif = await readFile(join(project, 'src', 'out', 'secscan.sarif'), 'utf8');
    expect(checkSarif(sarif)).toEqual(['src/routes/users.js:9:3 javascript.sql-injection']);
  });

  it('does not scan its own previous report', async () => {
    const first = await cli(['scan', 'tools', '--format', 'json', '--output', 'tools/report.json']);
    expect(first.code).toBe(1);
    const second = await cli(['scan', 'tools', '--format', 'json', '--output', 'tools/report.json']);
    expect(second.stderr).toContain('in 1 of 1 file scanned');
    await rm(join(project, 'tools', 'report.json'));
  });

  it('limits the file size', async () => {
    const run = await cli(['scan', 'docs', '--max-file-size', '2k']);
    expect(run).toEqual({ code: 0, stdout: 'No files scanned, 1 file skipped.\n', stderr: 'note: docs/big.js: skipped, larger than --max-file-size (3000 > 2048 bytes)\n' });
  });

  it('excludes paths with --exclude', async () => {
    const run = await cli(['scan', '.', '--exclude', 'tools/', '--exclude', '*.yml', '--exclude', 'assets/**']);
    expect(run.stdout).toContain('javascript.sql-injection');
    expect(run.stdout).not.toContain('python.command-injection');
    expect(run.stdout).not.toContain('secrets.hardcoded-secret');
    expect(run.stderr).toBe('');
  });

  it('prints findings only with --quiet', async () => {
    const run = await cli(['scan', '.', '--quiet']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toContain('findings (');
    expect(run.stdout.split('\n').filter((l) => / critical | high /.test(l))).toHaveLength(3);
  });

  it('colours text only on a terminal without NO_COLOR', async () => {
    expect((await cli(['scan', 'tools'], { tty: true })).stdout).toContain('\u001b[1;31mcritical\u001b[0m');
    expect((await cli(['scan', 'tools'], { tty: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b');
    expect((await cli(['scan', 'tools'], { tty: false })).stdout).not.toContain('\u001b');
    expect((await cli(['scan', 'tools', '--format', 'json'], { tty: true })).stdout).not.toContain('\u001b');
  });

  it('scans an extension-less script by its #! line, and passes over other extension-less files quietly', async () => {
    await writeTree(project, { 'bin/ping': `#!/usr/bin/env python3\n${VULNERABLE_PY}`, 'bin/compiled': new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0]), 'bin/NOTES': 'plain text' });
    const run = await cli(['scan', 'bin']);
    expect(run.stdout).toContain('bin/ping:10:5 critical python.command-injection');
    expect(run.stdout).toContain('in 1 of 1 file scanned.');
    expect(run.stderr).toBe('');
    const named = await cli(['scan', 'bin/compiled', 'bin/NOTES']);
    expect(named.stderr).toBe(
      'note: bin/compiled: skipped, binary file (a NUL byte in its first 8 KB)\nnote: bin/NOTES: skipped, not a file type secscan scans (no extension and no known #! line)\n',
    );
  });

  it('fails with exit 2 when the report cannot be written', async () => {
    await mkdir(join(project, 'taken'), { recursive: true });
    const run = await cli(['scan', 'src', '--output', 'taken']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^secscan: cannot write the report to taken \(EISDIR\)\n/);
  });

  it('adds models from --models files, and refuses an invalid one naming the file and field (exit 2)', async () => {
    const model = {
      name: 'acme-web',
      language: 'python',
      sources: [{ path: 'acme.web.request.params', kind: 'remote' }],
      sinks: [{ call: 'acme.web.sql.run', class: 'sql-injection' }],
    };
    await writeTree(project, {
      'models/acme-web.json': JSON.stringify(model),
      'models/broken.json': JSON.stringify({ ...model, sinks: [{ call: 'acme.web.sql.run', class: 'sqli' }] }),
      'services/orders.py': 'from acme.web import request, sql\n\ndef orders():\n    sql.run("SELECT * FROM orders WHERE status = \'" + request.params["s"] + "\'")\n',
    });
    const without = await cli(['scan', 'services/orders.py']);
    expect(without.stdout).not.toContain('python.sql-injection');
    const withModel = await cli(['scan', 'services/orders.py', '--models', 'models/acme-web.json']);
    expect(withModel.code).toBe(1);
    expect(withModel.stdout).toContain('python.sql-injection');
    const broken = await cli(['scan', 'services/orders.py', '--models', 'models/acme-web.json', '--models', 'models/broken.json']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('models/broken.json.sinks[0].class (acme-web): must be a taint class');
    const missing = await cli(['scan', 'services/orders.py', '--models', 'models/none.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('models/none.json: cannot be read');
  });

  it('scans a file that changed between runs afresh', async () => {
    const file = join(project, 'later.js');
    await writeFile(file, 'const a = 1;\n');
    expect((await cli(['scan', 'later.js'])).code).toBe(0);
    await writeFile(file, VULNERABLE_JS);
    expect((await cli(['scan', 'later.js'])).code).toBe(1);
  });
});
