import { createMemoryKeyStore, createMemoryRateLimitStore, createMemoryScanStore, createMemorySessionStore, createMemoryStores, type Scanner, type Stores } from '@secscan/core';
import { sampleStoredScan } from '@secscan/core/testing';
import { describe, expect, it } from 'vitest';
import type { DatabaseStoreOptions, ListenOptions, ServerHost } from './run.ts';
import { parseOpenFileLimit, runServer, scalarBundleUrl } from './run.ts';

interface FakeHost extends ServerHost {
  stdout: string[];
  stderr: string[];
  exits: number[];
  signals: Map<string, () => void>;
  listened: ListenOptions[];
  stops: number;
}

function fakeHost(env: Record<string, string> = {}, options: { stop?: () => Promise<void>; readFile?: () => Promise<Uint8Array> } = {}): FakeHost {
  const scanner = {
    rules: [],
    scan: async () => ({ findings: [] }),
    warmUp: async () => {},
    rulesFor: () => [],
  } as unknown as Scanner;
  const host: FakeHost = {
    runtime: 'test 1.0',
    env,
    createScanner: () => scanner,
    readTextFile: async () => {
      throw new Error('ENOENT: no such file');
    },
    stdout: [],
    stderr: [],
    exits: [],
    signals: new Map(),
    listened: [],
    stops: 0,
    readFile: options.readFile ?? (async () => new TextEncoder().encode('/* bundle */')),
    writeStdout: (line) => host.stdout.push(line),
    writeStderr: (line) => host.stderr.push(line),
    onSignal: (signal, listener) => host.signals.set(signal, listener),
    exit: (code) => host.exits.push(code),
    listen: async (listenOptions) => {
      host.listened.push(listenOptions);
      return {
        port: listenOptions.port === 0 ? 40123 : listenOptions.port,
        maxConnections: listenOptions.maxConnections,
        stop: () => {
          host.stops++;
          return options.stop ? options.stop() : Promise.resolve();
        },
      };
    },
  };
  return host;
}

const lines = (host: FakeHost): Record<string, unknown>[] => host.stdout.map((line) => JSON.parse(line) as Record<string, unknown>);
const tick = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('runServer', () => {
  it('stops with exit code 1 and a clear message on a bad value', async () => {
    const host = fakeHost({ PORT: 'eighty' });
    expect(await runServer(host)).toBeNull();
    expect(host.exits).toEqual([1]);
    expect(host.stderr.join('\n')).toContain('PORT: expected a whole number from 0 to 65535');
    expect(host.listened).toHaveLength(0);
  });

  it('listens where configured and logs one JSON line saying so', async () => {
    const host = fakeHost({ PORT: '0', HOST: '0.0.0.0', SECSCAN_TYPO: '1' });
    const server = await runServer(host);
    await server?.warm;
    expect(host.listened[0]).toMatchObject({ port: 0, hostname: '0.0.0.0' });
    expect(server?.port).toBe(40123);
    const log = lines(host);
    expect(log[0]).toMatchObject({ level: 'warn', msg: 'SECSCAN_TYPO is not a secscan setting (typo?); it is ignored' });
    expect(log.find((l) => l['msg'] === 'listening')).toMatchObject({ level: 'info', port: 40123, runtime: 'test 1.0' });
    expect(log.find((l) => l['msg'] === 'warmed up')).toBeDefined();
  });

  it('logs each request as one JSON line through the app', async () => {
    const host = fakeHost();
    const server = await runServer(host);
    await server?.app(new Request('http://localhost/api/health?page=abc', { headers: { 'x-request-id': 'rid-1' } }));
    await server?.app(new Request('http://localhost/api/health?token=abc', { headers: { 'x-request-id': 'rid-2' } }));
    const request = lines(host).filter((l) => l['msg'] === 'request');
    expect(request).toHaveLength(2);
    expect(request[0]).toMatchObject({ level: 'info', requestId: 'rid-1', method: 'GET', path: '/api/health', status: 200 });
    expect(request[1]).toMatchObject({ requestId: 'rid-2', status: 400 });
    expect(host.stdout.join('\n')).not.toMatch(/token|page/);
  });

  it('serves the docs bundle it read, and reads again after a failure', async () => {
    let reads = 0;
    const host = fakeHost(
      {},
      {
        readFile: async () => {
          reads++;
          if (reads === 1) throw new Error('EACCES');
          return new TextEncoder().encode('/* ok */');
        },
      },
    );
    const server = await runServer(host);
    await tick();
    expect(lines(host).find((l) => l['msg'] === 'docs bundle unreadable')).toMatchObject({ error: 'EACCES' });
    const response = await server?.app(new Request('http://localhost/api/docs/scalar.js'));
    expect(response?.status).toBe(200);
    expect(await response?.text()).toBe('/* ok */');
  });

  it('stops gracefully on SIGTERM and exits 0', async () => {
    const host = fakeHost();
    await runServer(host);
    host.signals.get('SIGTERM')?.();
    await tick();
    expect(host.stops).toBe(1);
    expect(host.exits).toEqual([0]);
    expect(lines(host).map((l) => l['msg'])).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
  });

  it('exits 1 when in-flight requests outlast the shutdown timeout, or on a second signal', async () => {
    const host = fakeHost({ SECSCAN_SHUTDOWN_TIMEOUT_MS: '20' }, { stop: () => new Promise<void>(() => {}) });
    await runServer(host);
    host.signals.get('SIGINT')?.();
    await tick(60);
    expect(host.exits).toEqual([1]);
    const impatient = fakeHost({}, { stop: () => new Promise<void>(() => {}) });
    await runServer(impatient);
    impatient.signals.get('SIGTERM')?.();
    impatient.signals.get('SIGINT')?.();
    expect(impatient.exits).toEqual([1]);
    expect(impatient.stops).toBe(1);
  });
});

