/**
 * @secscan/postgres — secscan's storage interfaces on PostgreSQL through postgres.js: scans, API
 * keys, sessions and rate limits shared by every process that uses the same database, with
 * versioned SQL migrations applied at start. Runs on Node, Bun and Deno.
 */
export { openPostgresStores, type PostgresStores } from './open.ts';
export { DatabaseError, openDatabase, toDatabaseError, type Database, type PostgresOptions, type Sql } from './database.ts';
export { loadMigrations, migrate, MIGRATION_LOCK_KEY, parseMigrationFileName, toMigrations, type Migration, type MigrationReport } from './migrate.ts';
export { MIGRATIONS_DIRECTORY, readMigrationSources, type MigrationSource } from './migration-files.ts';
export { createPostgresScanStore } from './scan-store.ts';
export { createPostgresKeyStore, createPostgresSessionStore } from './credential-stores.ts';
export { createPostgresInvitationStore, createPostgresSettingsStore, createPostgresUserStore } from './account-stores.ts';
export { createPostgresRateLimitStore, type PostgresRateLimitStoreOptions } from './rate-limit-store.ts';
