/**
 * secscan API server on Node.js: @hono/node-server bridges node:http to the fetch handler (it builds
 * the Request lazily and writes simple responses without a real Response; see STACK.md).
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { createScanner } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { runServer } from '@secscan/http/server';

await runServer({
  runtime: `node ${process.versions.node}`,
  env: process.env,
  createScanner: (models) => createScanner({ loader: grammarLoader, models }),
  readFile: async (url) => new Uint8Array(await readFile(url)),
  readTextFile: (path) => readFile(path, 'utf8'),
  writeStdout: (line) => process.stdout.write(`${line}\n`),
  batchStdout: true,
  writeStderr: (line) => process.stderr.write(`${line}\n`),
  onSignal: (signal, listener) => process.on(signal, listener),
  exit: (code) => process.exit(code),
  // Loaded only with DATABASE_URL: the in-memory setup does not pay for the driver at start.
  openDatabase: async (options) => (await import('@secscan/postgres')).openPostgresStores(options),
  cores: availableParallelism(),
  // Scan workers are worker threads running the built scan-worker.js beside this bundle (Node cannot run .ts).
  spawnScanWorker: (events) => {
    const worker = new Worker(new URL('./scan-worker.js', import.meta.url));
    worker.on('message', events.message);
    worker.on('error', (error) => events.failure(`${error.name}: ${error.message}`));
    worker.on('exit', (code) => events.failure(`the worker exited with code ${code}`));
    return { postMessage: (message) => worker.postMessage(message), terminate: () => void worker.terminate() };
  },
  listen: ({ port, hostname, fetch, timeouts }) =>
    new Promise((resolve, reject) => {
      const serverOptions = {
        // Slow clients: the headers must be complete within headersTimeout, the whole request (the app
        // answers a slow body itself with a 408 first) within requestTimeout, checked every second
        // rather than Node's default 30 s; an idle keep-alive connection closes after keepAliveTimeout.
        headersTimeout: timeouts.headersMs,
        requestTimeout: timeouts.headersMs + timeouts.bodyMs + 1000,
        keepAliveTimeout: timeouts.idleMs,
        connectionsCheckingInterval: 1000,
      };
      const server = serve({ fetch, port, hostname, serverOptions }, (info) => {
        resolve({
          port: info.port,
          // close() stops accepting and calls back once every connection has ended. Keep-alive
          // connections would hold it open for their idle timeout, so close each as soon as it is
          // idle: now, and again as the requests in flight finish (Bun and Deno do the same).
          stop: () =>
            new Promise<void>((done) => {
              const sweep = setInterval(() => server.closeIdleConnections(), 50);
              server.close(() => {
                clearInterval(sweep);
                done();
              });
              server.closeIdleConnections();
            }),
        });
      }) as Server;
      server.once('error', reject);
      // headersTimeout starts at a request's first byte: a connection that never sends one would
      // stay forever. Close a connection idle for the headers timeout unless a request on it is
      // being answered (a scan may take a while without a byte moving).
      const answering = new WeakSet<Socket>();
      server.on('request', (request: IncomingMessage, response: ServerResponse) => {
        answering.add(request.socket);
        response.once('close', () => answering.delete(request.socket));
      });
      server.setTimeout(timeouts.headersMs, (socket: Socket) => {
        if (!answering.has(socket)) socket.destroy();
      });
    }),
});
