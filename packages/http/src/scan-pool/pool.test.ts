import { RULES, type ScanInput, type ScanResult, type Scanner } from '@secscan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeResult } from '../testing/fixtures.ts';
import { createScanPool, type ScanPoolEvent, type ScanWorkerEvents } from './pool.ts';
import type { ScanJobMessage } from './protocol.ts';
import { ScanRefusedError } from './refusal.ts';
import { inProcessSpawner } from './spawners.ts';

/** A worker the test drives by hand: it records jobs and answers, crashes or hangs on request. */
interface FakeWorker {
  jobs: ScanJobMessage[];
  terminated: boolean;
  events: ScanWorkerEvents;
  ready(): void;
  answer(job?: ScanJobMessage, recycle?: boolean): void;
  crash(reason?: string): void;
}

function fakeWorkers(): { spawned: FakeWorker[]; spawn: (events: ScanWorkerEvents) => { postMessage(m: ScanJobMessage): void; terminate(): void } } {
  const spawned: FakeWorker[] = [];
  return {
    spawned,
    spawn: (events) => {
      const worker: FakeWorker = {
        jobs: [],
        terminated: false,
        events,
        ready: () => events.message({ type: 'ready' }),
        answer: (job = worker.jobs[worker.jobs.length - 1], recycle = false) => {
          if (!job) throw new Error('no job to answer');
          events.message({ type: 'result', id: job.id, result: fakeResult(job.input), recycle });
        },
        crash: (reason = 'RuntimeError: unreachable') => events.failure(reason),
      };
      spawned.push(worker);
      return {
        postMessage: (message) => worker.jobs.push(message),
        terminate: () => {
          worker.terminated = true;
        },
      };
    },
  };
}

