/**
 * The scan pool as the Node server builds it — worker threads running the built
 * servers/node/dist/scan-worker.js — for suites that must stop a scan that runs away (a hostile
 * input must not hang the test run) or that test the pool with real workers.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { RULES } from '@secscan/core';
import { createScanPool, type ScanPool, type ScanPoolEvent, type SpawnScanWorker } from '@secscan/http/server';
import { ROOT } from './servers.ts';

/** The built worker script of the Node server. */
export const NODE_SCAN_WORKER = `${ROOT}servers/node/dist/scan-worker.js`;

/** Starts worker threads running `script` (the Node server's scan worker unless a test brings its own). */
export function nodeWorkerSpawner(script = NODE_SCAN_WORKER): SpawnScanWorker {
  if (!existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first (npm test does)`);
  return (events) => {
    const worker = new Worker(script);
    worker.on('message', events.message);
    worker.on('error', (error) => events.failure(`${error.name}: ${error.message}`));
    worker.on('exit', (code) => events.failure(`the worker exited with code ${code}`));
    // The server's scan service sends every new worker its models first; the worker waits for them.
    worker.postMessage({ type: 'init', models: [] });
    return { postMessage: (message) => worker.postMessage(message), terminate: () => void worker.terminate() };
  };
}

/** A pool of real Node scan workers; `events` collects what it reports. */
export function nodeScanPool(options: { workers?: number; timeoutMs: number; maxQueued?: number; script?: string }): { pool: ScanPool; events: ScanPoolEvent[] } {
  const events: ScanPoolEvent[] = [];
  const workers = options.workers ?? 2;
  const pool = createScanPool({
    workers,
    maxConcurrent: workers,
    maxQueued: options.maxQueued ?? 10_000,
    timeoutMs: options.timeoutMs,
    spawn: nodeWorkerSpawner(options.script),
    rules: RULES,
    onEvent: (event) => events.push(event),
  });
  return { pool, events };
}
