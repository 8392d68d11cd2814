/**
 * The scan service a server hands createApp: the worker pool when the runtime can start workers and
 * SECSCAN_SCAN_WORKERS is not 0, else the same pool over in-process "workers" (one scanner on the
 * request loop), so queueing and refusals behave alike in both modes.
 */
import type { Scanner } from '@secscan/core';
import { createScanPool, type ScanPool, type SpawnScanWorker } from '../scan-pool/pool.ts';
import { inProcessSpawner } from '../scan-pool/spawners.ts';
import type { ScanningConfig } from './config.ts';
import type { JsonLog } from './log.ts';

/** What the pool is built from besides its settings. */
export interface ScanServiceParts {
  /** The in-process scanner: its rules describe findings (SARIF), and it scans when there are no workers. */
  scanner: Scanner;
  /** The models (SECSCAN_MODELS) the in-process scanner was built with: every worker gets them first. */
  models?: readonly unknown[];
  /** Starts a worker on this runtime; absent, scans run in-process. */
  spawnWorker?: SpawnScanWorker | undefined;
  /** CPU cores, the default number of workers. */
  cores: number;
  log: JsonLog;
}

/** The pool's shape after defaults: what the start-up log line reports. */
export interface ScanServiceShape {
  mode: 'workers' | 'in-process';
  workers: number;
  maxConcurrent: number;
  maxQueued: number;
  timeoutMs: number;
}

/** Resolves the defaults of SECSCAN_SCAN_WORKERS and SECSCAN_MAX_CONCURRENT_SCANS for this machine. */
export function scanServiceShape(config: ScanningConfig, canSpawn: boolean, cores: number): ScanServiceShape {
  const workers = canSpawn ? (config.workers ?? Math.max(1, cores)) : 0;
  if (workers === 0) return { mode: 'in-process', workers: 1, maxConcurrent: config.maxConcurrent ?? 1, maxQueued: config.maxQueued, timeoutMs: config.timeoutMs };
  return { mode: 'workers', workers, maxConcurrent: Math.min(config.maxConcurrent ?? workers, workers), maxQueued: config.maxQueued, timeoutMs: config.timeoutMs };
}

/** Builds the scan service; its events (timeouts, crashes, replacements) become warning log lines. */
export function createScanService(config: ScanningConfig, parts: ScanServiceParts): { pool: ScanPool; shape: ScanServiceShape } {
  const shape = scanServiceShape(config, parts.spawnWorker !== undefined, parts.cores);
  const spawnWorker = parts.spawnWorker;
  const models = parts.models ?? [];
  const spawn: SpawnScanWorker =
    shape.mode === 'workers' && spawnWorker
      ? (events) => {
          const handle = spawnWorker(events);
          handle.postMessage({ type: 'init', models });
          return handle;
        }
      : inProcessSpawner(parts.scanner);
  const pool = createScanPool({
    workers: shape.workers,
    maxConcurrent: shape.maxConcurrent,
    maxQueued: shape.maxQueued,
    timeoutMs: shape.timeoutMs,
    spawn,
    rules: parts.scanner.rules,
    onEvent: (event) => {
      const fields = { worker: event.worker, detail: event.detail.slice(0, 300) };
      if (event.kind === 'replaced') {
        parts.log.info('scan worker ready', fields);
        return;
      }
      const messages = {
        timeout: 'scan stopped at the hard timeout; worker replaced',
        crashed: 'scan worker crashed; replaced',
        recycled: 'scan worker failed its self-check; replaced',
        spawn_failed: 'scan worker could not start; retrying',
      } as const;
      parts.log.warn(messages[event.kind], fields);
    },
  });
  return { pool, shape };
}
