/**
 * Ways to start a scan worker: a Web Worker (Bun, Deno; Node's worker_threads adapter lives in the
 * Node server, the only place that may import `node:`), and an in-process stand-in for
 * SECSCAN_SCAN_WORKERS=0, embedding and tests — the same pool semantics (queue, refusals), without
 * the isolation: an in-process scan cannot be stopped mid-way, and a WebAssembly fault stays in the
 * process.
 */
import { LANGUAGES, type Scanner } from '@secscan/core';
import type { SpawnScanWorker } from './pool.ts';
import type { ScanJobMessage, ScanWorkerMessage } from './protocol.ts';

/** Starts Web Workers running `url` (a module that calls `serveScans(webWorkerPort(), …)`). */
export function webWorkerSpawner(url: URL): SpawnScanWorker {
  return (events) => {
    const worker = new Worker(url.href, { type: 'module' });
    worker.onmessage = (event: MessageEvent) => events.message(event.data);
    worker.onmessageerror = () => events.failure('a message from the worker could not be read');
    worker.onerror = (event: ErrorEvent) => {
      // Deno re-throws a worker's uncaught error in the parent unless it is handled here.
      event.preventDefault();
      events.failure(event.message || 'the worker failed');
    };
    return { postMessage: (message) => worker.postMessage(message), terminate: () => worker.terminate() };
  };
}

/** A line every grammar parses: one scan per language pays for first-use compilation before a user's request does. */
const WARM_UP_CODE = 'a = b(c)\n';

/** "Workers" that scan on the calling thread with `scanner` (one warm-up for all of them: they share it). */
export function inProcessSpawner(scanner: Scanner): SpawnScanWorker {
  let warm: Promise<void> | null = null;
  const warmUp = (): Promise<void> =>
    (warm ??= (async () => {
      await scanner.warmUp();
      for (const language of LANGUAGES) await scanner.scan({ code: WARM_UP_CODE, language }, { timeBudgetMs: 5000 });
    })());
  return (events) => {
    let alive = true;
    const send = (message: ScanWorkerMessage): void => {
      if (alive) events.message(message);
    };
    warmUp().then(
      () => send({ type: 'ready' }),
      (error: unknown) => {
        warm = null;
        if (alive) events.failure(`warm-up failed: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
    return {
      postMessage: (job: ScanJobMessage) => {
        // Answer asynchronously, as a real worker would.
        void Promise.resolve()
          .then(() => scanner.scan(job.input, job.options))
          .then(
            (result) => send({ type: 'result', id: job.id, result, recycle: false }),
            (error: unknown) => send({ type: 'error', id: job.id, message: error instanceof Error ? error.message : 'scan failed' }),
          );
      },
      terminate: () => {
        alive = false;
      },
    };
  };
}
