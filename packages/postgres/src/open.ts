/**
 * `openPostgresStores`: everything a server needs from PostgreSQL in one call — a pool, the schema
 * migrated to this version, and the four stores on it. Selected by DATABASE_URL (DESIGN §6).
 */
import type { StoreConnection } from '@secscan/core';
import { createPostgresInvitationStore, createPostgresSettingsStore, createPostgresUserStore } from './account-stores.ts';
import { createPostgresKeyStore, createPostgresSessionStore } from './credential-stores.ts';
import { DatabaseError, openDatabase, toDatabaseError, type Database, type PostgresOptions } from './database.ts';
import { loadMigrations, migrate, type MigrationReport } from './migrate.ts';
import { createPostgresRateLimitStore } from './rate-limit-store.ts';
import { createPostgresScanStore } from './scan-store.ts';

/** The stores on an open pool, the migrations start-up applied, and how to close the pool. */
export interface PostgresStores extends StoreConnection {
  /** What start-up did to the schema. */
  migrations: MigrationReport;
  /** The pool, for tools and tests that need to query it themselves. */
  database: Database;
}

/**
 * Opens the pool, applies pending migrations, and builds the stores. Rejects — with a message that
 * never holds the URL or its password — when the database cannot be reached or migrated; the pool
 * is closed again then.
 */
export async function openPostgresStores(options: PostgresOptions): Promise<PostgresStores> {
  const files = await loadMigrations();
  const database = openDatabase(options);
  let migrations: MigrationReport;
  try {
    migrations = await migrate(database.sql, files);
  } catch (error) {
    await database.close(0).catch(() => {});
    // Our own migration errors (an edited migration) are safe to show as they are; the driver's may hold values.
    const fromDriver = typeof error === 'object' && error !== null && 'code' in error;
    throw fromDriver || error instanceof DatabaseError ? toDatabaseError(error) : error;
  }
  const rateLimits = createPostgresRateLimitStore(database);
  return {
    stores: {
      scans: createPostgresScanStore(database),
      keys: createPostgresKeyStore(database),
      sessions: createPostgresSessionStore(database),
      rateLimits,
      users: createPostgresUserStore(database),
      invitations: createPostgresInvitationStore(database),
      settings: createPostgresSettingsStore(database),
      // One table for both: subjects never collide (`signin:` prefixes), and nothing there is evicted.
      signInThrottles: rateLimits,
    },
    migrations,
    database,
    close: () => database.close(),
  };
}
