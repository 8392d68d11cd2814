/**
 * Start-up and shutdown shared by the Node, Bun and Deno servers, so each of them is only the
 * runtime's own serve/signal/exit calls. Order: config (a bad value exits 1 with a clear message)
 * → stores (PostgreSQL when DATABASE_URL is set: connected and migrated, or exit 1) → app → listen
 * → scan workers → warm-up in the background (each worker: grammars, one tiny scan per language)
 * and the periodic sweep;
 * on SIGTERM/SIGINT stop accepting, let in-flight requests finish, exit 0 (1 if they outlast
 * SECSCAN_SHUTDOWN_TIMEOUT_MS, or on a second signal).
 */
import { createMemoryStores, loadModelFiles, ModelError, sweepStores, type Scanner, type StoreConnection, type Stores } from '@secscan/core';
import { createApp, type App } from '../app.ts';
import type { DashboardAssets } from '../deps.ts';
import type { SpawnScanWorker } from '../scan-pool/pool.ts';
import { ConfigError, parseConfig, type ConnectionTimeouts, type ServerConfig } from './config.ts';
import { createJsonLog, createLineBatcher } from './log.ts';
import { createScanService } from './scan-service.ts';

/** A listening server as the runtime gives it to us. */
export interface ListeningServer {
  /** The bound port (useful with PORT=0). */
  port: number;
  /** The connection cap the runtime enforces, or null when it cannot (Bun.serve has no hook for it). */
  maxConnections: number | null;
  /** Stops accepting connections and resolves once in-flight requests have completed. */
  stop(): Promise<void>;
}

