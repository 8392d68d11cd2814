/**
 * Start-up and shutdown shared by the Node, Bun and Deno servers, so each of them is only the
 * runtime's own serve/signal/exit calls. Order: config (a bad value exits 1 with a clear message)
 * → stores → app → listen → warm-up in the background (grammars, one tiny scan per language);
 * on SIGTERM/SIGINT stop accepting, let in-flight requests finish, exit 0 (1 if they outlast
 * SECSCAN_SHUTDOWN_TIMEOUT_MS, or on a second signal).
 */
import { createMemoryKeyStore, createMemoryRateLimitStore, createMemoryScanStore, createMemorySessionStore, LANGUAGES, type Scanner } from '@secscan/core';
import { createApp, type App } from '../app.ts';
import { ConfigError, parseConfig, type ServerConfig } from './config.ts';
import { createJsonLog } from './log.ts';

/** A listening server as the runtime gives it to us. */
export interface ListeningServer {
  /** The bound port (useful with PORT=0). */
  port: number;
  /** Stops accepting connections and resolves once in-flight requests have completed. */
  stop(): Promise<void>;
}

/** What `listen` is asked to serve. */
export interface ListenOptions {
  port: number;
  hostname: string;
  fetch: App;
}

/** The runtime capabilities a server passes in: everything with I/O. */
export interface ServerHost {
  /** e.g. `node 20.20.2`, for the start-up log line. */
  runtime: string;
  env: Readonly<Record<string, string | undefined>>;
  scanner: Scanner;
  readFile(url: URL): Promise<Uint8Array>;
  writeStdout(line: string): void;
  writeStderr(line: string): void;
  onSignal(signal: 'SIGINT' | 'SIGTERM', listener: () => void): void;
  exit(code: number): void;
  listen(options: ListenOptions): Promise<ListeningServer>;
}

/** A running server, for tests and embedders. */
export interface RunningServer {
  config: ServerConfig;
  port: number;
  app: App;
  /** Resolves when the warm-up (grammars, one scan per language) has finished, or failed: it is only an optimisation. */
  warm: Promise<void>;
  /** Runs the graceful shutdown, as a signal would. */
  shutdown(reason: string): void;
}

/** A line every grammar parses (with or without errors): enough to run each language's whole pipeline once. */
const WARM_UP_CODE = 'a = b(c)\n';

/** Where the installed Scalar API reference keeps its self-contained browser bundle. */
export function scalarBundleUrl(): URL {
  // The bundle is not in every version's `exports`; find it beside the package's resolved entry (STACK.md).
  return new URL('browser/standalone.js', import.meta.resolve('@scalar/api-reference'));
}

/** Starts a server on a runtime; resolves once it listens, or null after a configuration error (exit 1). */
export async function runServer(host: ServerHost): Promise<RunningServer | null> {
  const log = createJsonLog(host.writeStdout);
  let config: ServerConfig;
  try {
    config = parseConfig(host.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    host.writeStderr(`secscan: ${error.message}`);
    host.exit(1);
    return null;
  }
  for (const warning of config.warnings) log.warn(warning);

  // Read the docs bundle while we start listening; a failure shows here and on the docs routes (500),
  // which try again on their next request.
  const bundleUrl = scalarBundleUrl();
  let scalar = host.readFile(bundleUrl);
  scalar.catch((error: unknown) => log.error('docs bundle unreadable', { error: error instanceof Error ? error.message : String(error) }));
  const scalarJs = (): Promise<Uint8Array> =>
    scalar.catch(() => {
      scalar = host.readFile(bundleUrl);
      return scalar;
    });

  // From here on the process keeps only the admin token's hash (the environment itself aside).
  const adminTokenSha256 = config.adminToken ? await config.adminToken.consumeSha256() : null;

  const app = createApp({
    scanner: host.scanner,
    stores: {
      scans: createMemoryScanStore({ maxScans: config.maxStoredScans }),
      keys: createMemoryKeyStore(),
      sessions: createMemorySessionStore(),
      rateLimits: createMemoryRateLimitStore({ maxSubjects: config.maxRateLimitedClients }),
    },
    config: { ...config.app, access: { ...config.access, adminTokenSha256 } },
    docs: { scalarJs },
    logger: {
      request: (entry) => log.info('request', { ...entry }),
      error: (entry) => log.error('unhandled error', { ...entry }),
    },
  });

  const server = await host.listen({ port: config.port, hostname: config.host, fetch: app });
  log.info('listening', {
    host: config.host,
    port: server.port,
    runtime: host.runtime,
    version: config.app.version,
    anonymous: config.access.anonymous,
    admin: adminTokenSha256 !== null,
    startupMs: Math.round(performance.now()),
  });

  // Warm up after listening: requests that arrive meanwhile wait only for the grammar they need.
  const warmStarted = performance.now();
  const warm = (async () => {
    await host.scanner.warmUp();
    // The first parse and walk of a language also pays for JIT and lazy rule compilation (20–90 ms
    // measured on Node); pay it here, one tiny scan per language, rather than in a user's request.
    for (const language of LANGUAGES) await host.scanner.scan({ code: WARM_UP_CODE, language }, { timeBudgetMs: 1000 });
  })().then(
    () => log.info('warmed up', { ms: Math.round(performance.now() - warmStarted) }),
    (error: unknown) => log.error('warm-up failed', { error: error instanceof Error ? error.message : String(error) }),
  );

  let stopping = false;
  const shutdown = (reason: string): void => {
    if (stopping) {
      log.warn('second stop request: exiting now', { reason });
      host.exit(1);
      return;
    }
    stopping = true;
    log.info('shutting down', { reason, timeoutMs: config.shutdownTimeoutMs });
    const timer = setTimeout(() => {
      log.error('shutdown timed out with requests in flight', { timeoutMs: config.shutdownTimeoutMs });
      host.exit(1);
    }, config.shutdownTimeoutMs);
    server.stop().then(
      () => {
        clearTimeout(timer);
        log.info('stopped');
        host.exit(0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        log.error('shutdown failed', { error: error instanceof Error ? error.message : String(error) });
        host.exit(1);
      },
    );
  };
  host.onSignal('SIGTERM', () => shutdown('SIGTERM'));
  host.onSignal('SIGINT', () => shutdown('SIGINT'));

  return { config, port: server.port, app, warm, shutdown };
}
