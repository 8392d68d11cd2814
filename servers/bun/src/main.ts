/** secscan API server on Bun: Bun.serve runs the fetch handler directly. */
import { createScanner } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { runServer, webWorkerSpawner } from '@secscan/http/server';

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
        const env = { raw: request, server: bunServer };
        if (request.method === 'GET' || request.method === 'HEAD') return fetch(request, env);
        bunServer.timeout(request, requestSeconds);
        return fetch(request, env).finally(() => bunServer.timeout(request, idleSeconds));
      },
    });
    // stop() stops accepting, lets in-flight requests finish and resolves once every connection is closed.
    return { port: server.port, stop: () => server.stop() };
  },
});
