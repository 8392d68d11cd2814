/**
 * Scans off the request loop: a fixed set of workers, each running one scan at a time, in front of
 * them a bounded wait queue. It is the scanner createApp already takes (`scan` + `rules`), so the app
 * does not know whether scans run in workers or in-process — only that `scan()` may now reject with
 * a ScanRefusedError:
 *
 * - at most `maxConcurrent` scans run at once and at most `maxQueued` wait; past that, or after
 *   waiting `timeoutMs` in the queue, a scan is refused as `busy` at once (503 + Retry-After), so a
 *   flood costs memory for the queue only, never an unbounded backlog;
 * - a scan that runs past `timeoutMs` is `timeout`: its worker is terminated mid-scan (the only way
 *   to stop synchronous WebAssembly) and replaced;
 * - a worker that crashes (an uncaught error, a WebAssembly trap, an exit) fails its scan as
 *   `failed` and is replaced; one whose runtime failed its self-check after a scan is replaced too.
 *
 * Workers that die before they ever became ready are respawned with a growing delay (100 ms doubling
 * to 5 s), so a broken worker script cannot spin the process.
 */
import type { Rule, ScanInput, ScanOptions, ScanResult } from '@secscan/core';
import { isScanWorkerMessage, type PoolMessage, type ScanWorkerMessage } from './protocol.ts';
import { ScanRefusedError } from './refusal.ts';

/** A running worker, as the pool drives it: the Web Worker API's messaging and termination. */
export interface ScanWorkerHandle {
  postMessage(message: PoolMessage): void;
  terminate(): void;
}

/** What a worker reports to the pool: its messages, and its death (crash, trap, exit). */
export interface ScanWorkerEvents {
  message(data: unknown): void;
  failure(reason: string): void;
}

/** Starts one worker (each runtime's server supplies this: Web Workers on Bun and Deno, worker_threads on Node). */
export type SpawnScanWorker = (events: ScanWorkerEvents) => ScanWorkerHandle;

/** Something worth a log line: a worker stopped or replaced, or a replacement ready to scan. */
export interface ScanPoolEvent {
  kind: 'timeout' | 'crashed' | 'recycled' | 'spawn_failed' | 'replaced';
  worker: number;
  detail: string;
}

/** Settings of a scan pool. */
export interface ScanPoolOptions {
  /** Workers kept running. */
  workers: number;
  /** Scans running at once (at most `workers`; spare workers take over while a replaced one starts). */
  maxConcurrent: number;
  /** Scans waiting for a slot; beyond, `busy` at once. */
  maxQueued: number;
  /** Hard limit of one scan's run, and of its wait in the queue (ms). */
  timeoutMs: number;
  spawn: SpawnScanWorker;
  /** The rule descriptors (for SARIF): the same list the workers run. */
  rules: readonly Rule[];
  onEvent?: (event: ScanPoolEvent) => void;
}

/** A snapshot of the pool, for logs and tests. */
export interface ScanPoolStats {
  workers: number;
  ready: number;
  running: number;
  queued: number;
}

/** The scan service the servers hand createApp: a scanner whose `scan` may refuse. */
export interface ScanPool {
  /** Scans in a worker; rejects with ScanRefusedError (busy, closed, timeout, failed) and nothing else. */
  scan(input: ScanInput, options?: ScanOptions): Promise<ScanResult>;
  readonly rules: readonly Rule[];
  /** Resolves once every worker has warmed up (grammars loaded, one scan per language). */
  warmUp(): Promise<void>;
  /** Refuses new and queued scans (`closed`) and terminates the workers. */
  close(): void;
  stats(): ScanPoolStats;
}

/** Seconds a refused (`busy`/`closed`) caller is asked to wait. */
export const BUSY_RETRY_AFTER_SECONDS = 1;
const FIRST_RESPAWN_DELAY_MS = 100;
const MAX_RESPAWN_DELAY_MS = 5000;

interface Job {
  id: number;
  input: ScanInput;
  options: ScanOptions;
  resolve(result: ScanResult): void;
  reject(error: ScanRefusedError): void;
  /** The queue wait or run deadline. */
  timer: ReturnType<typeof setTimeout> | null;
}

