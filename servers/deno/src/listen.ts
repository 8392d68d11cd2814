/**
 * Serving on Deno with a connection cap, and surviving accept errors (issue #12: ~20,000 idle
 * connections, or 300 under `ulimit -n 256`, ended the process with `Uncaught (in promise) Http:
 * Error: Too many open files`: Deno.serve's accept loop dies on the first accept error, and takes
 * the process with it).
 *
 * Deno.serve offers neither a connection count nor a way to keep accepting after an error, so we
 * accept connections ourselves (Deno.listen) and hand each to Deno's HTTP server for one connection
 * (`serveHttpOnConnection`, the same native server Deno.serve runs per connection, reached through
 * `Deno[Deno.internal]` as Deno 2.9 has no public name for it):
 *
 * - beyond `maxConnections` open connections, a new one is closed as it arrives;
 * - an accept error (EMFILE, ENFILE, …) is logged and accepting resumes after a pause that grows
 *   from 5 ms to 1 s while errors last (as Go's net/http does); the process never exits on it;
 * - stop() closes the listener and shuts every connection down gracefully (in-flight requests finish).
 *
 * Without that internal (another Deno version), `serveWithRestarts` keeps the process alive the
 * other way: Deno.serve, listening again on the same port after its loop died. It has no cap.
 */

import { throttledWarnings } from '@secscan/http/server';

/** The request handler both ways of serving run. */
export type DenoHandler = (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;

/** What the server reports while it serves (connections refused at the cap, accept errors). */
export type DenoServeWarning = (message: string, fields?: Readonly<Record<string, unknown>>) => void;

/** A server started by this module. */
export interface DenoListening {
  port: number;
  /** The connection cap, or null when it cannot be enforced (`serveWithRestarts`). */
  maxConnections: number | null;
  stop(): Promise<void>;
}

/** Deno's HTTP server for a single accepted connection (`serveHttpOnConnection` in ext/http/00_serve.ts). */
type ServeOnConnection = (
  connection: Deno.Conn,
  signal: AbortSignal | undefined,
  handler: DenoHandler,
  onError: (error: unknown) => Response,
  onListen: () => void,
) => { finished: Promise<void>; shutdown(): Promise<void> };

/** Deno's per-connection server, when this Deno has it. */
export function serveOnConnection(): ServeOnConnection | null {
  const deno = Deno as unknown as Record<string | symbol, unknown>;
  const symbol = deno['internal'];
  if (typeof symbol !== 'symbol') return null;
  const internals = deno[symbol] as Record<string, unknown> | undefined;
  const serve = internals?.['serveHttpOnConnection'];
  return typeof serve === 'function' ? (serve as ServeOnConnection) : null;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Serves with our own accept loop: at most `maxConnections` connections, accept errors survived. */
export function serveWithConnectionCap(
  serve: ServeOnConnection,
  options: { port: number; hostname: string; maxConnections: number; handler: DenoHandler; onWarning: DenoServeWarning },
): DenoListening {
  const { maxConnections, handler } = options;
  const warn = throttledWarnings(options.onWarning);
  const listener = Deno.listen({ port: options.port, hostname: options.hostname });
  const open = new Set<{ shutdown(): Promise<void> }>();
  let stopping = false;
  // The app answers every error itself; this is only Deno's last resort.
  const onError = (): Response => new Response(null, { status: 500 });

  const accepting = (async () => {
    let pauseMs = 0;
    while (!stopping) {
      let connection: Deno.Conn;
      try {
        connection = await listener.accept();
        pauseMs = 0;
      } catch (error) {
        if (stopping) return;
        pauseMs = pauseMs === 0 ? 5 : Math.min(pauseMs * 2, 1000);
        warn('accept', 'accepting a connection failed; retrying', { error: error instanceof Error ? error.message : String(error), retryInMs: pauseMs, open: open.size });
        await sleep(pauseMs);
        continue;
      }
      if (open.size >= maxConnections) {
        warn('cap', 'connection refused: SECSCAN_MAX_CONNECTIONS reached', { maxConnections });
        try {
          connection.close();
        } catch {
          // Already gone.
        }
        continue;
      }
      let server: ReturnType<ServeOnConnection>;
      try {
        server = serve(connection, undefined, handler, onError, () => {});
      } catch (error) {
        warn('serve', 'serving a connection failed', { error: error instanceof Error ? error.message : String(error) });
        try {
          connection.close();
        } catch {
          // Already gone.
        }
        continue;
      }
      open.add(server);
      // A connection reset by its client ends its server with an error: that is the client's business.
      server.finished.catch(() => {}).finally(() => open.delete(server));
    }
  })();

  return {
    port: (listener.addr as Deno.NetAddr).port,
    maxConnections,
    async stop() {
      stopping = true;
      listener.close();
      await accepting;
      // Graceful: each connection finishes the request it is serving; idle ones close at once.
      await Promise.all([...open].map((server) => server.shutdown().catch(() => {})));
    },
  };
}

/** Serves with Deno.serve, listening again on the same port whenever its accept loop dies (no cap). */
export function serveWithRestarts(options: { port: number; hostname: string; handler: DenoHandler; onWarning: DenoServeWarning }): Promise<DenoListening> {
  const warn = throttledWarnings(options.onWarning);
  let stopping = false;
  let current: Deno.HttpServer | null = null;
  let pauseMs = 0;
  return new Promise((resolve) => {
    const start = (port: number): void => {
      let server: Deno.HttpServer;
      try {
        server = Deno.serve({ port, hostname: options.hostname, onListen: () => {} }, options.handler);
      } catch (error) {
        pauseMs = Math.min(pauseMs === 0 ? 5 : pauseMs * 2, 1000);
        warn('listen', 'listening again failed; retrying', { error: error instanceof Error ? error.message : String(error), retryInMs: pauseMs });
        setTimeout(() => start(port), pauseMs);
        return;
      }
      current = server;
      const bound = (server.addr as Deno.NetAddr).port;
      server.finished.then(
        () => {},
        (error: unknown) => {
          if (stopping) return;
          pauseMs = Math.min(pauseMs === 0 ? 5 : pauseMs * 2, 1000);
          warn('accept', 'the server stopped accepting connections; listening again', { error: error instanceof Error ? error.message : String(error), retryInMs: pauseMs });
          setTimeout(() => start(bound), pauseMs);
        },
      );
      resolve({
        port: bound,
        maxConnections: null,
        stop: async () => {
          stopping = true;
          await current?.shutdown();
        },
      });
    };
    start(options.port);
  });
}
