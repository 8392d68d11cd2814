/**
 * secscan API server on Node.js: @hono/node-server bridges node:http to the fetch handler (it builds
 * the Request lazily and writes simple responses without a real Response; see STACK.md).
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { getRequestListener } from '@hono/node-server';
import { createScanner } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import type { App, RawProblem } from '@secscan/http';
import { parseOpenFileLimit, runServer, throttledWarnings } from '@secscan/http/server';

/** What @hono/node-server says when it cannot make a Request of what Node parsed (its RequestError messages). */
const REQUEST_ERRORS: Readonly<Record<string, string>> = {
  'Missing host header': 'The request has no Host header (RFC 9112 §3.2).',
  'Invalid host header': 'The Host header is not a valid host and port.',
  'Backslash in request path': 'The request path has a backslash: send `/` between segments.',
};

/** A raw HTTP/1.1 response for a socket Node's parser gave up on (the request never became a Request). */
function rawResponse(answer: RawProblem): string {
  const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}`];
  for (const [name, value] of Object.entries(answer.headers)) head.push(`${name}: ${value}`);
  head.push(`content-length: ${Buffer.byteLength(answer.body)}`);
  return `${head.join('\r\n')}\r\n\r\n${answer.body}`;
}

/** The problem an app answers for what Node's parser refused: 431 for too-large headers, 408 for a request too slow to arrive, else 400. */
function parserProblem(app: App, error: Error & { code?: string }): RawProblem {
  if (error.code === 'HPE_HEADER_OVERFLOW') return app.unparsedProblem('headers_too_large', 'The request headers are too large.');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return app.unparsedProblem('request_timeout', 'The request did not arrive in time.');
  return app.unparsedProblem('bad_request', 'The request is not valid HTTP/1.1.');
}

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
  openFileLimit: () => {
    try {
      return parseOpenFileLimit(readFileSync('/proc/self/limits', 'utf8'));
    } catch {
      return null; // not Linux
    }
  },
  cores: availableParallelism(),
  // Scan workers are worker threads running the built scan-worker.js beside this bundle (Node cannot run .ts).
  spawnScanWorker: (events) => {
    const worker = new Worker(new URL('./scan-worker.js', import.meta.url));
    worker.on('message', events.message);
    worker.on('error', (error) => events.failure(`${error.name}: ${error.message}`));
    worker.on('exit', (code) => events.failure(`the worker exited with code ${code}`));
    return { postMessage: (message) => worker.postMessage(message), terminate: () => void worker.terminate() };
  },
  listen: ({ port, hostname, fetch, timeouts, maxConnections, onWarning }) =>
    new Promise((resolve, reject) => {
      const warn = throttledWarnings(onWarning);
      const serverOptions = {
        // Slow clients: the headers must be complete within headersTimeout, the whole request (the app
        // answers a slow body itself with a 408 first) within requestTimeout, checked every second
        // rather than Node's default 30 s; an idle keep-alive connection closes after keepAliveTimeout.
        headersTimeout: timeouts.headersMs,
        requestTimeout: timeouts.headersMs + timeouts.bodyMs + 1000,
        keepAliveTimeout: timeouts.idleMs,
        connectionsCheckingInterval: 1000,
        // Node's own check answers a request without Host with a bare 400; the bridge refuses it too,
        // and then the app's problem answer goes out, as on the other runtimes.
        requireHostHeader: false,
      };
      const listener = getRequestListener(fetch, {
        hostname,
        // A request-target or Host the bridge cannot make a Request of gets the app's problem answer
        // (request id, body, log line) instead of a bare 400 — the same as on Bun and Deno (issue #12).
        errorHandler: (error: unknown) => {
          const message = error instanceof Error ? error.message : '';
          const answer = fetch.unparsedProblem('bad_request', REQUEST_ERRORS[message] ?? 'The request target or the Host header is not valid.');
          return new Response(answer.body, { status: answer.status, headers: answer.headers });
        },
      });
      const server = createServer(serverOptions, listener);
      // Beyond the cap Node closes a new connection as it arrives ('drop'): the descriptors stay for
      // the connections being served, the scan workers and the database (issue #12).
      server.maxConnections = maxConnections;
      server.on('drop', () => warn('cap', 'connection refused: SECSCAN_MAX_CONNECTIONS reached', { maxConnections }));
      server.on('connection', (socket: Socket) => {
        // Read the peer address now: Node keeps it once read, so a client that resets the connection
        // later is still counted as itself, never as an "unknown" everyone shares (issue #12).
        void socket.remoteAddress;
        // headersTimeout starts at a request's first byte: a connection that never sends one would
        // stay forever. One timer per connection, until its first byte; from then on Node's own
        // headersTimeout, requestTimeout and keepAliveTimeout bound it. (A per-request listener and a
        // socket timeout reset on every request did this before, at a few percent of a request's CPU.)
        const silent = setTimeout(() => socket.destroy(), timeouts.headersMs);
        silent.unref();
        socket.once('data', () => clearTimeout(silent));
        socket.once('close', () => clearTimeout(silent));
      });
      server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
        // A request Node's parser refused never reaches the app: answer with the app's problem body
        // where the socket can still take it; a reset needs no answer.
        if (error.code === 'ECONNRESET' || !socket.writable) {
          socket.destroy();
          return;
        }
        socket.end(rawResponse(parserProblem(fetch, error)));
      });
      server.once('error', reject);
      server.listen(port, hostname, () => {
        server.off('error', reject);
        // After start an 'error' is an accept error (EMFILE under a flood): Node keeps listening; log it, never exit.
        server.on('error', (error: Error) => warn('accept', 'accepting a connection failed', { error: error.message }));
        const address = server.address();
        resolve({
          port: typeof address === 'object' && address !== null ? address.port : port,
          maxConnections,
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
      });
    }),
});
