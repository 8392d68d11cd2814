/**
 * The messages between the scan pool (on the server's request loop) and its workers. Both sides
 * speak only this: structured-clonable plain objects, the same on Web Workers (Bun, Deno) and
 * Node's worker_threads.
 */
import type { ScanInput, ScanOptions, ScanResult } from '@secscan/core';

/** The pool asks a worker to scan. */
export interface ScanJobMessage {
  type: 'scan';
  id: number;
  input: ScanInput;
  options: ScanOptions;
}

/**
 * The first message a worker gets: the models to add to its scanner (SECSCAN_MODELS, read and
 * checked once by the server at start, so every worker, and every replacement, runs the same ones).
 */
export interface ScanInitMessage {
  type: 'init';
  models: readonly unknown[];
}

/** What the pool sends a worker. */
export type PoolMessage = ScanInitMessage | ScanJobMessage;

/** What a worker says: warmed up; a scan's result; or that a scan threw (it should not: scan() never throws). */
export type ScanWorkerMessage =
  | { type: 'ready' }
  | {
      type: 'result';
      id: number;
      result: ScanResult;
      /** The worker's WebAssembly runtime failed its health check after this scan: replace the worker. */
      recycle: boolean;
    }
  | { type: 'error'; id: number; message: string };

/** Whether a value received from a worker is one of its messages (anything else is treated as a fault). */
export function isScanWorkerMessage(value: unknown): value is ScanWorkerMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  if (type === 'ready') return true;
  const id = (value as { id?: unknown }).id;
  if (typeof id !== 'number') return false;
  if (type === 'result') return typeof (value as { result?: unknown }).result === 'object';
  return type === 'error';
}