/** What `listen` is asked to serve. */
export interface ListenOptions {
  port: number;
  hostname: string;
  fetch: App;
  /** Slow-client bounds to configure on the runtime's server, as far as it can; see the README. */
  timeouts: ServerTimeouts;
  /** Most client connections open at once (SECSCAN_MAX_CONNECTIONS), where the runtime lets us count them. */
  maxConnections: number;
  /** Logs what the runtime's server meets while serving: connections refused at the cap, accept errors. */
  onWarning(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

/** What a server bounds: the configured connection timeouts, and how long a request may legitimately take to answer. */
export interface ServerTimeouts extends ConnectionTimeouts {
  /** The longest an answer may take: reading the body, waiting for a worker, scanning (Bun needs it per request). */
  requestMs: number;
}

/** What `ServerHost.openDatabase` is given: DATABASE_URL itself and the SECSCAN_DB_* settings. */
export interface DatabaseStoreOptions {
  url: string;
  poolSize: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
}

/** Stores on a database, what start-up did to its schema, and how to close the pool. */
export interface DatabaseStores extends StoreConnection {
  migrations: { applied: readonly number[]; version: number };
}

/** The runtime capabilities a server passes in: everything with I/O. */
export interface ServerHost {
  /** e.g. `node 20.20.2`, for the start-up log line. */
  runtime: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Builds the scanner with the models of SECSCAN_MODELS (already checked) added to the built-in ones. */
  createScanner(models: readonly unknown[]): Scanner;
  /** Reads a text file by path (SECSCAN_MODELS files). */
  readTextFile(path: string): Promise<string>;
  readFile(url: URL): Promise<Uint8Array>;
  writeStdout(line: string): void;
  writeStderr(line: string): void;
  onSignal(signal: 'SIGINT' | 'SIGTERM', listener: () => void): void;
  exit(code: number): void;
  listen(options: ListenOptions): Promise<ListeningServer>;
  /** Starts a scan worker on this runtime; without it scans run in-process (as with SECSCAN_SCAN_WORKERS=0). */
  spawnScanWorker?: SpawnScanWorker;
  /** CPU cores: how many scan workers to start unless SECSCAN_SCAN_WORKERS says. */
  cores?: number;
  /** The process's open-file limit (`ulimit -n`), when the platform tells it; checked against SECSCAN_MAX_CONNECTIONS at start. */
  openFileLimit?: () => number | null;
  /**
   * Hand `writeStdout` every log line of one event-loop turn at once, joined by newlines (it adds
   * the last one): one write per turn instead of one per request. The servers do; a host that
   * inspects single lines as they come (tests) does not.
   */
  batchStdout?: boolean;
  /**
   * Opens the stores on PostgreSQL for DATABASE_URL (the servers pass @secscan/postgres's
   * `openPostgresStores`); a host without it refuses DATABASE_URL at start.
   */
  openDatabase?: (options: DatabaseStoreOptions) => Promise<DatabaseStores>;
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

/** Descriptors kept for what is not a client connection: scan workers, the database pool, files, stdio. */
const DESCRIPTOR_HEADROOM = 128;

/**
 * The soft open-file limit from Linux's `/proc/self/limits` text ("Max open files  <soft> <hard> files"),
 * or null when the text does not tell it (another platform, "unlimited").
 */
export function parseOpenFileLimit(limits: string): number | null {
  const line = limits.split('\n').find((l) => l.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  const n = soft === undefined ? Number.NaN : Number(soft);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * Where this package keeps the Scalar API reference's self-contained browser bundle: copied into
 * assets/ at build time, so no Scalar package is installed with the server. Resolved by package
 * name, which works from this module, its build and a server bundle alike.
 */
export function scalarBundleUrl(): URL {
  return new URL(import.meta.resolve('@secscan/http/assets/scalar-api-reference.js'));
}

/** The account settings with the OIDC client secret taken out of its Secret (it is sent to the provider on every sign-in). */
function withOidcSecret(config: ServerConfig): ServerConfig['access']['accounts'] {
  const { accounts } = config.access;
  if (!accounts.oidc || !config.oidcClientSecret) return accounts;
  return { ...accounts, oidc: { ...accounts.oidc, clientSecret: config.oidcClientSecret.consume() } };
}

/** Where the built dashboard lives: beside its manifest in @secscan/dashboard's dist/ (scripts/build.mjs). */
export function dashboardAssetsUrl(): URL {
  return new URL('./', import.meta.resolve('@secscan/dashboard/manifest.json'));
}

/** The dashboard's files through the host's file reading; the manifest is read once (again after a failure). */
function dashboardAssets(readFile: (url: URL) => Promise<Uint8Array>): DashboardAssets {
  let manifest: Promise<{ script: string; style: string; files: string[] }> | null = null;
  const base = (): URL => dashboardAssetsUrl();
  return {
    manifest() {
      manifest ??= (async () =>
        JSON.parse(new TextDecoder().decode(await readFile(new URL('manifest.json', base())))) as { script: string; style: string; files: string[] })().catch((error: unknown) => {
        manifest = null;
        throw error;
      });
      return manifest;
    },
    file: (name) => readFile(new URL(name, base())),
  };
}

/** Starts a server on a runtime; resolves once it listens, or null after a configuration error (exit 1). */
export async function runServer(runtimeHost: ServerHost): Promise<RunningServer | null> {
  // Log lines go out batched, one write per event-loop turn, and whatever is pending before an exit.
  const stdout = runtimeHost.batchStdout ? createLineBatcher(runtimeHost.writeStdout) : null;
  const host: ServerHost = stdout
    ? {
        ...runtimeHost,
        writeStdout: stdout.writeLine,
        exit: (code) => {
          stdout.flush();
          runtimeHost.exit(code);
        },
      }
    : runtimeHost;
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
  // Every connection takes a descriptor: a cap above the limit cannot keep the process from running
  // out of them, and a scan worker that must restart then cannot load its modules (README).
  const fileLimit = host.openFileLimit?.() ?? null;
  if (fileLimit !== null && config.maxConnections > fileLimit - DESCRIPTOR_HEADROOM) {
    log.warn('SECSCAN_MAX_CONNECTIONS is above the open-file limit', {
      maxConnections: config.maxConnections,
      openFileLimit: fileLimit,
      suggested: Math.max(10, fileLimit - DESCRIPTOR_HEADROOM),
    });
  }

  // SECSCAN_MODELS: the operator's models, read and checked once; a bad one stops the start (exit 1).
  let models: readonly unknown[] = [];
  let scanner: Scanner;
  try {
    models = config.modelFiles.length > 0 ? await loadModelFiles(config.modelFiles, (path) => host.readTextFile(path)) : [];
    scanner = host.createScanner(models);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    host.writeStderr(`secscan: SECSCAN_MODELS: ${error.message}`);
    host.exit(1);
    return null;
  }
  if (models.length > 0) log.info('models loaded', { files: config.modelFiles.length, models: models.length });

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

  // DATABASE_URL: every store on PostgreSQL, migrated before the first request; else in memory.
  let connection: StoreConnection | null = null;
  let stores: Stores;
  if (config.database) {
    const { url, ...pool } = config.database;
    try {
      if (!host.openDatabase) throw new Error('this server cannot open PostgreSQL');
      const opened = await host.openDatabase({ url: url.consume(), ...pool });
      connection = opened;
      stores = opened.stores;
      log.info('database ready', { schemaVersion: opened.migrations.version, migrationsApplied: opened.migrations.applied, poolSize: pool.poolSize });
    } catch (error) {
      // The message names the failure, never the URL (the store's errors carry no connection details or data).
      host.writeStderr(`secscan: cannot use the database at DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`);
      host.exit(1);
      return null;
    }
  } else {
    stores = createMemoryStores({ maxScans: config.maxStoredScans, maxRateLimitedClients: config.maxRateLimitedClients });
  }

  // Scans run in a pool of workers, off this request loop (in-process with SECSCAN_SCAN_WORKERS=0).
  const scans = createScanService(config.scanning, { scanner, models, spawnWorker: host.spawnScanWorker, cores: host.cores ?? 1, log });

  const app = createApp({
    scanner: scans.pool,
    stores,
    config: { ...config.app, access: { ...config.access, adminTokenSha256, accounts: withOidcSecret(config) } },
    docs: { scalarJs },
    dashboard: dashboardAssets(host.readFile),
    logger: {
      request: (entry) => log.request(entry),
      error: (entry) => log.error('unhandled error', { ...entry }),
    },
  });

  const requestMs = config.timeouts.bodyMs + 2 * config.scanning.timeoutMs + 5000;
  const server = await host.listen({
    port: config.port,
    hostname: config.host,
    fetch: app,
    timeouts: { ...config.timeouts, requestMs },
    maxConnections: config.maxConnections,
    onWarning: (message, fields) => log.warn(message, fields),
  });
  log.info('listening', {
    host: config.host,
    port: server.port,
    runtime: host.runtime,
    version: config.app.version,
    anonymous: config.access.anonymous,
    admin: adminTokenSha256 !== null,
    scans: scans.shape,
    maxConnections: server.maxConnections,
    startupMs: Math.round(performance.now()),
  });

  // Warm up after listening (each worker loads its grammars and scans one line per language, paying
  // for first-use compilation before a user's request does); scans that arrive meanwhile wait only
  // for the grammar they need.
  const warmStarted = performance.now();
  const warm = scans.pool.warmUp().then(
    () => log.info('warmed up', { ms: Math.round(performance.now() - warmStarted) }),
    (error: unknown) => log.error('warm-up failed', { error: error instanceof Error ? error.message : String(error) }),
  );

  // The periodic sweep (retention, expired sessions, finished rate-limit windows): now, then on a timer.
  let sweeping = false;
  const sweep = async (): Promise<void> => {
    if (sweeping) return;
    sweeping = true;
    try {
      log.info('swept', { ...(await sweepStores(stores, { now: Date.now(), retentionDays: config.retentionDays })) });
    } catch (error) {
      log.warn('sweep failed; the next one tries again', { error: error instanceof Error ? error.message : String(error) });
    } finally {
      sweeping = false;
    }
  };
  void sweep();
  const sweepTimer = setInterval(() => void sweep(), config.sweepIntervalSeconds * 1000);
  // Node and Bun: the timer alone does not keep the process alive (Deno's timers have no unref; the server does anyway).
  (sweepTimer as { unref?: () => void }).unref?.();

  let stopping = false;
  const shutdown = (reason: string): void => {
    if (stopping) {
      log.warn('second stop request: exiting now', { reason });
      host.exit(1);
      return;
    }
    stopping = true;
    clearInterval(sweepTimer);
    log.info('shutting down', { reason, timeoutMs: config.shutdownTimeoutMs });
    const timer = setTimeout(() => {
      log.error('shutdown timed out with requests in flight', { timeoutMs: config.shutdownTimeoutMs });
      host.exit(1);
    }, config.shutdownTimeoutMs);
    server
      .stop()
      // The workers and the database pool close after the last request has finished with them.
      .then(() => scans.pool.close())
      .then(() => connection?.close())
      .then(
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
