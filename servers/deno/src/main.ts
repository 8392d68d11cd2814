/** secscan API server on Deno: Deno.serve runs the fetch handler directly. */
import { createScanner } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { runServer, webWorkerSpawner } from '@secscan/http/server';

const encoder = new TextEncoder();

await runServer({
  runtime: `deno ${Deno.version.deno}`,
  env: Deno.env.toObject(),
  createScanner: (models) => createScanner({ loader: grammarLoader, models }),
  readFile: (url) => Deno.readFile(url),
  readTextFile: (path) => Deno.readTextFile(path),
  // Deno.stdout.writeSync costs a third of console.log per line (measured: 2.7 vs 7.5 µs); loop for partial writes.
  writeStdout: (line) => {
    const bytes = encoder.encode(`${line}\n`);
    for (let written = 0; written < bytes.length; ) written += Deno.stdout.writeSync(bytes.subarray(written));
  },
  batchStdout: true,
  writeStderr: (line) => console.error(line),
  onSignal: (signal, listener) => Deno.addSignalListener(signal, listener),
  exit: (code) => Deno.exit(code),
  // Loaded only with DATABASE_URL: the in-memory setup does not pay for the driver at start.
  openDatabase: async (options) => (await import('@secscan/postgres')).openPostgresStores(options),
  cores: navigator.hardwareConcurrency,
  // Scan workers are Web Workers running the TypeScript source beside this file, with this process's permissions.
  spawnScanWorker: webWorkerSpawner(new URL('./scan-worker.ts', import.meta.url)),
  // Deno.serve has no connection timeouts to set (denoland/deno#3515): slow headers and idle
  // connections are not bounded here; the app still bounds a slow body (SECSCAN_BODY_TIMEOUT_MS).
  listen: async ({ port, hostname, fetch }) => {
    const server = Deno.serve(
      // onListen replaces Deno's own "Listening on" line, which is not JSON; runServer logs the start.
      { port, hostname, onListen: () => {} },
      // Pass the connection info along for the client address (STACK.md).
      (request, info) => fetch(request, { info }),
    );
    // shutdown() stops accepting and resolves once pending requests have finished.
    return { port: server.addr.port, stop: () => server.shutdown() };
  },
});