describe('runServer with DATABASE_URL', () => {
  const DATABASE_URL = 'postgres://secscan:hunter2-secret@db.internal:5432/secscan';

  /** Stores as a database would give them (memory ones here), recording what the server did with them. */
  function fakeDatabase(): { open: NonNullable<ServerHost['openDatabase']>; opened: DatabaseStoreOptions[]; closes: number; stores: Stores } {
    const stores: Stores = {
      ...createMemoryStores(),
      scans: createMemoryScanStore(),
      keys: createMemoryKeyStore(),
      sessions: createMemorySessionStore(),
      rateLimits: createMemoryRateLimitStore(),
    };
    const fake = {
      opened: [] as DatabaseStoreOptions[],
      closes: 0,
      stores,
      open: async (options: DatabaseStoreOptions) => {
        fake.opened.push(options);
        return {
          stores,
          migrations: { applied: [1], version: 1 },
          close: async () => {
            fake.closes++;
          },
        };
      },
    };
    return fake;
  }

  it('opens the database with the URL and pool settings, serves from its stores, and closes it after the last request', async () => {
    const database = fakeDatabase();
    const host = Object.assign(fakeHost({ DATABASE_URL, SECSCAN_DB_POOL_SIZE: '3' }), { openDatabase: database.open });
    const server = await runServer(host);
    expect(database.opened).toEqual([{ url: DATABASE_URL, poolSize: 3, connectTimeoutMs: 5000, statementTimeoutMs: 5000 }]);
    expect(lines(host).find((l) => l['msg'] === 'database ready')).toMatchObject({ schemaVersion: 1, migrationsApplied: [1], poolSize: 3 });
    const response = await server?.app(
      new Request('http://localhost/api/scan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"code":"","language":"js"}' }),
    );
    const { scanId } = (await response!.json()) as { scanId: string };
    expect(await database.stores.scans.get(scanId, null)).not.toBeNull();
    host.signals.get('SIGTERM')?.();
    await tick();
    expect([host.stops, database.closes, host.exits]).toEqual([1, 1, [0]]);
    expect(host.stdout.join('\n') + host.stderr.join('\n')).not.toContain('hunter2');
  });

  it('exits 1 without echoing the URL when the database cannot be opened, or the server cannot open one', async () => {
    const failing = Object.assign(fakeHost({ DATABASE_URL }), {
      openDatabase: async () => Promise.reject(new Error('database connection failed: ECONNREFUSED (connection refused)')),
    });
    expect(await runServer(failing)).toBeNull();
    expect(failing.exits).toEqual([1]);
    expect(failing.listened).toHaveLength(0);
    expect(failing.stderr.join('\n')).toContain('cannot use the database at DATABASE_URL: database connection failed: ECONNREFUSED');
    const unable = fakeHost({ DATABASE_URL });
    expect(await runServer(unable)).toBeNull();
    expect(unable.stderr.join('\n')).toContain('this server cannot open PostgreSQL');
    for (const host of [failing, unable]) expect(host.stdout.join('\n') + host.stderr.join('\n')).not.toMatch(/hunter2|db\.internal/);
  });

  it('sweeps at start and then every SECSCAN_SWEEP_INTERVAL_SECONDS: scans past SECSCAN_RETENTION_DAYS go, recent ones stay', async () => {
    const database = fakeDatabase();
    const day = 86_400_000;
    await database.stores.scans.save(sampleStoredScan({ id: '0190a000-0000-7000-8000-000000000001', createdAt: new Date(Date.now() - 8 * day).toISOString() }));
    await database.stores.scans.save(sampleStoredScan({ id: '0190a000-0000-7000-8000-000000000002', createdAt: new Date(Date.now() - 6 * day).toISOString() }));
    const host = Object.assign(fakeHost({ DATABASE_URL, SECSCAN_RETENTION_DAYS: '7', SECSCAN_SWEEP_INTERVAL_SECONDS: '1' }), { openDatabase: database.open });
    await runServer(host);
    await tick(20);
    expect(lines(host).find((l) => l['msg'] === 'swept')).toMatchObject({ scans: 1, sessions: 0, rateLimits: 0 });
    expect(await database.stores.scans.get('0190a000-0000-7000-8000-000000000002', null)).not.toBeNull();
    await tick(1100);
    expect(lines(host).filter((l) => l['msg'] === 'swept')).toHaveLength(2);
    host.signals.get('SIGTERM')?.();
    await tick(1100);
    expect(lines(host).filter((l) => l['msg'] === 'swept')).toHaveLength(2);
  });
});

describe('scalarBundleUrl', () => {
  it('points at the bundle the build copied into this package', () => {
    expect(scalarBundleUrl().href).toMatch(/\/packages\/http\/assets\/scalar-api-reference\.js$/);
  });
});

describe('parseOpenFileLimit', () => {
  it('reads the soft limit of Linux /proc/self/limits, and nothing else', () => {
    const limits =
      'Limit                     Soft Limit           Hard Limit           Units\nMax processes             63459                63459                processes\nMax open files            256                  524288               files\n';
    expect(parseOpenFileLimit(limits)).toBe(256);
    expect(parseOpenFileLimit('Max open files            unlimited            unlimited            files')).toBeNull();
    expect(parseOpenFileLimit('')).toBeNull();
  });
});
