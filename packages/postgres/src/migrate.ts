/**
 * Versioned SQL migrations (DESIGN §6): plain files `NNNN_name.sql`, numbered from 0001 without
 * gaps, applied in order at start — each exactly once, in its own transaction, and recorded in
 * `secscan_migrations` with a checksum. Every step runs under one transaction-scoped advisory lock,
 * so servers starting at the same moment apply each migration once: the others wait, then find it
 * recorded. A recorded migration whose file has changed since stops the start.
 */
import type { Sql } from './database.ts';
import { readMigrationSources, type MigrationSource } from './migration-files.ts';

/** A migration ready to apply. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Lower-case hex SHA-256 of the file's text. */
  checksum: string;
}

/** What `migrate` did. */
export interface MigrationReport {
  /** Versions this call applied, in order (empty when the schema was already current). */
  applied: number[];
  /** The schema version afterwards: the highest recorded migration. */
  version: number;
}

/** Key of the advisory lock every migration step holds (pg_advisory_xact_lock's bigint). */
export const MIGRATION_LOCK_KEY = 5_355_213_205;

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** `0007_add_index.sql` → version 7, name `add_index`; null for anything else. */
export function parseMigrationFileName(file: string): { version: number; name: string } | null {
  if (!file.endsWith('.sql') || file.length < 10 || file[4] !== '_') return null;
  const digits = file.slice(0, 4);
  for (const c of digits) if (c < '0' || c > '9') return null;
  const name = file.slice(5, -4);
  if (name.length === 0) return null;
  return { version: Number(digits), name };
}

/** Checks and orders migration files: names `NNNN_name.sql`, versions 1, 2, 3, … without gaps or repeats. */
export async function toMigrations(sources: readonly MigrationSource[]): Promise<Migration[]> {
  const migrations: Migration[] = [];
  for (const source of sources) {
    const parsed = parseMigrationFileName(source.file);
    if (!parsed) throw new Error(`migration file ${source.file} is not named NNNN_name.sql`);
    migrations.push({ ...parsed, sql: source.sql, checksum: await sha256Hex(source.sql) });
  }
  migrations.sort((a, b) => a.version - b.version);
  migrations.forEach((migration, i) => {
    if (migration.version !== i + 1)
      throw new Error(`migrations must be numbered 0001, 0002, … without gaps or repeats; found ${String(migration.version).padStart(4, '0')} at position ${i + 1}`);
  });
  return migrations;
}

/** This package's migrations. */
export async function loadMigrations(): Promise<Migration[]> {
  return toMigrations(await readMigrationSources());
}

/** Refuses to go on when a recorded migration's file has changed since it was applied. */
function assertUnchanged(migration: Migration, recorded: string): void {
  if (recorded !== migration.checksum) {
    throw new Error(
      `migration ${String(migration.version).padStart(4, '0')}_${migration.name} has changed since it was applied; add a new migration instead of editing an applied one`,
    );
  }
}

/**
 * Applies the migrations not yet recorded. Versions recorded but unknown here (a newer secscan
 * migrated the database) are left alone, so an older process can still start during a rolling
 * upgrade. Waits for the lock without a statement timeout: another server may be migrating.
 */
export async function migrate(sql: Sql, migrations: readonly Migration[]): Promise<MigrationReport> {
  const recorded = await sql.begin(async (tx) => {
    await tx`SET LOCAL statement_timeout = 0`;
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY}::bigint)`;
    await tx`
      CREATE TABLE IF NOT EXISTS secscan_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        checksum text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`;
    return tx<{ version: number; checksum: string }[]>`SELECT version, checksum FROM secscan_migrations`;
  });
  const checksums = new Map(recorded.map((row) => [row.version, row.checksum]));

  const applied: number[] = [];
  for (const migration of migrations) {
    const known = checksums.get(migration.version);
    if (known !== undefined) {
      assertUnchanged(migration, known);
      continue;
    }
    const didApply = await sql.begin(async (tx) => {
      await tx`SET LOCAL statement_timeout = 0`;
      await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY}::bigint)`;
      // Another server may have applied it while we waited for the lock.
      const [row] = await tx<{ checksum: string }[]>`SELECT checksum FROM secscan_migrations WHERE version = ${migration.version}`;
      if (row) {
        assertUnchanged(migration, row.checksum);
        return false;
      }
      // The file's statements, as written: static SQL from this package, never built from input.
      await tx.unsafe(migration.sql);
      await tx`INSERT INTO secscan_migrations (version, name, checksum) VALUES (${migration.version}, ${migration.name}, ${migration.checksum})`;
      return true;
    });
    if (didApply) applied.push(migration.version);
  }
  const [latest] = await sql<{ version: number | null }[]>`SELECT max(version) AS version FROM secscan_migrations`;
  return { applied, version: latest?.version ?? 0 };
}
