import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The CLI as users get it on Node: the bundle `npm run build` writes (npm test builds first).
const cli = fileURLToPath(new URL('../packages/cli/dist/cli.js', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'secscan-cli-dist-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: project, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the built CLI on Node', () => {
  mkdirSync(join(project, 'src'));
  writeFileSync(
    join(project, 'src', 'users.js'),
    "const express = require('express');\nconst app = express();\napp.get('/u', (req, res) => {\n  db.query('SELECT * FROM users WHERE id = ' + req.query.id, (e, rows) => res.json(rows));\n});\n",
  );
  writeFileSync(join(project, 'src', 'clean.py'), 'def add(a, b):\n    return a + b\n');

  it('prints its version and help', () => {
    expect(run(['--version']).stdout).toMatch(/\d+\.\d+\.\d+/);
    expect(run(['--help']).stdout).toMatch(/Usage: secscan <command>/);
    expect(run(['scan', '--help']).stdout).toMatch(/--format/);
  });

  it('reports a finding and fails on it', () => {
    const r = run(['scan', 'src', '--format', 'json']);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout) as { files: { path: string; findings: { ruleId: string }[] }[] } | Record<string, unknown>;
    expect(JSON.stringify(report)).toContain('javascript.sql-injection');
  });

  it('writes a SARIF 2.1.0 log and exits 0 when nothing reaches the threshold', () => {
    const r = run(['scan', 'src/clean.py', '--format', 'sarif', '--fail-on', 'high']);
    expect(r.status).toBe(0);
    const log = JSON.parse(r.stdout) as { version: string; runs: unknown[] };
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
  });

  it('refuses an unknown flag with exit code 2', () => {
    const r = run(['scan', '--no-such-flag']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/no-such-flag/);
  });
});