interface Slot {
  index: number;
  handle: ScanWorkerHandle | null;
  /** Bumped on every replacement: events of a terminated worker carry an old generation and are ignored. */
  generation: number;
  ready: boolean;
  job: Job | null;
  /** Consecutive deaths before becoming ready (drives the respawn delay). */
  earlyDeaths: number;
  /** Whether the current worker replaces an earlier one (its readiness is then worth reporting). */
  replacement: boolean;
  respawnTimer: ReturnType<typeof setTimeout> | null;
}

/** Starts `workers` workers and returns the pool in front of them. */
export function createScanPool(options: ScanPoolOptions): ScanPool {
  const { workers, maxQueued, timeoutMs, spawn, rules, onEvent } = options;
  if (!Number.isSafeInteger(workers) || workers < 1) throw new RangeError('workers must be a positive integer');
  const maxConcurrent = Math.min(options.maxConcurrent, workers);
  if (!Number.isSafeInteger(maxConcurrent) || maxConcurrent < 1) throw new RangeError('maxConcurrent must be a positive integer');

  const slots: Slot[] = [];
  const queue: Job[] = [];
  let running = 0;
  let nextId = 1;
  let closed = false;
  let readyWaiters: (() => void)[] = [];

  const everyoneReady = (): boolean => slots.every((slot) => slot.ready);

  const start = (slot: Slot): void => {
    slot.respawnTimer = null;
    if (closed) return;
    const generation = ++slot.generation;
    const current = (): boolean => slot.generation === generation && !closed;
    try {
      slot.handle = spawn({
        message: (data) => {
          if (current()) onMessage(slot, data);
        },
        failure: (reason) => {
          if (current()) onDeath(slot, 'crashed', reason);
        },
      });
    } catch (error) {
      slot.handle = null;
      onEvent?.({ kind: 'spawn_failed', worker: slot.index, detail: error instanceof Error ? error.message : String(error) });
      scheduleRespawn(slot);
      return;
    }
    pump();
  };

  const scheduleRespawn = (slot: Slot): void => {
    if (closed) return;
    slot.earlyDeaths++;
    const delay = Math.min(FIRST_RESPAWN_DELAY_MS * 2 ** (slot.earlyDeaths - 1), MAX_RESPAWN_DELAY_MS);
    slot.respawnTimer = setTimeout(() => start(slot), delay);
  };

  /** Stops a slot's worker and starts another in its place. */
  const replace = (slot: Slot, diedEarly: boolean): void => {
    const old = slot.handle;
    slot.handle = null;
    slot.replacement = true;
    slot.generation++;
    slot.ready = false;
    try {
      old?.terminate();
    } catch {
      // Already gone.
    }
    if (diedEarly) scheduleRespawn(slot);
    else start(slot);
  };

  /** Takes the slot's job off it (the slot is free again) and settles nothing: the caller does. */
  const release = (slot: Slot): Job | null => {
    const job = slot.job;
    if (!job) return null;
    slot.job = null;
    running--;
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
    return job;
  };

  const onDeath = (slot: Slot, kind: 'crashed' | 'recycled', reason: string): void => {
    const job = release(slot);
    const diedEarly = !slot.ready;
    onEvent?.({ kind, worker: slot.index, detail: reason });
    replace(slot, diedEarly);
    job?.reject(new ScanRefusedError('failed', 'The scanner stopped while scanning this input; it has been restarted.'));
    pump();
  };

  const onMessage = (slot: Slot, data: unknown): void => {
    if (!isScanWorkerMessage(data)) {
      onDeath(slot, 'crashed', 'the worker sent a message the pool does not understand');
      return;
    }
    const message: ScanWorkerMessage = data;
    if (message.type === 'ready') {
      slot.ready = true;
      slot.earlyDeaths = 0;
      if (slot.replacement) onEvent?.({ kind: 'replaced', worker: slot.index, detail: 'a new worker has warmed up and scans' });
      if (everyoneReady()) {
        const waiters = readyWaiters;
        readyWaiters = [];
        for (const wake of waiters) wake();
      }
      return;
    }
    if (slot.job?.id !== message.id) return; // an answer to a scan that already timed out
    if (message.type === 'error') {
      onDeath(slot, 'crashed', `the scan threw: ${message.message}`);
      return;
    }
    const job = release(slot);
    if (message.recycle) {
      onEvent?.({ kind: 'recycled', worker: slot.index, detail: 'the WebAssembly runtime failed its self-check after a scan' });
      replace(slot, false);
    }
    job?.resolve(message.result);
    pump();
  };

  const dispatch = (slot: Slot, job: Job): void => {
    slot.job = job;
    running++;
    job.timer = setTimeout(() => {
      if (slot.job !== job) return;
      release(slot);
      onEvent?.({ kind: 'timeout', worker: slot.index, detail: `a scan ran past ${timeoutMs} ms; its worker was stopped and replaced` });
      replace(slot, false);
      job.reject(new ScanRefusedError('timeout', `The scan did not finish within ${timeoutMs} ms and was stopped.`));
      pump();
    }, timeoutMs);
    try {
      slot.handle?.postMessage({ type: 'scan', id: job.id, input: job.input, options: job.options });
    } catch {
      // The input could not be cloned into the worker: nothing ran, the worker is fine.
      release(slot);
      job.reject(new ScanRefusedError('failed', 'The input could not be handed to the scanner.'));
    }
  };

  const idleSlot = (): Slot | undefined => slots.find((slot) => slot.handle !== null && slot.job === null);

  /** Starts queued scans while there are free slots. */
  const pump = (): void => {
    while (queue.length > 0 && running < maxConcurrent) {
      const slot = idleSlot();
      if (!slot) return;
      const job = queue.shift() as Job;
      if (job.timer) clearTimeout(job.timer);
      job.timer = null;
      dispatch(slot, job);
    }
  };

  for (let index = 0; index < workers; index++) {
    const slot: Slot = { index, handle: null, generation: 0, ready: false, job: null, earlyDeaths: 0, replacement: false, respawnTimer: null };
    slots.push(slot);
  }
  for (const slot of slots) start(slot);

  return {
    rules,
    scan(input, scanOptions = {}) {
      return new Promise<ScanResult>((resolve, reject) => {
        if (closed) {
          reject(new ScanRefusedError('closed', 'The server is shutting down.', BUSY_RETRY_AFTER_SECONDS));
          return;
        }
        const job: Job = { id: nextId++, input, options: scanOptions, resolve, reject, timer: null };
        const slot = running < maxConcurrent && queue.length === 0 ? idleSlot() : undefined;
        if (slot) {
          dispatch(slot, job);
          return;
        }
        if (queue.length >= maxQueued) {
          reject(new ScanRefusedError('busy', 'Every scanner is busy and the wait queue is full; try again shortly.', BUSY_RETRY_AFTER_SECONDS));
          return;
        }
        job.timer = setTimeout(() => {
          const at = queue.indexOf(job);
          if (at < 0) return;
          queue.splice(at, 1);
          reject(new ScanRefusedError('busy', `No scanner became free within ${timeoutMs} ms; try again shortly.`, BUSY_RETRY_AFTER_SECONDS));
        }, timeoutMs);
        queue.push(job);
      });
    },
    warmUp() {
      if (everyoneReady()) return Promise.resolve();
      return new Promise<void>((resolve) => readyWaiters.push(resolve));
    },
    close() {
      if (closed) return;
      closed = true;
      for (const job of queue.splice(0)) {
        if (job.timer) clearTimeout(job.timer);
        job.reject(new ScanRefusedError('closed', 'The server is shutting down.', BUSY_RETRY_AFTER_SECONDS));
      }
      for (const slot of slots) {
        if (slot.respawnTimer) clearTimeout(slot.respawnTimer);
        const job = release(slot);
        job?.reject(new ScanRefusedError('closed', 'The server is shutting down.', BUSY_RETRY_AFTER_SECONDS));
        slot.generation++;
        try {
          slot.handle?.terminate();
        } catch {
          // Already gone.
        }
        slot.handle = null;
      }
    },
    stats: () => ({ workers, ready: slots.filter((slot) => slot.ready).length, running, queued: queue.length }),
  };
}
