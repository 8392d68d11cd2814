/** secscan API server on Bun: Bun.serve runs the fetch handler directly. */
import { readFileSync } from 'node:fs';
import { createScanner } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { parseOpenFileLimit, runServer, webWorkerSpawner } from '@secscan/http/server';

await runServer({
  runtime: `bun ${Bun.version}`,
  env: Bun.env,
  createScanner: (models) => createScanner({ loader: grammarLoader, models }),
  readFile: (url) => Bun.file(url).bytes(),
  readTextFile: (path) => Bun.file(path).text(),
  writeStdout: (line) => console.log(line),
  batchStdout: true,
  writeStderr: (line) => console.error(line),
  onSignal: (signal, listener) => process.on(signal, listener),
  exit: (code) => process.exit(code),
  // Loaded only with DATABASE_URL: the in-memory setup does not pay for the driver at start.
  openDatabase: async (options) => (await import('@secscan/postgres')).openPostgresStores(options),
  openFileLimit: () => {
    try {
      return parseOpenFileLimit(readFileSync('/proc/self/limits', 'utf8'));
    } catch {
      return null; // not Linux
    }
  },
  cores: navigator.hardwareConcurrency,
  // Scan workers are Web Workers running the TypeScript source beside this file.
  spawnScanWorker: webWorkerSpawner(new URL('./scan-worker.ts', import.meta.url)),
  listen: async ({ port, hostname, fetch, timeouts }) => {
    // Bun's idleTimeout (whole seconds, at most 255) closes a connection that sends no complete
    // request for that long — slow headers and idle keep-alive alike — but it also cuts off a
    // handler that runs longer. Requests with a body (scans) get the longest legitimate answer time
    // while the app works, and the idle timeout back for the connection afterwards.
    const idleSeconds = Math.min(255, Math.ceil(timeouts.idleMs / 1000));
    const requestSeconds = Math.min(255, Math.ceil(timeouts.requestMs / 1000));
    const server = Bun.serve({
      port,
      hostname,
      idleTimeout: idleSeconds,
      // The app enforces its own body limit while streaming; Bun's lower default would answer 413 itself, differently.
      maxRequestBodySize: Number.MAX_SAFE_INTEGER,
      // itty-router proxies the Request, which server.requestIP() refuses: pass the raw request and server along (STACK.md).
      fetch: (request, bunServer) => {
        // The peer address is read first, before anything can wait: a client that resets the
        // connection afterwards is still counted as itself, never as an "unknown" shared by all (issue #12).
        const env = { raw: request, server: bunServer, clientAddress: bunServer.requestIP(request)?.address ?? null };
        if (request.method === 'GET' || request.method === 'HEAD') return fetch(request, env);
        bunServer.timeout(request, requestSeconds);
        return fetch(request, env).finally(() => bunServer.timeout(request, idleSeconds));
      },
    });
    // stop() stops accepting, lets in-flight requests finish and resolves once every connection is closed.
    // No connection cap: Bun.serve has no connection count or hook. It defers accepting a connection
    // until the client sends data (idle ones cost no descriptor), closes one whose request head is
    // incomplete after ~10 s, and keeps serving through accept errors (tests/hardening.test.ts).
    return { port: server.port, maxConnections: null, stop: () => server.stop() };
  },
});
