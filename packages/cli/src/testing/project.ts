/**
 * Test support shared by the CLI's tests and the examples' tests: a small project with known
 * vulnerabilities, temp directories, and running the CLI as a real process on Bun, Deno and Node.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The CLI's entry, as Bun and Deno run it. */
export const CLI_SOURCE = join(ROOT, 'packages', 'cli', 'src', 'cli.ts');

/** An Express route that builds SQL from `req.query.id`: `javascript.sql-injection` at 9:3. */
export const VULNERABLE_JS = `const express = require('express');
const mysql = require('mysql');

const app = express();
const db = mysql.createConnection({ host: 'localhost', user: 'app', database: 'shop' });

app.get('/users', (req, res) => {
  const id = req.query.id;
  db.query("SELECT * FROM users WHERE id = " + id, (err, rows) => {
    if (err) return res.status(500).end();
    res.json(rows);
  });
});

app.listen(3000);
`;

/** A Flask route that runs a shell command built from a query parameter: `python.command-injection` at 9:5. */
export const VULNERABLE_PY = `import os
from flask import Flask, request

app = Flask(__name__)


@app.route("/ping")
def ping():
    os.system("ping -c 1 " + request.args["host"])
    return "ok"
`;

/** The same route done safely: a parameterized query. */
export const CLEAN_JS = `const express = require('express');
const db = require('./db');

const app = express();

app.get('/users', (req, res) => {
  db.query('SELECT * FROM users WHERE id = ?', [req.query.id], (err, rows) => res.json(rows));
});
`;

/** A config file with a signed token: `secrets.hardcoded-secret` (jwt), severity high but only medium confidence. */
export const CONFIG_WITH_TOKEN = `billing:
  endpoint: https://billing.internal.example/api
  service_token: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJvcmRlcnMtc2VydmljZSIsInNjb3BlIjoiYmlsbGluZzp3cml0ZSIsImlhdCI6MTcxNjIzOTAyMn0.q3N8vX0yWm2PzK5rT7uB1cD4eF6gH8jL0nM2oQ4sU6w
`;

/** Makes a fresh temp directory. */
export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `secscan-${prefix}-`));
}

/** Writes files (creating their folders) under `root`. */
export async function writeTree(root: string, files: Readonly<Record<string, string | Uint8Array>>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

/** A project with one JavaScript and one Python vulnerability, and files a walk must skip. */
export const VULNERABLE_PROJECT: Readonly<Record<string, string | Uint8Array>> = {
  '.gitignore': 'generated/\n',
  'src/routes/users.js': VULNERABLE_JS,
  'tools/ping.py': VULNERABLE_PY,
  'src/routes/safe.js': CLEAN_JS,
  'generated/bundle.js': VULNERABLE_JS,
  'node_modules/dep/index.js': VULNERABLE_JS,
  'assets/blob.js': new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0]),
};

/** What a process printed and how it ended. */
export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion (no shell) and collects its output. */
export function runProcess(command: string, args: readonly string[], options: { cwd: string; env?: Record<string, string>; input?: string }): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...options.env };
    // Vitest's own variables would make a nested vitest or a Node child behave differently.
    for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'NODE_OPTIONS') delete env[key];
    const child = spawn(command, args, { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** A runtime that runs TypeScript files as real processes: its binary and the flags before the script. */
export interface ScriptRuntime {
  name: 'bun' | 'deno';
  command: string;
  /** Arguments before the script's path. */
  flags: readonly string[];
}

/**
 * Bun and Deno run the TypeScript sources directly (the npm-installed binaries, as `npx bun` and
 * `npx deno` would run them, without npx's start-up cost). Deno gets `--allow-write` for `--output`.
 */
export const SCRIPT_RUNTIMES: readonly ScriptRuntime[] = [
  { name: 'bun', command: join(ROOT, 'node_modules', '.bin', 'bun'), flags: [] },
  { name: 'deno', command: join(ROOT, 'node_modules', '.bin', 'deno'), flags: ['run', '--conditions=source', '--allow-read', '--allow-env', '--allow-sys', '--allow-write'] },
];

/** Runs a TypeScript file with arguments on a runtime, in `cwd`. */
export function runScript(runtime: ScriptRuntime, script: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<ProcessResult> {
  return runProcess(runtime.command, [...runtime.flags, script, ...args], { cwd, env });
}

/** The shape of a SARIF log that the tests check (see the OASIS SARIF 2.1.0 standard). */
export interface SarifShape {
  version: string;
  $schema: string;
  runs: {
    tool: { driver: { name: string; rules: { id: string; properties: Record<string, unknown> }[] } };
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      locations: { physicalLocation: { artifactLocation: { uri: string; index: number }; region: { startLine: number; startColumn: number } } }[];
    }[];
    artifacts: { location: { uri: string } }[];
  }[];
}

/**
 * Checks what GitHub code scanning relies on in a SARIF log and returns its results as
 * `uri:line:col ruleId`; throws on the first inconsistency.
 */
export function checkSarif(text: string): string[] {
  const log = JSON.parse(text) as SarifShape;
  if (log.version !== '2.1.0') throw new Error(`SARIF version ${log.version}`);
  if (!log.$schema.includes('sarif-2.1.0')) throw new Error(`SARIF $schema ${log.$schema}`);
  if (log.runs.length !== 1) throw new Error(`${log.runs.length} runs, expected one`);
  const run = log.runs[0];
  if (!run) throw new Error('no run');
  const rules = run.tool.driver.rules;
  if (new Set(rules.map((r) => r.id)).size !== rules.length) throw new Error('duplicate rule descriptors');
  return run.results.map((r) => {
    if (rules[r.ruleIndex]?.id !== r.ruleId) throw new Error(`ruleIndex ${r.ruleIndex} does not point at ${r.ruleId}`);
    const location = r.locations[0]?.physicalLocation;
    if (!location) throw new Error(`${r.ruleId} has no location`);
    const { uri, index } = location.artifactLocation;
    if (run.artifacts[index]?.location.uri !== uri) throw new Error(`artifact index ${index} does not point at ${uri}`);
    if (uri.startsWith('/') || uri.includes('\\')) throw new Error(`URI ${uri} is not repository-relative`);
    return `${uri}:${location.region.startLine}:${location.region.startColumn} ${r.ruleId}`;
  });
}
