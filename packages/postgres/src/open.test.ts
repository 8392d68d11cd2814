import { describe, expect, it } from 'vitest';
import { openPostgresStores } from './open.ts';
import { createTestDatabase, testPostgresUrl, withDatabase } from './testing/test-database.ts';

describe('openPostgresStores', () => {
  it('migrates an empty database and returns working stores; a second open applies nothing', async () => {
    const database = await createTestDatabase();
    try {
      const first = await openPostgresStores({ url: database.url });
      expect(first.migrations).toEqual({ applied: [1, 2], version: 2 });
      await first.stores.scans.ping();
      expect((await first.stores.rateLimits.hit('key:x', [{ name: 'm', limit: 1, windowSeconds: 60 }])).allowed).toBe(true);
      await first.close();
      const second = await openPostgresStores({ url: database.url });
      expect(second.migrations).toEqual({ applied: [], version: 2 });
      expect((await second.stores.rateLimits.hit('key:x', [{ name: 'm', limit: 1, windowSeconds: 60 }])).allowed).toBe(false);
      await second.close();
    } finally {
      await database.drop();
    }
  });

  it('rejects without the password or the URL when the database cannot be used', async () => {
    const server = new URL(await testPostgresUrl());
    const wrongPassword = new URL(server);
    wrongPassword.password = 'not-the-password-5f2a';
    const failures = await Promise.all(
      [wrongPassword.toString(), withDatabase(server.toString(), 'no_such_database_5f2a'), 'postgres://u:pw-5f2a@127.0.0.1:1/x'].map((url) =>
        openPostgresStores({ url, connectTimeoutMs: 2000 }).then(
          () => null,
          (error: unknown) => error as Error,
        ),
      ),
    );
    // A server that trusts local connections (DATABASE_URL's may) accepts any password: then there is no failure to check.
    const [password, database, refused] = failures;
    if (password !== null) expect(password?.message).toBe('PostgreSQL error: 28P01 (password authentication failed)');
    expect(database?.message).toBe('PostgreSQL error: 3D000 (the database does not exist)');
    expect(refused?.message).toBe('database connection failed: ECONNREFUSED (connection refused)');
    for (const error of failures) expect(`${error?.message} ${error?.stack} ${JSON.stringify(error)}`).not.toMatch(/5f2a|127\.0\.0\.1/);
  });
});
