/**
 * Starts secscan's servers as real processes on random free ports (PORT=0; the `listening` log
 * line says which port) and collects their JSON log lines. One description per runtime, so the
 * conformance suite can run the same assertions against each.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A runtime and the command that starts secscan on it. */
export interface Runtime {
  name: 'node' | 'bun' | 'deno';
  command: string;
  args: string[];
}

/** The three runtimes, started the way the README's npm scripts start them. */
export const RUNTIMES: readonly Runtime[] = [
  { name: 'node', command: process.execPath, args: ['servers/node/dist/main.js'] },
  // The npm-installed binaries, as `npx bun` / `npx deno` would run them, without npx's start-up cost.
  { name: 'bun', command: `${ROOT}node_modules/.bin/bun`, args: ['servers/bun/src/main.ts'] },
  {
    name: 'deno',
    command: `${ROOT}node_modules/.bin/deno`,
    args: ['run', '--conditions=source', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', 'servers/deno/src/main.ts'],
  },
];

/** A running server process. */
export interface ServerProcess {
  runtime: Runtime['name'];
  port: number;
  url: string;
  child: ChildProcess;
  /** Every stdout line so far. */
  stdout: string[];
  /** All of stderr so far. */
  stderr: () => string;
  /** The stdout lines parsed as JSON (every line must be JSON). */
  logs: () => Record<string, unknown>[];
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Milliseconds from spawn to the `listening` line. */
  startupMs: number;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first log line (so far or to come) that `matches`; rejects after `timeoutMs`. */
  waitForLog(matches: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Resolves once the server has warmed up (every scan worker ready). */
  warm(timeoutMs?: number): Promise<void>;
}

/** Environment of a child: ours without any secscan settings, plus `env`. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('SECSCAN_') || key === 'PORT' || key === 'HOST' || key === 'DATABASE_URL' || key.startsWith('VITEST') || key === 'NODE_OPTIONS') continue;
    base[key] = value;
  }
  return { ...base, NO_COLOR: '1', PORT: '0', HOST: '127.0.0.1', ...env };
}

/** Starts one server and resolves when it listens. */
export async function startServer(runtime: Runtime, env: Record<string, string> = {}, timeoutMs = 60_000): Promise<ServerProcess> {
  if (runtime.name === 'node' && !existsSync(`${ROOT}servers/node/dist/main.js`)) {
    throw new Error('servers/node/dist/main.js is missing: run `npm run build` first (npm test does)');
  }
  const started = performance.now();
  const child = spawn(runtime.command, runtime.args, { cwd: ROOT, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const stdout: string[] = [];
  let stderr = '';
  let partial = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${runtime.name} did not listen within ${timeoutMs} ms\n${stderr}`)), timeoutMs);
    child.stdout?.on('data', (chunk: string) => {
      partial += chunk;
      let newline = partial.indexOf('\n');
      while (newline >= 0) {
        const line = partial.slice(0, newline);
        partial = partial.slice(newline + 1);
        stdout.push(line);
        try {
          const entry = JSON.parse(line) as Record<string, unknown>;
          if (entry['msg'] === 'listening') {
            clearTimeout(timer);
            resolve(Number(entry['port']));
          }
        } catch {
          // Not JSON: kept in stdout, where the log test will fail on it.
        }
        newline = partial.indexOf('\n');
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${runtime.name} exited (${code ?? signal}) before listening\n${stderr}`));
    });
  });
  const startupMs = performance.now() - started;

  const parsed = (): Record<string, unknown>[] =>
    stdout.flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  const waitForLog = async (matches: (line: Record<string, unknown>) => boolean, timeoutMs = 60_000): Promise<Record<string, unknown>> => {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const line = parsed().find(matches);
      if (line) return line;
      if (performance.now() > deadline) throw new Error(`${runtime.name}: no such log line within ${timeoutMs} ms\n${stdout.join('\n')}\n${stderr}`);
      if (child.exitCode !== null) throw new Error(`${runtime.name} exited (${child.exitCode}) waiting for a log line\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  return {
    runtime: runtime.name,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    stdout,
    stderr: () => stderr,
    logs: () => stdout.map((line) => JSON.parse(line) as Record<string, unknown>),
    exited,
    startupMs,
    async stop(graceMs = 10_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        const result = await exited;
        clearTimeout(timer);
        return result;
      }
      return exited;
    },
    waitForLog,
    async warm(timeoutMs = 60_000) {
      await waitForLog((line) => line['msg'] === 'warmed up', timeoutMs);
    },
  };
}
