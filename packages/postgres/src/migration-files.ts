/**
 * Reads the migration files that ship with this package (`../migrations/NNNN_name.sql`), relative to
 * this module, with `node:fs` — which Node, Bun and Deno all implement. The Node server bundle does
 * not carry the folder: scripts/build.mjs replaces this module with one that holds the files' text
 * (read at build time from the same folder), so the bundle needs no files beside it.
 */
import { readdir, readFile } from 'node:fs/promises';

/** One migration file as read: its file name and its SQL. */
export interface MigrationSource {
  file: string;
  sql: string;
}

/** The folder of this package's migrations. */
export const MIGRATIONS_DIRECTORY = new URL('../migrations/', import.meta.url);

/** Every `.sql` file of this package's migrations folder, in file-name order. */
export async function readMigrationSources(): Promise<MigrationSource[]> {
  const files = (await readdir(MIGRATIONS_DIRECTORY)).filter((file) => file.endsWith('.sql')).sort();
  return Promise.all(files.map(async (file) => ({ file, sql: await readFile(new URL(file, MIGRATIONS_DIRECTORY), 'utf8') })));
}
