/**
 * The worker side of the scan pool: one scanner per worker, one scan at a time (the pool never
 * sends a second before the first is answered). Each runtime's `scan-worker.ts` entry wires this to
 * its messaging (`webWorkerPort()` on Bun and Deno, `parentPort` on Node) and a scanner.
 *
 * A WebAssembly fault inside tree-sitter can leave the worker's runtime corrupted for every later
 * scan. The scanner turns the fault into a truncated result; after any truncated result the worker
 * re-runs a canary scan whose findings it recorded at start, and asks to be replaced when they
 * differ — so a corrupted runtime never answers another request.
 */
import { LANGUAGES, type ScanInput, type Scanner } from '@secscan/core';
import type { ScanInitMessage, ScanJobMessage, ScanWorkerMessage } from './protocol.ts';

/** How a worker talks to its pool. */
export interface ScanWorkerPort {
  postMessage(message: ScanWorkerMessage): void;
  onMessage(listener: (data: unknown) => void): void;
}

/** A line every grammar parses (with or without errors): enough to run each language's whole pipeline once. */
const WARM_UP_CODE = 'a = b(c)\n';

/** Code with a known finding: its result at start is the reference a sound runtime reproduces. */
const CANARY: ScanInput = {
  code: 'const id = req.query.id;\ndb.query("SELECT * FROM users WHERE id = " + id);\n',
  language: 'javascript',
};

/** What identifies a canary result: rule ids and locations, not durations. */
async function canarySignature(scanner: Scanner): Promise<string> {
  const result = await scanner.scan(CANARY, { timeBudgetMs: 5000 });
  if (result.truncated) return `truncated: ${result.truncatedReason ?? ''}`;
  return result.findings.map((f) => `${f.ruleId}@${f.location.startLine}:${f.location.startColumn}`).join(',');
}

function isScanJob(data: unknown): data is ScanJobMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'scan' && typeof (data as { id?: unknown }).id === 'number';
}

function isInit(data: unknown): data is ScanInitMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'init' && Array.isArray((data as { models?: unknown }).models);
}

/**
 * Serves scans from the pool on `port`: builds its scanner with `makeScanner` and the models of the
 * pool's `init` message, warms every language up and then says `ready`.
 */
export function serveScans(port: ScanWorkerPort, makeScanner: (models: readonly unknown[]) => Scanner): void {
  let reference: Promise<string> | null = null;
  let scanner: Scanner | null = null;

  port.onMessage((data) => {
    if (isInit(data)) {
      if (scanner) return;
      scanner = makeScanner(data.models);
      warmUp(scanner);
      return;
    }
    if (!isScanJob(data) || !scanner) return;
    const engine = scanner;
    const { id, input, options } = data;
    void (async () => {
      try {
        const result = await engine.scan(input, options);
        let recycle = false;
        if (result.truncated) {
          // A time budget or size cap also truncates; only a changed canary means a damaged runtime.
          const expected = await (reference ?? Promise.resolve(''));
          recycle = (await canarySignature(engine).catch(() => 'failed')) !== expected;
        }
        port.postMessage({ type: 'result', id, result, recycle });
      } catch (error) {
        port.postMessage({ type: 'error', id, message: error instanceof Error ? error.message.slice(0, 200) : 'scan failed' });
      }
    })();
  });

  const warmUp = (scanner: Scanner): void => {
    void (async () => {
      await scanner.warmUp();
      // The first parse and walk of a language also pays for JIT and lazy rule compilation: pay it
      // here, one tiny scan per language, rather than in a user's request.
      for (const language of LANGUAGES) await scanner.scan({ code: WARM_UP_CODE, language }, { timeBudgetMs: 5000 });
      reference = canarySignature(scanner);
      await reference;
    })().then(
      () => port.postMessage({ type: 'ready' }),
      // Without its grammars the worker is useless: an unhandled rejection ends it, and the pool replaces it.
      (error: unknown) => {
        throw error;
      },
    );
  };
}

/** The port of a Web Worker (Bun, Deno): the worker's global scope. */
export function webWorkerPort(): ScanWorkerPort {
  const scope = globalThis as unknown as { postMessage(message: unknown): void; onmessage: ((event: MessageEvent) => void) | null };
  return {
    postMessage: (message) => scope.postMessage(message),
    onMessage: (listener) => {
      scope.onmessage = (event) => listener(event.data);
    },
  };
}