const input: ScanInput = { code: 'x', language: 'javascript' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The refusal a promise rejects with. */
const refusal = (promise: Promise<unknown>): Promise<ScanRefusedError> =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ScanRefusedError);
      return error as ScanRefusedError;
    },
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('createScanPool', () => {
  it('runs scans in its workers, one at a time each', async () => {
    const { spawned, spawn } = fakeWorkers();
    const pool = createScanPool({ workers: 2, maxConcurrent: 2, maxQueued: 10, timeoutMs: 1000, spawn, rules: RULES });
    expect(pool.rules).toBe(RULES);
    expect(spawned).toHaveLength(2);
    const scans = [pool.scan(input), pool.scan(input), pool.scan(input)];
    expect(spawned.map((w) => w.jobs.length)).toEqual([1, 1]);
    expect(pool.stats()).toMatchObject({ running: 2, queued: 1 });
    spawned[0]?.answer();
    await settle();
    expect(spawned[0]?.jobs).toHaveLength(2);
    spawned[0]?.answer();
    spawned[1]?.answer();
    const results = await Promise.all(scans);
    expect(results.map((r) => r.language)).toEqual(['javascript', 'javascript', 'javascript']);
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0 });
    pool.close();
  });

  it('refuses at once as busy when the slots and the queue are full', async () => {
    const { spawned, spawn } = fakeWorkers();
    const pool = createScanPool({ workers: 1, maxConcurrent: 1, maxQueued: 1, timeoutMs: 1000, spawn, rules: RULES });
    const running = pool.scan(input);
    const waiting = pool.scan(input);
    const refused = await refusal(pool.scan(input));
    expect(refused.reason).toBe('busy');
    expect(refused.retryAfterSeconds).toBe(1);
    spawned[0]?.answer();
    await running;
    await settle();
    spawned[0]?.answer();
    await waiting;
    pool.close();
  });

  it('refuses a scan that waited in the queue for the whole timeout', async () => {
    vi.useFakeTimers();
    const { spawned, spawn } = fakeWorkers();
    const pool = createScanPool({ workers: 1, maxConcurrent: 1, maxQueued: 5, timeoutMs: 50, spawn, rules: RULES });
    // The only worker dies while starting: it is respawned after 100 ms, and the scan may wait only 50.
    spawned[0]?.crash('cannot load module');
    const waiting = refusal(pool.scan(input));
    expect(pool.stats().queued).toBe(1);
    vi.advanceTimersByTime(51);
    expect((await waiting).reason).toBe('busy');
    expect(pool.stats().queued).toBe(0);
    pool.close();
  });

  it('stops a scan that runs past the timeout, replaces its worker and keeps serving', async () => {
    vi.useFakeTimers();
    const { spawned, spawn } = fakeWorkers();
    const events: ScanPoolEvent[] = [];
    const pool = createScanPool({ workers: 1, maxConcurrent: 1, maxQueued: 5, timeoutMs: 100, spawn, rules: RULES, onEvent: (e) => events.push(e) });
    const stuck = refusal(pool.scan(input));
    const next = pool.scan(input);
    vi.advanceTimersByTime(100);
    const refused = await stuck;
    expect(refused.reason).toBe('timeout');
    expect(refused.retryAfterSeconds).toBeNull();
    expect(spawned[0]?.terminated).toBe(true);
    expect(events).toEqual([expect.objectContaining({ kind: 'timeout', worker: 0 })]);
    // The replacement took the queued scan; a late answer of the old worker changes nothing.
    expect(spawned).toHaveLength(2);
    spawned[0]?.answer(spawned[0].jobs[0]);
    expect(spawned[1]?.jobs).toHaveLength(1);
    spawned[1]?.answer();
    expect((await next).language).toBe('javascript');
    pool.close();
  });

  it('fails the scan of a worker that crashes and replaces the worker', async () => {
    const { spawned, spawn } = fakeWorkers();
    const events: ScanPoolEvent[] = [];
    const pool = createScanPool({ workers: 1, maxConcurrent: 1, maxQueued: 5, timeoutMs: 1000, spawn, rules: RULES, onEvent: (e) => events.push(e) });
    spawned[0]?.ready();
    const scan = refusal(pool.scan(input));
    spawned[0]?.crash();
    expect((await scan).reason).toBe('failed');
    expect(events).toEqual([{ kind: 'crashed', worker: 0, detail: 'RuntimeError: unreachable' }]);
    expect(spawned[0]?.terminated).toBe(true);
    expect(spawned).toHaveLength(2);
    spawned[1]?.ready();
    expect(events.map((e) => e.kind)).toEqual(['crashed', 'replaced']);
    const again = pool.scan(input);
    spawned[1]?.answer();
    await again;
    pool.close();
  });

  it('answers the scan and then replaces a worker that asks to be recycled', async () => {
    const { spawned, spawn } = fakeWorkers();
    const events: ScanPoolEvent[] = [];
    const pool = createScanPool({ workers: 1, maxConcurrent: 1, maxQueued: 5, timeoutMs: 1000, spawn, rules: RULES, onEvent: (e) => events.push(e) });
    spawned[0]?.ready();
    const scan = pool.scan(input);
    spawned[0]?.answer(undefined, true);
    expect((await scan).language).toBe('javascript');
    expect(spawned[0]?.terminated).toBe(true);
    expect(spawned).toHaveLength(2);
    expect(events.map((e) => e.kind)).toEqual(['recycled']);
    pool.close();
  });

  it('treats a garbled message as a crash', async () => {
    const { spawned, spawn } = fakeWorkers();
    const pool = createScanPool({ workers: 1, maxConcurrent: 1, maxQueued: 5, timeoutMs: 1000, spawn, rules: RULES });
    const scan = refusal(pool.scan(input));
    spawned[0]?.events.message({ type: 'result', id: 'nope' });
    expect((await scan).reason).toBe('failed');
    pool.close();
  });

  it('respawns a worker that dies before it is ready with a growing delay', async () => {
    vi.useFakeTimers();
    const { spawned, spawn } = fakeWorkers();
    const pool = createScanPool({ workers: 1, maxConcurrent: 1, maxQueued: 5, timeoutMs: 60_000, spawn, rules: RULES });
    spawned[0]?.crash('cannot load module');
    expect(spawned).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(spawned).toHaveLength(2);
    spawned[1]?.crash('cannot load module');
    vi.advanceTimersByTime(100);
    expect(spawned).toHaveLength(2);
    vi.advanceTimersByTime(100);
    expect(spawned).toHaveLength(3);
    // A scan waits for a live worker rather than failing.
    const scan = pool.scan(input);
    expect(spawned[2]?.jobs).toHaveLength(1);
    spawned[2]?.ready();
    spawned[2]?.answer();
    await scan;
    pool.close();
  });

  it('runs at most maxConcurrent scans even with more workers', async () => {
    const { spawned, spawn } = fakeWorkers();
    const pool = createScanPool({ workers: 3, maxConcurrent: 2, maxQueued: 5, timeoutMs: 1000, spawn, rules: RULES });
    const scans = [pool.scan(input), pool.scan(input), pool.scan(input)];
    expect(spawned.map((w) => w.jobs.length)).toEqual([1, 1, 0]);
    spawned[0]?.answer();
    await settle();
    expect(pool.stats().running).toBe(2);
    for (const worker of spawned) if (worker.jobs.length > 0) worker.answer();
    await settle();
    for (const worker of spawned) if (worker.jobs.length > 1) worker.answer();
    await Promise.all(scans);
    pool.close();
  });

  it('resolves warmUp once every worker is ready', async () => {
    const { spawned, spawn } = fakeWorkers();
    const pool = createScanPool({ workers: 2, maxConcurrent: 2, maxQueued: 5, timeoutMs: 1000, spawn, rules: RULES });
    let warm = false;
    void pool.warmUp().then(() => {
      warm = true;
    });
    spawned[0]?.ready();
    await settle();
    expect(warm).toBe(false);
    spawned[1]?.ready();
    await settle();
    expect(warm).toBe(true);
    expect(pool.stats().ready).toBe(2);
    pool.close();
  });

  it('on close refuses queued, running and new scans and terminates the workers', async () => {
    const { spawned, spawn } = fakeWorkers();
    const pool = createScanPool({ workers: 1, maxConcurrent: 1, maxQueued: 5, timeoutMs: 1000, spawn, rules: RULES });
    const running = refusal(pool.scan(input));
    const queued = refusal(pool.scan(input));
    pool.close();
    expect((await running).reason).toBe('closed');
    expect((await queued).reason).toBe('closed');
    expect((await refusal(pool.scan(input))).reason).toBe('closed');
    expect(spawned[0]?.terminated).toBe(true);
    expect(spawned).toHaveLength(1);
  });

  it('refuses a scan whose input cannot be handed to the worker, and the worker serves on', async () => {
    let calls = 0;
    const { spawned, spawn } = fakeWorkers();
    const pool = createScanPool({
      workers: 1,
      maxConcurrent: 1,
      maxQueued: 5,
      timeoutMs: 1000,
      rules: RULES,
      spawn: (events) => {
        const handle = spawn(events);
        return {
          postMessage: (message) => {
            if (calls++ === 0) throw new DOMException('could not be cloned', 'DataCloneError');
            if (message.type === 'scan') handle.postMessage(message);
          },
          terminate: () => handle.terminate(),
        };
      },
    });
    expect((await refusal(pool.scan(input))).reason).toBe('failed');
    const scan = pool.scan(input);
    spawned[0]?.answer();
    await scan;
    expect(spawned[0]?.terminated).toBe(false);
    pool.close();
  });
});

describe('inProcessSpawner', () => {
  it('scans on this thread with the same refusals', async () => {
    const scanned: ScanInput[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const scanner: Scanner = {
      rules: RULES,
      rulesFor: () => [],
      warmUp: async () => {},
      scan: async (scanInput): Promise<ScanResult> => {
        scanned.push(scanInput);
        if (scanInput.code === 'slow') await gate;
        return fakeResult(scanInput);
      },
    };
    const pool = createScanPool({ workers: 1, maxConcurrent: 1, maxQueued: 0, timeoutMs: 1000, spawn: inProcessSpawner(scanner), rules: RULES });
    await pool.warmUp();
    const slow = pool.scan({ code: 'slow', language: 'python' });
    expect((await refusal(pool.scan(input))).reason).toBe('busy');
    release();
    expect((await slow).language).toBe('python');
    expect((await pool.scan(input)).language).toBe('javascript');
    // Warm-up scanned one line per language before any request.
    expect(scanned.filter((s) => s.code === 'a = b(c)\n').length).toBeGreaterThan(5);
    pool.close();
  });
});
