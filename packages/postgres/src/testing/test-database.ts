/**
 * One database per test suite on the test run's PostgreSQL server (the one at DATABASE_URL, else
 * the embedded one the global setup starts on the first request): created with a random name,
 * dropped afterwards, so suites never see each other's rows and may run in parallel.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, inject } from 'vitest';
import { openPostgresStores, type PostgresStores } from '../open.ts';

/** What the global setup hands the tests (see global-setup.ts): one of the two is set. */
export interface TestPostgresInfo {
  /** DATABASE_URL: a superuser (or CREATEDB) URL of the server; its database is only used to create others. */
  adminUrl: string | null;
  /** Where to ask the global setup for its embedded server (started on the first ask); answers the admin URL. */
  controlUrl: string | null;
}

declare module 'vitest' {
  interface ProvidedContext {
    secscanPostgres: TestPostgresInfo;
  }
}

/** A database of its own for one suite. */
export interface TestDatabase {
  name: string;
  /** The connection URL of this database. */
  url: string;
  /** Drops it, closing any connection still open to it. */
  drop(): Promise<void>;
}

/** How long a suite waits for the embedded server the global setup starts. */
const START_TIMEOUT_MS = 120_000;

let serverUrl: Promise<string> | undefined;

/** The admin URL of the test run's server, once it is up (the first call in a run starts the embedded one). */
export function testPostgresUrl(): Promise<string> {
  serverUrl ??= (async () => {
    const info = inject('secscanPostgres');
    if (!info) throw new Error('no PostgreSQL for tests: vitest.config.ts must list packages/postgres/src/testing/global-setup.ts in globalSetup');
    if (info.adminUrl !== null) return info.adminUrl;
    if (info.controlUrl === null) throw new Error('the global setup gave no way to PostgreSQL');
    const response = await fetch(info.controlUrl, { signal: AbortSignal.timeout(START_TIMEOUT_MS) });
    const text = await response.text();
    if (!response.ok) throw new Error(`the test run's embedded PostgreSQL did not start:\n${text}`);
    return text;
  })();
  return serverUrl;
}

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates an empty database on a server (the test run's by default). */
export async function createTestDatabase(adminUrl?: string): Promise<TestDatabase> {
  const serverUrl = adminUrl ?? (await testPostgresUrl());
  const name = `secscan_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin`CREATE DATABASE ${admin(name)}`;
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(serverUrl, name),
    async drop() {
      const dropper = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        // WITH (FORCE) (PostgreSQL 13+) ends connections a test left open; on 12, end them first.
        await dropper`DROP DATABASE IF EXISTS ${dropper(name)} WITH (FORCE)`.catch(async () => {
          await dropper`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${name}`;
          await dropper`DROP DATABASE IF EXISTS ${dropper(name)}`;
        });
      } finally {
        await dropper.end();
      }
    },
  };
}

/** A suite's own database, created before its tests and dropped after them; `url()` inside tests. */
export function useTestDatabase(): { url(): string } {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  return {
    url() {
      if (!database) throw new Error('the test database is not ready (use it inside tests)');
      return database.url;
    },
  };
}

/** A suite's own database with the stores open on it (migrated), closed and dropped after its tests. */
export function useTestStores(): { get(): PostgresStores; url(): string } {
  const database = useTestDatabase();
  let opened: PostgresStores | undefined;
  beforeAll(async () => {
    opened = await openPostgresStores({ url: database.url(), poolSize: 10 });
  });
  // Registered after the database's: vitest runs afterAll hooks in reverse, so the pool closes before the drop.
  afterAll(async () => {
    await opened?.close();
  });
  return {
    get() {
      if (!opened) throw new Error('the test stores are not ready (use them inside tests)');
      return opened;
    },
    url: database.url,
  };
}
