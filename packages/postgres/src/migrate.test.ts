import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { loadMigrations, migrate, parseMigrationFileName, toMigrations } from './migrate.ts';
import { MIGRATIONS_DIRECTORY, readMigrationSources } from './migration-files.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-database.ts';

const opened: Database[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  await Promise.all(databases.map((db) => db.drop()));
});

/** A pool on a new, empty database. */
async function freshDatabase(): Promise<{ url: string; db: Database }> {
  const database = await createTestDatabase();
  databases.push(database);
  const db = openDatabase({ url: database.url, poolSize: 2 });
  opened.push(db);
  return { url: database.url, db };
}

describe('migration files', () => {
  it('reads the numbered SQL files beside the package, in order', async () => {
    expect(MIGRATIONS_DIRECTORY.href).toMatch(/\/packages\/postgres\/migrations\/$/);
    const sources = await readMigrationSources();
    expect(sources[0]?.file).toBe('0001_initial.sql');
    const migrations = await loadMigrations();
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
    expect(migrations[0]).toMatchObject({ version: 1, name: 'initial', checksum: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('parses NNNN_name.sql and nothing else', () => {
    expect(parseMigrationFileName('0012_add_index.sql')).toEqual({ version: 12, name: 'add_index' });
    for (const file of ['12_x.sql', '0001-x.sql', '0001_.sql', '0001_x.txt', 'abcd_x.sql']) expect(parseMigrationFileName(file)).toBeNull();
  });

  it('refuses badly named, repeated or missing versions', async () => {
    await expect(toMigrations([{ file: 'init.sql', sql: '' }])).rejects.toThrow('not named NNNN_name.sql');
    await expect(toMigrations([{ file: '0002_b.sql', sql: '' }])).rejects.toThrow('without gaps');
    await expect(
      toMigrations([
        { file: '0001_a.sql', sql: '' },
        { file: '0001_b.sql', sql: '' },
      ]),
    ).rejects.toThrow('without gaps');
    expect(
      (
        await toMigrations([
          { file: '0002_b.sql', sql: 'b' },
          { file: '0001_a.sql', sql: 'a' },
        ])
      ).map((m) => m.name),
    ).toEqual(['a', 'b']);
  });
});

describe('migrate', () => {
  it('applies every migration once and records it; a second run applies nothing', async () => {
    const { db } = await freshDatabase();
    const migrations = await loadMigrations();
    expect(await migrate(db.sql, migrations)).toEqual({ applied: migrations.map((m) => m.version), version: migrations.length });
    expect(await migrate(db.sql, migrations)).toEqual({ applied: [], version: migrations.length });
    const tables = await db.sql<{ table_name: string }[]>`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`;
    expect(tables.map((t) => t.table_name)).toEqual([
      'secscan_api_keys',
      'secscan_invitations',
      'secscan_migrations',
      'secscan_rate_limits',
      'secscan_scans',
      'secscan_sessions',
      'secscan_settings',
      'secscan_users',
    ]);
    const recorded = await db.sql<{ version: number; name: string; checksum: string }[]>`SELECT version, name, checksum FROM secscan_migrations ORDER BY version`;
    expect(recorded).toEqual(migrations.map(({ version, name, checksum }) => ({ version, name, checksum })));
  });

  it('applies each migration exactly once when several servers start at the same moment', async () => {
    const { url } = await freshDatabase();
    const sources = await readMigrationSources();
    const next = sources.length + 1;
    const migrations = await toMigrations([
      ...sources,
      // A slow last migration, so the starters really overlap while one of them holds the lock.
      { file: `${String(next).padStart(4, '0')}_slow.sql`, sql: 'SELECT pg_sleep(0.3); CREATE TABLE slow_marker (n integer); INSERT INTO slow_marker VALUES (1);' },
    ]);
    const pools = Array.from({ length: 5 }, () => openDatabase({ url, poolSize: 2 }));
    opened.push(...pools);
    const reports = await Promise.all(pools.map((pool) => migrate(pool.sql, migrations)));
    expect(reports.flatMap((r) => r.applied).sort((a, b) => a - b)).toEqual(migrations.map((m) => m.version));
    expect(reports.every((r) => r.version === next)).toBe(true);
    const [marker] = await pools[0]!.sql<{ n: string }[]>`SELECT count(*) AS n FROM slow_marker`;
    expect(Number(marker?.n)).toBe(1);
  });

  it('rolls a failing migration back entirely and records nothing for it', async () => {
    const { db } = await freshDatabase();
    const sources = await readMigrationSources();
    const migrations = await toMigrations([
      ...sources,
      { file: `${String(sources.length + 1).padStart(4, '0')}_broken.sql`, sql: 'CREATE TABLE half_done (n integer); SELECT 1/0;' },
    ]);
    await expect(migrate(db.sql, migrations)).rejects.toThrow();
    const [state] = await db.sql<{ version: number; half: string | null }[]>`SELECT max(version) AS version, to_regclass('half_done')::text AS half FROM secscan_migrations`;
    expect(state).toEqual({ version: sources.length, half: null });
  });

  it('refuses to start when an applied migration has been edited, and leaves newer unknown versions alone', async () => {
    const { db } = await freshDatabase();
    const sources = await readMigrationSources();
    await migrate(db.sql, await toMigrations(sources));
    const edited = sources.map((s, i) => (i === 0 ? { ...s, sql: `${s.sql}\n-- edited` } : s));
    await expect(migrate(db.sql, await toMigrations(edited))).rejects.toThrow('0001_initial has changed since it was applied');
    // A newer secscan recorded version 99: this one still starts (rolling upgrades).
    await db.sql`INSERT INTO secscan_migrations (version, name, checksum) VALUES (99, 'future', 'x')`;
    expect(await migrate(db.sql, await toMigrations(sources))).toEqual({ applied: [], version: 99 });
  });

  it('needs only the privileges to create tables in the database (not a superuser)', async () => {
    const { url, db } = await freshDatabase();
    const role = `secscan_app_${Math.random().toString(36).slice(2, 8)}`;
    const name = new URL(url).pathname.slice(1);
    await db.sql`CREATE ROLE ${db.sql(role)} LOGIN PASSWORD 'app-password'`;
    await db.sql`GRANT CREATE, CONNECT ON DATABASE ${db.sql(name)} TO ${db.sql(role)}`;
    await db.sql`GRANT CREATE, USAGE ON SCHEMA public TO ${db.sql(role)}`;
    const appUrl = new URL(url);
    appUrl.username = role;
    appUrl.password = 'app-password';
    const app = openDatabase({ url: appUrl.toString(), poolSize: 1 });
    try {
      const migrations = await loadMigrations();
      expect((await migrate(app.sql, migrations)).applied).toEqual(migrations.map((m) => m.version));
    } finally {
      await app.close();
      await db.sql`REASSIGN OWNED BY ${db.sql(role)} TO CURRENT_USER`;
      await db.sql`DROP OWNED BY ${db.sql(role)}`;
      await db.sql`DROP ROLE ${db.sql(role)}`;
    }
  });
});

// postgres.js on its own, without our pool rules: what a migration file may rely on.
describe('postgres.js', () => {
  it('runs a migration file of several statements as one unsafe (static) query', async () => {
    const { url } = await freshDatabase();
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe('CREATE TABLE a (n integer); INSERT INTO a VALUES (1), (2);');
      const [row] = await sql<{ n: string }[]>`SELECT count(*) AS n FROM a`;
      expect(row?.n).toBe('2'); // bigint arrives as a string: the stores normalise
    } finally {
      await sql.end();
    }
  });
});
