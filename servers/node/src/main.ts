/**
 * secscan API server on Node.js: @hono/node-server bridges node:http to the fetch handler (it builds
 * the Request lazily and writes simple responses without a real Response; see STACK.md).
 */
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createScanner } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { runServer } from '@secscan/http/server';

await runServer({
  runtime: `node ${process.versions.node}`,
  env: process.env,
  scanner: createScanner({ loader: grammarLoader }),
  readFile: async (url) => new Uint8Array(await readFile(url)),
  writeStdout: (line) => process.stdout.write(`${line}\n`),
  writeStderr: (line) => process.stderr.write(`${line}\n`),
  onSignal: (signal, listener) => process.on(signal, listener),
  exit: (code) => process.exit(code),
  listen: ({ port, hostname, fetch }) =>
    new Promise((resolve, reject) => {
      const server = serve({ fetch, port, hostname }, (info) => {
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
    }),
});
