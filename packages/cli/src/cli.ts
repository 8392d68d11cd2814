#!/usr/bin/env node
/**
 * The `secscan` executable: runs the CLI with the real process. The same file runs on Node (built
 * to dist/cli.js), Bun (`bun packages/cli/src/cli.ts`) and Deno (`deno run --conditions=source --allow-read
 * --allow-env --allow-sys packages/cli/src/cli.ts`, plus `--allow-write` for `--output`).
 */
import process from 'node:process';
import { runCli } from './run.ts';

// `secscan scan . | head` closes the pipe early: end quietly rather than crash on EPIPE.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

// exitCode rather than exit(): a large report on a pipe is still being flushed when runCli returns.
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  cwd: process.cwd(),
  env: process.env,
  stdoutIsTTY: process.stdout.isTTY === true,
  stderrIsTTY: process.stderr.isTTY === true,
  stdio: { input: process.stdin, output: process.stdout },
  ...(process.stderr.columns ? { stderrColumns: process.stderr.columns } : {}),
});
