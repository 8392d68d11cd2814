/** secscan API server on Bun: Bun.serve runs the fetch handler directly. */
import { createScanner } from '@secscan/core';
import { grammarLoader } from '@secscan/grammars';
import { runServer } from '@secscan/http/server';

await runServer({
  runtime: `bun ${Bun.version}`,
  env: Bun.env,
  scanner: createScanner({ loader: grammarLoader }),
  readFile: (url) => Bun.file(url).bytes(),
  writeStdout: (line) => console.log(line),
  writeStderr: (line) => console.error(line),
  onSignal: (signal, listener) => process.on(signal, listener),
  exit: (code) => process.exit(code),
  listen: async ({ port, hostname, fetch }) => {
    const server = Bun.serve({
      port,
      hostname,
      // The app enforces its own body limit while streaming; Bun's lower default would answer 413 itself, differently.
      maxRequestBodySize: Number.MAX_SAFE_INTEGER,
      // itty-router proxies the Request, which server.requestIP() refuses: pass the raw request and server along (STACK.md).
      fetch: (request, bunServer) => fetch(request, { raw: request, server: bunServer }),
    });
    // stop() stops accepting, lets in-flight requests finish and resolves once every connection is closed.
    return { port: server.port, stop: () => server.stop() };
  },
});
